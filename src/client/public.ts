/**
 * One function per public (publishable-key) endpoint the browser calls. `chargeSession` lives in
 * ./charge.ts: only the controller frame sends it, and it imports it from there so it does not
 * download `getPublicSession` and the session shape, which the hosted page, the checkout frame and
 * the address and wallet frames read.
 */
import { call } from './http.ts';
// The hand-rolled twin of ./schemas/checkout.ts `PublicSession` (parsers.ts): the address and
// wallet frames read the session and carry no zod.
import { PublicSessionParser } from './parsers.ts';

export { chargeSession } from './charge.ts';

export const getPublicSession = (sessionId: string, publishableKey: string, base = '') =>
  call(`/v1/public/sessions/${encodeURIComponent(sessionId)}`, PublicSessionParser, { base, publishableKey });
