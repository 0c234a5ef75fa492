/**
 * Payment intents (Doc 2): create (every outcome is a 201 to read by `status`), retrieve, capture,
 * void. Secret key only. The engine returns records; this file shapes them for the wire.
 */
import { mirrorRefusals } from '../../domain/errors-mirror.ts';
import { createRoute, z } from '@hono/zod-openapi';
import { CaptureBody, CreatePaymentIntentBody, PaymentIntent } from '../../../api/payment-intents.ts';
import type { Deps } from '../../context.ts';
import { createIntent, intentForKey, type KeptIntent } from '../../engine/payments/intents/intents.ts';
import { captureIntent, voidIntent } from '../../engine/payments/intents/intent-capture.ts';
import { refundTotals } from '../../engine/refunds/refund-totals.ts';
import type { PaymentIntentRecord } from '../../domain/index.ts';
import { newId } from '../../ids.ts';
import { guard } from '../../middleware/guard.ts';
import { replayKept } from '../../middleware/idempotency.ts';
import { LIMITS } from '../../middleware/rate-limit.ts';
import { ErrorEnvelope } from '../../../api/errors.ts';
import { body, errorResponses, json, newRouter } from '../../router.ts';
import { toPaymentIntent } from './wire.ts';
import { checkoutDetailsOf } from '../../engine/sessions/checkout-details.ts';
import { MirrorOrderStatus } from '../../../api/mirror.ts';
import { intentMirrorStatus } from '../../engine/mirror/mirror-status.ts';

const IdParam = z.object({ id: z.string().min(1).max(100) });
const LIMIT_CODES = ['rate_limit_exceeded', 'rate_limit_exceeded_per_key'];

