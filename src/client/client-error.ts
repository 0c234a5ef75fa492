/** `POST /api/checkout/client-error`, apart from the other checkout calls: the frames send it too. */
import type { ClientErrorRequest } from '../api/checkout.ts';
import { call } from './http.ts';
import { ClientErrorResponseParser } from './parsers.ts';

const PATH = '/api/checkout/client-error';

/** Reports a browser-side failure and resolves with the answer. Callers pass codes and context, never card data. */
export const reportClientError = (body: ClientErrorRequest, base = '') => call(PATH, ClientErrorResponseParser, { base, body });

/**
 * The same report, fire and forget: what the field and controller frames send. Nobody reads the
 * answer of a report, so the frames need neither the API client's envelope handling nor its
 * parsers (issue 9: ~0.7 KB gzipped of every card frame). `keepalive` lets a report sent as the
 * frame goes away still leave. Never rejects: a report that cannot be sent is dropped.
 */
export function sendClientError(body: ClientErrorRequest, base = ''): void {
  fetch(base + PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'omit',
    keepalive: true,
  }).catch(() => {});
}
