/**
 * Jobs on the service clock (ARCHITECTURE.md, jobs/). `runDue` is what the timer calls and what
 * `POST /_sandbox/clock` calls after moving time, so tests never wait on real time.
 */
import type { Deps } from '../context.ts';
import { sweepExpired } from '../engine/sessions.ts';

export function runDue(deps: Pick<Deps, 'store' | 'clock' | 'log'>) {
  const expired = sweepExpired(deps);
  if (expired) deps.log.info('expiry sweep', { expired });
  return { expired };
}

/** Real-time heartbeat; the sweep "runs periodically, not at the exact instant" (Doc 1). */
export function startScheduler(deps: Pick<Deps, 'store' | 'clock' | 'log'>, everyMs = 15_000) {
  const timer = setInterval(() => {
    try {
      runDue(deps);
    } catch (err) {
      deps.log.error('scheduled job failed', { error: err instanceof Error ? err.message : String(err) });
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
