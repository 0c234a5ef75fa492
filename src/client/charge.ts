/** Charge-at-submit, apart from the other public calls: only the controller frame sends it. */
import type { PublicChargeRequest } from '../api/checkout.ts';
import { call } from './http.ts';
import { PublicChargeResponseParser } from './parsers.ts';

/** The body holds card data: called only from the controller frame, on the service origin. */
export const chargeSession = (sessionId: string, publishableKey: string, body: PublicChargeRequest, base = '') =>
  call(`/v1/public/sessions/${encodeURIComponent(sessionId)}/charge`, PublicChargeResponseParser, { base, publishableKey, body });
