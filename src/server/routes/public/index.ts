/**
 * Browser-safe endpoints, publishable key only (Doc 1, Public endpoints; Doc 3, Public endpoints
 * the field frames call). The charge route carries card data and accepts only the service's own
 * frames as callers.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import { PublicChargeRequest, PublicChargeResponse, PublicCompleteRequest, PublicSession } from '../../../api/checkout.ts';
import type { Deps } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { auth } from '../../middleware/auth.ts';
import { guard } from '../../middleware/guard.ts';
import { replayKept } from '../../middleware/idempotency.ts';
import { LIMITS, limitSessionCall } from '../../middleware/rate-limit.ts';
import { randomChars } from '../../ids.ts';
import { chargeAtSubmit } from '../../engine/payments/charge/charge-at-submit.ts';
import { embedCompleteAnswer, submitAnswer } from './wire.ts';
import { completeAtSubmit, completeForKey } from '../../engine/payments/forms/complete.ts';
import { createBrowserToken, type VaultResult } from '../../engine/tokens/tokens.ts';
import type { PaymentMethodRecord } from '../../domain/index.ts';
import { PublicToken, PublicTokenBody } from '../../../api/tokens.ts';
import { toCard } from '../tokens/wire.ts';
import { readSession, sessionForKey } from '../../engine/sessions/sessions.ts';
import { toPublicSession } from '../sessions/wire.ts';
import { EmbedTokenResponse, PublicCompleteResponse } from '../../../api/embed.ts';
import { embedToken } from '../../engine/payments/forms/embed-token.ts';
import { body, errorResponses, json, newRouter } from '../../router.ts';
import { MirrorOrderStatus } from '../../../api/mirror.ts';
import { sessionMirrorStatus } from '../../engine/mirror/mirror-status.ts';
import { binderLoadRoutes } from './binder-load.ts';

const IdParam = z.object({ sessionId: z.string().min(1).max(100) });
const chargeRequest = { params: IdParam, ...body(PublicChargeRequest) };
const tokenRequest = body(PublicTokenBody);
const errors = errorResponses(400, 401, 403, 404, 409, 410, 422, 429, 502);

/** The service page the bank sends the buyer back to; it tells `pageOrigin` the challenge is over. */
export const challengeReturnUrl = (publicUrl: string, pageOrigin: string) =>
  `${publicUrl}/frames/challenge-return.html?${new URLSearchParams({ parentOrigin: pageOrigin })}`;

/** The public vault answer (Doc 3): the token's id and card, never more. */
const publicToken = (t: PaymentMethodRecord) => ({ id: t.id, card: toCard(t) });

