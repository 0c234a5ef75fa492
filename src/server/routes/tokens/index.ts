/**
 * Tokens and saved cards (Doc 2): vault a provider reference, set or clear a saved card's billing
 * address, revoke, and list a buyer's saved cards. Secret key only; the browser's own vaulting
 * (`POST /v1/public/tokens`) is in routes/public.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { CreateTokenBody, PatchTokenBody, PatchedToken, PaymentMethodList, PaymentMethodListQuery, Token } from '../../../api/tokens.ts';
import type { Deps } from '../../context.ts';
import { createToken, listSavedCards, patchTokenAddress, revokeToken, type VaultResult } from '../../engine/tokens/tokens.ts';
import type { PaymentMethodRecord } from '../../domain/index.ts';
import { HttpError } from '../../middleware/http-error.ts';
import { limitBody } from '../../middleware/body-limit.ts';
import { guard } from '../../middleware/guard.ts';
import { replayKept } from '../../middleware/idempotency.ts';
import { LIMITS } from '../../middleware/rate-limit.ts';
import { body, errorResponses, json, newRouter } from '../../router.ts';
import { toCard, toToken } from './wire.ts';

const IdParam = z.object({ id: z.string().min(1).max(100) });
const LIMIT_CODES = ['rate_limit_exceeded', 'rate_limit_exceeded_per_key'];
/** Doc 2: a PATCH body is at most 1 KiB (413 `validation_error`). */
const PATCH_MAX = 1024;

const patched = (t: PaymentMethodRecord) => ({ id: t.id, status: t.status, card: toCard(t), has_billing_address: t.billingAddressSealed !== null });

export function tokenRoutes(deps: Deps) {
  const r = newRouter();
  // A replayed vault answers the token it kept, marked `idempotent: true`, 200 (Doc 2, Token).
  const policy = guard(deps, { key: 'secret', limits: LIMITS.paymentOps, markReplay: true, replay: replayKept<VaultResult>((c, out) => c.json({ ...toToken(out, true), idempotent: true }, 200)) });

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/tokens',
      summary: 'Vault a card from a provider-vault reference (sandbox: `tok_sandbox_<brand>_<last4>`)',
      description: 'Vaults a card your processor already holds: only `provider_reference` is required, and no card number is ever sent or stored. Without `setup_for_future_use` the token is single-use; saving it for later needs a buyer (422 `saved_card_buyer_required`). Send an `Idempotency-Key` so a retry returns the same token.',
      'x-error-codes': ['validation_error', 'validation_unknown_field', 'validation_missing_field', 'sandbox_account_required', 'saved_card_buyer_required', 'binder_unavailable', 'provider_request_rejected', 'provider_unavailable', 'idempotency_replay_incompatible', 'charge_already_in_flight', ...LIMIT_CODES],
      middleware: policy,
      request: body(CreateTokenBody),
      responses: { 201: json(Token, 'Vaulted'), 200: json(Token, 'An idempotent replay (`idempotent: true`)'), ...errorResponses(400, 401, 403, 409, 422, 429, 502) },
    }),
    async (c) => {
      const idem = c.get('idempotency');
      const res = await createToken(deps, c.get('auth'), c.req.valid('json'), idem);
      return c.json(toToken(res, idem !== undefined), 201);
    },
  );

  r.openapi(
    createRoute({
      method: 'patch',
      path: '/v1/tokens/{id}',
      summary: "Set (or with null clear) a saved card's billing address; the address is stored encrypted and never returned",
      description: "Sets the card's billing address (at most 1 KiB), or clears it with null. The address is stored encrypted and only `has_billing_address` is ever returned. A token of the other mode is 400 `payment_method_mode_mismatch`; another merchant's is 404.",
      'x-error-codes': ['validation_error', 'validation_unknown_field', 'validation_missing_field', 'unsupported_media_type', 'payment_method_not_found', 'payment_method_inactive', 'payment_method_mode_mismatch', ...LIMIT_CODES],
      middleware: [
        limitBody(PATCH_MAX, () => {
          throw new HttpError('validation_error', `The body is larger than ${PATCH_MAX} bytes.`, {}, {}, 413);
        }),
        ...policy,
      ],
      request: { params: IdParam, ...body(PatchTokenBody) },
      responses: { 200: json(PatchedToken), ...errorResponses(400, 401, 403, 404, 422, 429) },
    }),
    async (c) => {
      const t = await patchTokenAddress(deps, c.get('auth'), c.req.valid('param').id, c.req.valid('json').billing_address);
      return c.json(patched(t), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/tokens/{id}',
      summary: 'Revoke a saved card for good: later charges fail with payment_method_inactive and it leaves the saved-card list',
      description: 'Revokes a saved card for good; it cannot be undone. Later charges of it fail with `payment_method_inactive`, and it leaves `GET /v1/payment_methods`.',
      'x-error-codes': ['payment_method_not_found', 'payment_method_mode_mismatch', ...LIMIT_CODES],
      middleware: policy,
      request: { params: IdParam },
      responses: { 200: json(PatchedToken, 'Revoked'), ...errorResponses(400, 401, 403, 404, 429) },
    }),
    async (c) => c.json(patched(await revokeToken(deps, c.get('auth'), c.req.valid('param').id)), 200),
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/payment_methods',
      summary: "A buyer's saved cards, newest first (revoked and single-use cards are not listed)",
      description: 'Lists the cards saved for one `buyer_id`, newest first, as `{ data, next_cursor, has_more }`; page with the cursor. A `limit` above 100 is capped and a `limit_capped` warning says so.',
      'x-error-codes': ['validation_error', 'validation_missing_field', ...LIMIT_CODES],
      middleware: policy,
      request: { query: PaymentMethodListQuery },
      responses: { 200: json(PaymentMethodList), ...errorResponses(400, 401, 403, 429) },
    }),
    async (c) => {
      const page = await listSavedCards(deps, c.get('auth'), c.req.valid('query'));
      return c.json(
        {
          data: page.data.map((t) => ({
            id: t.id,
            status: 'active' as const,
            card: toCard(t),
            wallet_type: t.walletType,
            setup_for_future_use: t.setupForFutureUse,
            allow_redisplay: t.allowRedisplay,
          })),
          next_cursor: page.hasMore ? page.data[page.data.length - 1]!.id : null,
          has_more: page.hasMore,
          ...(page.warnings.length ? { warnings: page.warnings } : {}),
        },
        200,
      );
    },
  );
  return r;
}
