/**
 * One function per internal checkout endpoint (Doc 1, "Internal checkout endpoints").
 * `reportClientError` lives in ./client-error.ts (the embedded checkout imports it from there);
 * the card frames send their reports with ./send-client-error.ts, which needs no API client.
 */
import { call } from './http.ts';
import { CompleteResponse, InitResponse } from './schemas/checkout.ts';

export { reportClientError } from './client-error.ts';

export const initCheckout = (sessionId: string, base = '') =>
  call('/api/checkout/init', InitResponse, { base, body: { sessionId } });

export const completeCheckout = (sessionId: string, transactionId: string, base = '') =>
  call('/api/checkout/complete', CompleteResponse, { base, body: { sessionId, transactionId } });
