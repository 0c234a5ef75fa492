/** `POST /api/checkout/client-error`, apart from the other checkout calls: the hosted page and the embedded checkout send it. */
import type { ClientErrorRequest } from '../api/checkout.ts';
import { call } from './http.ts';
import { ClientErrorResponseParser } from './parsers.ts';
import { CLIENT_ERROR_PATH } from './send-client-error.ts';

/** Reports a browser-side failure and resolves with the answer. Callers pass codes and context, never card data. */
export const reportClientError = (body: ClientErrorRequest, base = '') => call(CLIENT_ERROR_PATH, ClientErrorResponseParser, { base, body });
