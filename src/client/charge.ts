/** Charge-at-submit, complete and card vaulting, apart from the other public calls: only the controller frame sends them. */
import type { PublicChargeRequest, PublicCompleteRequest } from '../api/checkout.ts';
import type { PublicTokenBody } from '../api/tokens.ts';
import { call } from './http.ts';
// Hand-rolled twins of ./schemas/charge.ts (parsers.ts): the controller frame carries no zod.
import { PublicChargeResponseParser, PublicTokenParser } from './parsers.ts';

/** The body holds card data: called only from the controller frame, on the service origin. */
export const chargeSession = (sessionId: string, publishableKey: string, body: PublicChargeRequest, base = '') =>
  call(`/v1/public/sessions/${encodeURIComponent(sessionId)}/charge`, PublicChargeResponseParser, { base, publishableKey, body });

/** After a bank challenge: how the charge ended (`cancel`: the buyer closed the challenge). */
export const completeSession = (sessionId: string, publishableKey: string, body: PublicCompleteRequest, base = '') =>
  call(`/v1/public/sessions/${encodeURIComponent(sessionId)}/complete`, PublicChargeResponseParser, { base, publishableKey, body });

/** Vaults the card (createToken); the body holds card data: controller frame only. */
export const vaultCard = (publishableKey: string, body: PublicTokenBody, base = '') =>
  call('/v1/public/tokens', PublicTokenParser, { base, publishableKey, body });
