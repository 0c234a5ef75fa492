/**
 * A frame's unexpected errors (uncaught exceptions, unhandled rejections): each is reported to the
 * service's client-error endpoint (Doc 3, Browser flows 4) and handed to `onError`, which tells the
 * merchant (the `error` event). Only a code and where it happened leave the frame: never the
 * error's message or stack, which could quote what the buyer typed.
 */
import type { ClientErrorRequest } from '../api/checkout.ts';

export interface ErrorSource {
  addEventListener(type: 'error' | 'unhandledrejection', listener: (event: Event) => void): void;
}

/** At most this many reports per frame: a failure in a loop must not flood the service. */
const MAX_REPORTS = 5;

export function watchErrors(
  target: ErrorSource,
  where: 'controller' | 'field' | 'address' | 'wallet',
  report: (body: ClientErrorRequest) => unknown,
  onError: (code: 'frame_error') => void,
  sessionId?: string,
): void {
  let sent = 0;
  const handle = (kind: 'error' | 'unhandledrejection', reason: unknown) => {
    if (sent >= MAX_REPORTS) return;
    sent++;
    const name = reason instanceof Error ? reason.name.slice(0, 40) : typeof reason;
    report({ ...(sessionId ? { sessionId } : {}), message: `${where}: frame_error`, context: { code: 'frame_error', where, kind, name } });
    onError('frame_error');
  };
  target.addEventListener('error', (e) => handle('error', (e as ErrorEvent).error));
  target.addEventListener('unhandledrejection', (e) => handle('unhandledrejection', (e as PromiseRejectionEvent).reason));
}