export function paymentIntentRoutes(deps: Deps) {
  const r = newRouter();
  // A replayed create answers the intent it kept, as it was then, 200: the status code is the only replay signal (Doc 1, Idempotency 2).
  const replay = replayKept<KeptIntent>((c, k) => c.json(toPaymentIntent(k.intent, k.totals, { echo: k.echo }), 200));
  const policy = guard(deps, { key: 'secret', limits: LIMITS.paymentOps, replay });
  // Only the create makes a payment: its reservation failing is `charge_reservation_unavailable` (Doc 1, Idempotency 6).
  const createPolicy = guard(deps, { key: 'secret', limits: LIMITS.paymentOps, charges: true, replay });

  /** Retrieve, capture and void answer the stored buyer, not a request's echo, and the buyer details of the session it paid. */
  const projection = async (p: PaymentIntentRecord) => {
    const buyer = p.buyerRecordId ? await deps.store.read.buyers.get(p.buyerRecordId) : undefined;
    const session = p.sessionId ? await deps.store.read.sessions.get(p.sessionId) : undefined;
    const details = session && session.merchantId === p.merchantId ? checkoutDetailsOf(deps, session) : null;
    return toPaymentIntent(p, await refundTotals(deps.store.read, p, deps.clock.iso()), { buyer: { id: buyer?.externalId ?? null, email: buyer?.email ?? null }, details });
  };

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/payment_intents',
      summary: 'Charge (or authorize) a vaulted card. Every outcome, a decline included, is a 201: read `status`',
      description: 'Charges a `vp_pmt_*` token with the secret key; `capture_method: manual` only authorizes. A decline is not an error: every outcome is 201 (200 on a replay of the same `Idempotency-Key`), so read `status` and keep `decline_code`, `action` and `decline_message` from this answer, which a later read does not repeat. Always send an `Idempotency-Key`: a retry without one can charge twice.',
      'x-error-codes': [
        'validation_error',
        'validation_unknown_field',
        'validation_missing_field',
        'validation_invalid_amount',
        'validation_url_scheme_forbidden',
        'currency_not_supported',
        'capability_not_supported',
        'endpoint_not_implemented',
        'payment_method_required',
        'payment_method_not_found',
        'payment_method_inactive',
        'payment_method_mode_mismatch',
        'payment_method_consent_missing',
        'required_fields_missing',
        'provider_request_rejected',
        'charge_in_progress',
        'binder_unavailable',
        'provider_unavailable',
        'payment_outcome_unknown',
        'idempotency_replay_incompatible',
        'charge_already_in_flight',
        'charge_reservation_unavailable',
        ...mirrorRefusals.filter((c) => c !== 'mirror_dual_specification'),
        ...LIMIT_CODES,
      ],
      middleware: createPolicy,
      request: body(CreatePaymentIntentBody),
      responses: {
        201: json(PaymentIntent, 'Created: approved, held, waiting for a bank challenge, or declined'),
        200: json(PaymentIntent, 'An idempotent replay: nothing was charged again'),
        ...errorResponses(400, 401, 403, 404, 409, 410, 422, 429, 501, 503),
        502: json(ErrorEnvelope, 'provider_unavailable (nothing charged) or payment_outcome_unknown (do not retry; read the intent)'),
      },
    }),
    async (c) => {
      const auth = c.get('auth');
      const idem = c.get('idempotency');
      const key = c.req.header('idempotency-key') ?? null;
      const totals = (p: PaymentIntentRecord) => refundTotals(deps.store.read, p, deps.clock.iso());
      const created = await createIntent(deps, auth, c.req.valid('json'), {
        attemptId: idem?.id ?? newId.attempt(),
        idemKey: idem ? key : null,
        idem,
      });
      return c.json(toPaymentIntent(created.intent, await totals(created.intent), { echo: created.echo }), created.replayed ? 200 : 201);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/payment_intents/{id}/mirror-order',
      summary: 'The store order this payment made (order mirroring): pending, created (order_number, order_status_url: private to the shopper), failed (code, message) or not_mirrored',
      description: "Poll after a payment whose intent described a store order (`order` and `mirrorTo`) to learn whether the connected store made it. `order_status_url` is the shopper's private order page: show it to that shopper only. An intent that mirrors nothing answers `not_mirrored`.",
      'x-error-codes': ['payment_intent_not_found', ...LIMIT_CODES],
      middleware: policy,
      request: { params: IdParam },
      responses: { 200: json(MirrorOrderStatus), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await intentMirrorStatus(deps, await intentForKey(deps.store.read, c.get('auth'), c.req.valid('param').id)), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/payment_intents/{id}',
      summary: 'Read a payment intent: its stored state, refund totals and, while requires_action, next_action with issued_at',
      description: "Reads the stored state of a payment intent. Decline detail (`decline_code`, `action`, `decline_message`) is given only at create; webhooks remain the authoritative signal for outcomes that settle later (a bank check, a capture in flight). Another merchant's or mode's intent is 404.",
      'x-error-codes': ['payment_intent_not_found', ...LIMIT_CODES],
      middleware: policy,
      request: { params: IdParam },
      responses: { 200: json(PaymentIntent), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => c.json(await projection(await intentForKey(deps.store.read, c.get('auth'), c.req.valid('param').id)), 200),
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/payment_intents/{id}/capture',
      summary: 'Capture an authorized payment in full (empty body) or in part (`amount_to_capture`)',
      description: 'Captures an `authorized` intent: an empty body takes the whole authorization, `amount_to_capture` takes part of it where the processor supports `partial_capture`. More than authorized is 422 `capture_amount_exceeds_authorized` (with `authorized_amount`), a wrong state is 409 `invalid_transition`. On 502 `payment_outcome_unknown` do not retry: read the intent, which the reconciler settles.',
      'x-error-codes': ['payment_intent_not_found', 'invalid_transition', 'capture_amount_exceeds_authorized', 'capability_not_supported', 'provider_unavailable', 'payment_outcome_unknown', 'validation_invalid_amount', ...LIMIT_CODES],
      middleware: policy,
      request: { params: IdParam, ...body(CaptureBody, false) },
      responses: { 200: json(PaymentIntent), ...errorResponses(400, 401, 403, 404, 409, 422, 429, 502) },
    }),
    async (c) => {
      const input = (c.req.valid('json') as z.infer<typeof CaptureBody> | undefined) ?? {};
      return c.json(await projection(await captureIntent(deps, c.get('auth'), c.req.valid('param').id, input.amount_to_capture)), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/payment_intents/{id}/void',
      summary: 'Release an authorization before capture; after capture use a refund',
      description: 'Releases the hold of an `authorized` intent; no money moves and the intent becomes `voided`. Only before capture: a captured payment is refunded with `POST /v1/refunds` instead, and any other state is 409 `invalid_transition`.',
      'x-error-codes': ['payment_intent_not_found', 'invalid_transition', 'provider_unavailable', ...LIMIT_CODES],
      middleware: policy,
      request: { params: IdParam },
      responses: { 200: json(PaymentIntent), ...errorResponses(401, 403, 404, 409, 422, 429, 502) },
    }),
    async (c) => c.json(await projection(await voidIntent(deps, c.get('auth'), c.req.valid('param').id)), 200),
  );
  return r;
}
