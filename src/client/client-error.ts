/** `POST /api/checkout/client-error`, apart from the other checkout calls: the controller frame sends it too. */
import type { ClientErrorRequest } from '../api/checkout.ts';
import { call } from './http.ts';
import { ClientErrorResponseParser } from './parsers.ts';

/** Reports a browser-side failure. Callers pass codes and context, never card data. */
export const reportClientError = (body: ClientErrorRequest, base = '') =>
  call('/api/checkout/client-error', ClientErrorResponseParser, { base, body });
