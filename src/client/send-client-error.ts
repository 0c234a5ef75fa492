/**
 * `POST /api/checkout/client-error`, fire and forget: what the field and controller frames send
 * (Doc 3, Browser flows 4). Nobody reads the answer of a report, so these frames need neither the
 * API client's envelope handling nor its parsers (./client-error.ts has the call that answers;
 * issue 9: ~0.7 KB gzipped of every card frame). Imports nothing, so a frame carries only this.
 */
import type { ClientErrorRequest } from '../api/checkout.ts';

export const CLIENT_ERROR_PATH = '/api/checkout/client-error';

/**
 * Sends one report. Callers pass codes and context, never card data. `keepalive` lets a report
 * sent as the frame goes away still leave. Never throws or rejects: a report that cannot be sent
 * is dropped.
 */
export function sendClientError(body: ClientErrorRequest, base = ''): void {
  fetch(base + CLIENT_ERROR_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'omit',
    keepalive: true,
  }).catch(() => {});
}
