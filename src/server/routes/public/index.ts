/**
 * Browser-safe endpoints, publishable key only (Doc 1, Public endpoints; Doc 3, Public endpoints
 * the field frames call). The charge route carries card data and accepts only the service's own
 * frames as callers.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import { PublicChargeRequest, PublicChargeResponse, PublicCompleteRequest, PublicSession } from '../../../api/checkout.ts';
import type { Deps } from '../../context.ts';
import { ApiError } from '../../errors.ts';
import { auth } from '../../middleware/auth.ts';
import { guard } from '../../middleware/guard.ts';
import { LIMITS } from '../../middleware/rate-limit.ts';
import { randomChars } from '../../ids.ts';
import { chargeAtSubmit } from '../../engine/payments.ts';
import { completeAtSubmit } from '../../engine/charge-complete.ts';
import { createBrowserToken } from '../../engine/tokens.ts';
import type { PaymentMethodRecord } from '../../engine/types.ts';
import { PublicToken, PublicTokenBody } from '../../../api/tokens.ts';
import { toCard } from '../tokens/index.ts';
import { readSession, sessionForKey } from '../../engine/sessions.ts';
import { toPublicSession } from '../sessions/wire.ts';
import { body, errorResponses, json, newRouter } from '../../router.ts';

const IdParam = z.object({ sessionId: z.string().min(1).max(100) });
const errors = errorResponses(400, 401, 403, 404, 409, 410, 422);

/** The service page the bank sends the buyer back to; it tells `pageOrigin` the challenge is over. */
export const challengeReturnUrl = (publicUrl: string, pageOrigin: string) =>
  `${publicUrl}/frames/challenge-return.html?${new URLSearchParams({ parentOrigin: pageOrigin })}`;

export function publicRoutes(deps: Deps) {
  const r = newRouter();
  // The session lookup is browser-safe: a merchant page may call it with its publishable key.
  r.use('/v1/public/sessions/:sessionId', cors({ origin: '*', allowHeaders: ['Authorization', 'Content-Type'], allowMethods: ['GET'] }));

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/public/sessions/{sessionId}',
      summary: 'Browser-safe view of a checkout session (no buyer data, no metadata)',
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
      summary: "Charge the card just entered on an elements session (charge at submit); called only from the service's own frames",
      middleware: guard(deps, { key: 'publishable', limits: LIMITS.cardEntry, sameOrigin: true }),
      request: { params: IdParam, ...body(PublicChargeRequest) },
      responses: { 200: json(PublicChargeResponse), ...errors },
    }),
    async (c) => {
      const a = c.get('auth');
      const session = await sessionForKey(deps.store.read, a, c.req.valid('param').sessionId);
      const input = c.req.valid('json');
      // The attempt's reference is the service's own: the idempotency reservation, or a fresh id.
      const attemptId = c.get('idempotency')?.id ?? `att_${randomChars(24)}`;
      // A bank challenge comes back to the service's return page, which tells the merchant page
      // (src/frames/challenge-return); the page's origin is the one the bank page may be framed by.
      const challenge = input.pageOrigin ? { returnUrl: challengeReturnUrl(deps.config.publicUrl, input.pageOrigin), frameAncestor: input.pageOrigin } : {};
      const result = await chargeAtSubmit(deps, a.merchant, session, input.card, input.expected_amount, attemptId, challenge);
      return c.json(result, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/public/sessions/{sessionId}/complete',
      summary: "Resolve the outcome of a charge at submit after the buyer's bank challenge (a UX signal; confirm by webhook); `cancel` ends a challenge the buyer closed",
      'x-error-codes': ['validation_error', 'session_not_found', 'session_expired', 'session_wrong_state', 'charge_at_submit_not_enabled', 'feature_unavailable', 'origin_forbidden', 'provider_unavailable', 'rate_limit_exceeded'],
      // No card data here: a payment operation, not the card-testing surface (cardEntry).
      middleware: guard(deps, { key: 'publishable', limits: LIMITS.paymentOps, sameOrigin: true }),
      request: { params: IdParam, ...body(PublicCompleteRequest) },
      responses: { 200: json(PublicChargeResponse), ...errors },
    }),
    async (c) => {
      const a = c.get('auth');
      const session = await sessionForKey(deps.store.read, a, c.req.valid('param').sessionId);
      return c.json(await completeAtSubmit(deps, a.merchant, session, c.req.valid('json').cancel === true), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/public/tokens',
      summary: "Vault the card just entered on an elements session, for the merchant's server to charge; called only from the service's own frames",
      'x-error-codes': ['validation_error', 'session_not_found', 'session_expired', 'session_already_completed', 'session_wrong_state', 'saved_card_buyer_required', 'origin_forbidden', 'provider_unavailable', 'rate_limit_exceeded'],
      middleware: guard(deps, { key: 'publishable', limits: LIMITS.cardEntry, sameOrigin: true }),
      request: body(PublicTokenBody),
      responses: { 201: json(PublicToken, 'Vaulted'), ...errors },
    }),
    async (c) => {
      const a = c.get('auth');
      const input = c.req.valid('json');
      const session = await sessionForKey(deps.store.read, a, input.sessionId);
      const idem = c.get('idempotency');
      const wire = (t: PaymentMethodRecord) => ({ id: t.id, card: toCard(t) });
      const res = await createBrowserToken(deps, a, session, input.card, input.setupForFutureUse, idem && ((tx, out) => idem.complete(tx, 201, wire(out.token))));
      return c.json(wire(res.token), 201);
    },
  );

  // Doc 3: a secret key is refused on every public route, including ones not built yet.
  r.all('/v1/public/*', auth(deps, 'publishable'), () => {
    throw new ApiError('route_not_found');
  });
  return r;
}
