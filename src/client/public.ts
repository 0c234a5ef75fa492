/**
 * One function per public (publishable-key) endpoint the browser calls. `chargeSession` lives in
 * ./charge.ts: only the controller frame sends it, and it imports it from there so it does not
 * download `getPublicSession` and the session shape, which only the hosted page reads.
 */
import { call } from './http.ts';
import { PublicSession } from './schemas/checkout.ts';

export { chargeSession } from './charge.ts';

export const getPublicSession = (sessionId: string, publishableKey: string, base = '') =>
  call(`/v1/public/sessions/${encodeURIComponent(sessionId)}`, PublicSession, { base, publishableKey });
