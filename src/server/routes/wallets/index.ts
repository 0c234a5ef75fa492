/**
 * Wallet session setup (Doc 1, public endpoints: "wallet merchant validation / session setup for
 * bring-your-own-button"; docs/merchant.md, Wallets). Publishable key; called from the service's own wallet
 * frame only, like the other public routes that start a payment (Doc 3): the frame, not the page,
 * names the page's domain, so a leaked publishable key cannot open a sheet for another site. Doc 1's
 * rate-limit table names no bucket for them; they share `paymentOps` (100 per IP) with the other
 * publishable-key payment routes.
 */
import { createRoute } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../../api/errors.ts';
import { AppleMerchantSession, AppleSessionBody, GooglePaymentDataRequest, GoogleSessionBody } from '../../../api/wallets.ts';
import type { Deps } from '../../context.ts';
import { appleSession, googleSession } from '../../engine/wallets/wallet-sessions.ts';
import { guard } from '../../middleware/guard.ts';
import { LIMITS } from '../../middleware/rate-limit.ts';
import { body, errorResponses, json, newRouter } from '../../router.ts';

const SESSION_CODES = ['session_not_found', 'session_expired', 'session_already_completed', 'session_wrong_state', 'charge_in_progress', 'charge_at_submit_not_enabled'];
const COMMON_CODES = ['validation_error', 'validation_missing_field', 'validation_unknown_field', 'origin_forbidden', 'binder_unavailable', 'rate_limit_exceeded'];
const policy = (deps: Deps) => guard(deps, { key: 'publishable', limits: LIMITS.paymentOps, sameOrigin: true });

export function walletRoutes(deps: Deps) {
  const r = newRouter();

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/public/wallets/apple-session',
      summary: "Apple Pay merchant validation for a session: answers Apple's merchant session for a verified Apple Pay domain; called only from the service's own frames",
      description: "Called by the wallet frame, not by merchant code, during the Apple Pay sheet's merchant validation. The `domain` must be registered for `apple_pay` in the same mode and verified (404 `wallet_domain_not_found`, 409 `wallet_domain_not_verified`), and the session must be one that charges at submit. The merchant session answered is usable for 5 minutes.",
      'x-error-codes': [...COMMON_CODES, ...SESSION_CODES, 'wallet_domain_invalid', 'wallet_domain_not_found', 'wallet_domain_not_verified', 'provider_unavailable'],
      middleware: policy(deps),
      request: body(AppleSessionBody),
      responses: { 200: json(AppleMerchantSession, "Apple's merchant session"), ...errorResponses(400, 401, 403, 404, 409, 410, 422, 429), 502: json(ErrorEnvelope, 'provider_unavailable: the provider could not be reached; retry') },
    }),
    async (c) => c.json(await appleSession(deps, c.get('auth'), c.req.valid('json')), 200),
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/public/wallets/google-session',
      summary: "Google Pay setup for a session: the PaymentDataRequest (networks, the provider's gateway, merchant name, total); called only from the service's own frames",
      description: "Called by the wallet frame, not by merchant code: answers the Google Pay PaymentDataRequest for the session (card networks, the provider's gateway, merchant name and the session's total). The session must be an `elements` payment session with `chargeAtSubmit`; the token the sheet returns is charged with `POST /v1/public/sessions/{sessionId}/charge`.",
      'x-error-codes': [...COMMON_CODES, ...SESSION_CODES],
      middleware: policy(deps),
      request: body(GoogleSessionBody),
      responses: { 200: json(GooglePaymentDataRequest, "Google Pay's PaymentDataRequest"), ...errorResponses(400, 401, 403, 404, 409, 410, 422, 429) },
    }),
    async (c) => c.json(await googleSession(deps, c.get('auth'), c.req.valid('json').sessionId), 200),
  );
  return r;
}
