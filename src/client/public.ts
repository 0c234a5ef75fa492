/** One function per public (publishable-key) endpoint the browser calls. */
import type { PublicChargeRequest } from '../api/checkout.ts';
import { call } from './http.ts';
import { PublicChargeResponse, PublicSession } from './schemas.ts';

export const getPublicSession = (sessionId: string, publishableKey: string, base = '') =>
  call(`/v1/public/sessions/${encodeURIComponent(sessionId)}`, PublicSession, { base, publishableKey });

/** Charge-at-submit. Called only from the controller frame; the body holds card data. */
export const chargeSession = (sessionId: string, publishableKey: string, body: PublicChargeRequest, base = '') =>
  call(`/v1/public/sessions/${encodeURIComponent(sessionId)}/charge`, PublicChargeResponse, { base, publishableKey, body });
