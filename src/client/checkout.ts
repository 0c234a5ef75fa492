/** One function per internal checkout endpoint (Doc 1, "Internal checkout endpoints"). */
import type { ClientErrorRequest } from '../api/checkout.ts';
import { call } from './http.ts';
import { ClientErrorResponse, CompleteResponse, InitResponse } from './schemas.ts';

export const initCheckout = (sessionId: string, base = '') =>
  call('/api/checkout/init', InitResponse, { base, body: { sessionId } });

export const completeCheckout = (sessionId: string, transactionId: string, base = '') =>
  call('/api/checkout/complete', CompleteResponse, { base, body: { sessionId, transactionId } });

/** Reports a browser-side failure. Callers pass codes and context, never card data. */
export const reportClientError = (body: ClientErrorRequest, base = '') =>
  call('/api/checkout/client-error', ClientErrorResponse, { base, body });
