/**
 * Doc 3, Several instances: a sandbox processor that runs alone keeps the service clock's offset
 * that the instances push to it, at start and after every move, so its time rules (a payment
 * form's expiry, a dispute's deadline) follow the clock a test moved. Beside the service it reads
 * the clock itself and nothing is sent. A processor that cannot be reached is told at the next
 * move; the failure is logged, not thrown: the clock itself moved.
 */
import type { Deps } from '../context.ts';
import { redactUrl } from '../../platform/redact-url.ts';

export async function pushClock(deps: Pick<Deps, 'config' | 'clock' | 'log' | 'processorFor'>): Promise<void> {
  const control = deps.processorFor('sandbox')?.standInControl;
  if (!deps.config.externalProcessor || !control) return;
  await control.pushClock(deps.clock.offsetMs).catch((err: unknown) =>
    deps.log.warn('the sandbox processor was not told the service clock', { processor: redactUrl(deps.config.processorUrl), error: err instanceof Error ? err.message : String(err) }),
  );
}