export function publicRoutes(deps: Deps) {
  const r = newRouter();
  // The session lookup is browser-safe: a merchant page may call it with its publishable key.
  r.use('/v1/public/sessions/:sessionId', cors({ origin: '*', allowHeaders: ['Authorization', 'Content-Type'], allowMethods: ['GET'] }));

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/public/sessions/{sessionId}',
      summary: 'Browser-safe view of a checkout session (no buyer data, no metadata)',
      description: "Takes the publishable key, so a merchant page can show a session's amount, currency, status and which buyer inputs it asks for (`buyerFields`). It never carries buyer details or metadata; read those on your server with `GET /v1/sessions/{sessionId}`.",
      middleware: guard(deps, { key: 'publishable', limits: LIMITS.publicSessionRead }),
      request: { params: IdParam },
      responses: { 200: json(PublicSession), ...errors },
    }),
    async (c) => {
      const a = c.get('auth');
      const s = await readSession(deps, a, c.req.valid('param').sessionId);
      return c.json(toPublicSession(s, a.merchant), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/public/sessions/{sessionId}/charge',
      summary: "Charge the card just entered, or the token a wallet sheet returned, on an elements session (charge at submit); called only from the service's own frames",
      description: 'Called by the card and wallet frames, not by merchant code: any other `Origin` is 403 `origin_forbidden`. Only an `elements` payment session with `chargeAtSubmit` can be charged (else 422 `charge_at_submit_not_enabled`); a decline answers how the buyer may retry. The answer is a UX signal: fulfil on the `charge.succeeded` webhook.',
      middleware: guard(deps, { key: 'publishable', limits: LIMITS.cardEntry, sameOrigin: true, request: chargeRequest, charges: true }),
      request: chargeRequest,
      // 503: the charge's reservation, the key or the limiter could not be reached (Doc 1, Idempotency 6; Errors).
      responses: { 200: json(PublicChargeResponse), ...errors, ...errorResponses(429, 503) },
    }),
    async (c) => {
      const a = c.get('auth');
      const session = await sessionForKey(deps.store.read, a, c.req.valid('param').sessionId);
      const input = c.req.valid('json');
      // The attempt's reference is the service's own: the idempotency reservation, or a fresh id.
      const attemptId = c.get('idempotency')?.id ?? `att_${randomChars(24)}`;
      // A billing address element's postal code is the card's for the address check (AVS) when
      // the card element did not ask for one (hidePostalCode, or the split fields).
      const postalCode = input.card?.postalCode ?? input.billingAddress?.postalCode;
      const source = input.wallet ? { wallet: input.wallet } : { card: { ...input.card!, ...(postalCode ? { postalCode } : {}) } };
      // A bank challenge comes back to the service's return page, which tells the merchant page
      // (src/frames/challenge-return); the page's origin is the one the bank page may be framed by.
      const challenge = input.pageOrigin ? { returnUrl: challengeReturnUrl(deps.config.publicUrl, input.pageOrigin), frameAncestor: input.pageOrigin } : {};
      // The billing address element's address counts for a billing address the session requires.
      const typed = input.billingAddress ? { billingAddress: input.billingAddress } : {};
      const result = await chargeAtSubmit(deps, a.merchant, session, source, input.expected_amount, attemptId, challenge, { typed });
      return c.json(submitAnswer(result), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/public/tokens',
      summary: "Vault the card just entered on an elements session, for the merchant's server to charge; called only from the service's own frames",
      description: 'Called by the card frames, not by merchant code (any other `Origin` is 403 `origin_forbidden`): vaults the card typed in on an `elements` session and answers the `vp_pmt_*` token with brand, last four and expiry. Your server then charges it with `POST /v1/payment_intents` and `session_id`. At most six per session and twenty per address a minute.',
      'x-error-codes': ['validation_error', 'session_not_found', 'session_expired', 'session_already_completed', 'session_wrong_state', 'saved_card_buyer_required', 'origin_forbidden', 'provider_request_rejected', 'provider_unavailable', 'rate_limit_exceeded'],
      // A replayed vault answers the token it kept, 200 (Doc 1, Idempotency 2).
      middleware: guard(deps, { key: 'publishable', limits: LIMITS.cardEntry, sameOrigin: true, request: tokenRequest, replay: replayKept<VaultResult>((c, out) => c.json(publicToken(out.token), 200)) }),
      request: tokenRequest,
      responses: { 201: json(PublicToken, 'Vaulted'), ...errors },
    }),
    async (c) => {
      const a = c.get('auth');
      const input = c.req.valid('json');
      const session = await sessionForKey(deps.store.read, a, input.sessionId);
      const idem = c.get('idempotency');
      const res = await createBrowserToken(deps, a, session, input.card, input.setupForFutureUse, idem);
      return c.json(publicToken(res.token), 201);
    },
  );

  // Embedded checkout (Doc 3, Browser flows 2). Neither carries card data, so unlike charge and
  // tokens a merchant page may call them too (CORS), not only the service's own frames.
  r.use('/v1/public/sessions/:sessionId/embed-token', cors({ origin: '*', allowHeaders: ['Authorization'], allowMethods: ['GET'] }));
  r.use('/v1/public/sessions/:sessionId/complete', cors({ origin: '*', allowHeaders: ['Authorization', 'Content-Type'], allowMethods: ['POST'] }));

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/public/sessions/{sessionId}/embed-token',
      summary:
        'Poll whether an embed session is ready to mount: `{ ready: false, reason, retryAfterMs }` until it is, then `{ ready: true, … }` with what mounts the processor fields (as POST /api/checkout/init)',
      description: 'Polled by the embedded checkout frame (`mountCheckout`), not by merchant code: while `ready` is false wait at least `retryAfterMs` and ask again; once ready the session moves to `processing`. A session that can never mount (elements or setup, paid, expired) answers 409 or 410 at once: stop polling.',
      'x-error-codes': ['session_not_found', 'session_wrong_state', 'session_already_completed', 'session_expired', 'required_fields_missing', 'binder_unavailable', 'rate_limit_exceeded', 'rate_limit_exceeded_per_key'],
      middleware: guard(deps, { key: 'publishable', limits: LIMITS.publicSessionRead }),
      request: { params: IdParam },
      responses: { 200: json(EmbedTokenResponse), ...errors },
    }),
    async (c) => {
      const { sessionId } = c.req.valid('param');
      // Each fresh form counts on Doc 3's checkout buckets, per address and per session (issue 18, finding 2).
      return c.json(await embedToken(deps, c.get('auth'), sessionId, () => limitSessionCall(c, deps, LIMITS.checkout, sessionId, ['ip', 'session'])), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/public/sessions/{sessionId}/complete',
      summary:
        'Resolve the outcome after submit (a UX signal; confirm by webhook). An `elements` session that charged at submit answers how its charge ended (`cancel: true` ends a bank challenge the buyer closed); an `embed` session sends the processor `transactionId` the buyer just made, which is verified and settles the session',
      description: "Tells the browser how its payment ended; the webhook stays the proof of payment. It is idempotent: a session settles once, whichever of this call, the provider's signed event or the reconciler comes first. With `settings.completeEndpoint: false` it answers 503 `feature_unavailable`.",
      'x-error-codes': [
        'validation_error',
        'validation_missing_field',
        'session_not_found',
        'session_already_completed',
        'session_expired',
        'session_wrong_state',
        'charge_at_submit_not_enabled',
        'required_fields_missing',
        'transaction_verification_failed',
        'buyer_required_for_saved_card',
        'feature_unavailable',
        'provider_unavailable',
        'idempotency_replay_incompatible',
        'charge_already_in_flight',
        'rate_limit_exceeded',
      ],
      // No card data here: a payment operation, not the card-testing surface (cardEntry).
      middleware: guard(deps, { key: 'publishable', limits: LIMITS.paymentOps }),
      request: { params: IdParam, ...body(PublicCompleteRequest) },
      responses: { 200: json(z.union([PublicChargeResponse, PublicCompleteResponse])), ...errorResponses(400, 401, 403, 404, 409, 410, 422, 429, 502) },
    }),
    async (c) => {
      const a = c.get('auth');
      const { sessionId } = c.req.valid('param');
      const input = c.req.valid('json');
      const session = await sessionForKey(deps.store.read, a, sessionId);
      if (session.integrationMode === 'embed') {
        if (input.transactionId === undefined) throw new DomainError('validation_missing_field', 'An embed session is completed with the processor transaction the buyer made: send `transactionId`.');
        // A bank check of a charge made now shows inside the checkout frame, on the service's origin.
        const challenge = { returnUrl: challengeReturnUrl(deps.config.publicUrl, new URL(deps.config.publicUrl).origin), cancel: input.cancel === true };
        return c.json(embedCompleteAnswer(await completeForKey(deps, a, sessionId, input.transactionId, challenge)), 200);
      }
      return c.json(submitAnswer(await completeAtSubmit(deps, a.merchant, session, input.cancel === true)), 200);
    },
  );

  // Order mirroring (Document 2, Polling): the store order of a hosted or embedded payment, for the
  // merchant's return page. The order's status page is the shopper's: not cached, never logged.
  r.use('/v1/public/sessions/:sessionId/mirror-order', cors({ origin: '*', allowHeaders: ['Authorization'], allowMethods: ['GET'] }));
  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/public/sessions/{sessionId}/mirror-order',
      summary: 'The store order a session’s payment made: pending, created (order_number, order_status_url: private to the shopper), failed or not_mirrored',
      description: 'With the publishable key, for the page the buyer lands on after paying: whether the connected store has made the order yet, and its number. Poll while `pending`; `order_status_url` is private to this shopper, so show it to them only.',
      'x-error-codes': ['session_not_found', 'auth_key_type_forbidden', 'rate_limit_exceeded'],
      middleware: guard(deps, { key: 'publishable', limits: LIMITS.publicSessionRead }),
      request: { params: IdParam },
      responses: { 200: json(MirrorOrderStatus), ...errors },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await sessionMirrorStatus(deps, await sessionForKey(deps.store.read, c.get('auth'), c.req.valid('param').sessionId)), 200);
    },
  );

  r.route('/', binderLoadRoutes(deps));

  // Doc 3: a secret key is refused on every public route, including ones not built yet.
  r.all('/v1/public/*', auth(deps, 'publishable'), () => {
    throw new DomainError('route_not_found');
  });
  return r;
}
