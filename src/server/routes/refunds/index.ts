/**
 * Refunds (Doc 2): `POST /v1/refunds` (201 succeeded, 202 requested, 422 refund_declined with the
 * refund recorded `failed`, 200 with `idempotent: true` on a replay) and `GET /v1/refunds`.
 * Secret key only. The engine returns records; this file shapes them for the wire.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { CreateRefundBody, ListRefundsQuery, Refund, RefundList } from '../../../api/refunds.ts';
import type { Deps } from '../../context.ts';
import { createRefund } from '../../engine/refunds/refunds.ts';
import { listRefunds } from '../../engine/refunds/refund-list.ts';
import type { RefundRecord } from '../../domain/index.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../ids.ts';
import { guard } from '../../middleware/guard.ts';
import type { ReplayAnswer } from '../../middleware/idempotency.ts';
import { LIMITS } from '../../middleware/rate-limit.ts';
import { ErrorEnvelope } from '../../../api/errors.ts';
import { body, errorResponses, json, newRouter } from '../../router.ts';
import { refundTotalsWire, toRefund } from './wire.ts';

const LIMIT_CODES = ['rate_limit_exceeded', 'rate_limit_exceeded_per_key'];

/** The HTTP status of a first answer by the refund's status (Doc 2, Responses by outcome). */
const statusOf = (r: RefundRecord) => (r.status === 'succeeded' ? 201 : r.status === 'requested' ? 202 : 200);

export function refundRoutes(deps: Deps) {
  const r = newRouter();

  /**
   * Doc 2: a replay is 200 with `idempotent: true` and the status the refund has reached since
   * (a `requested` refund may have succeeded, failed or been canceled), not a snapshot.
   */
  const replay: ReplayAnswer = async (c, stored) => {
    let id: unknown;
    try {
      id = (JSON.parse(stored.body) as { id?: unknown }).id;
    } catch {
      return undefined;
    }
    const refund = typeof id === 'string' ? await deps.store.read.refunds.get(id) : undefined;
    const auth = c.get('auth');
    if (!refund || refund.merchantId !== auth.merchant.id || refund.livemode !== auth.livemode) return undefined;
    return c.json(toRefund(refund, { idempotent: true }), 200);
  };
  const policy = guard(deps, { key: 'secret', limits: LIMITS.paymentOps, markReplay: true, replay });

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/refunds',
      summary:
        'Refund a succeeded payment in full (omit `amount`) or in part. 201 succeeded, 202 requested (never retry; wait for charge.refunded or refund.failed), 200 idempotent replay',
      description: 'Name exactly one of `payment_intent` or `transaction`. Always send an `Idempotency-Key`: a retry without one is a second refund, while a replay answers 200 with the refund as it is now. A 202 `requested` is final for this call: do not retry, wait for `charge.refunded` or `refund.failed`; on 502 with a `refund` the reconciler settles it.',
      'x-error-codes': [
        'validation_error',
        'validation_unknown_field',
        'validation_invalid_amount',
        'refund_not_found',
        'refund_currency_mismatch',
        'refund_intent_not_refundable',
        'refund_before_settlement',
        'refund_amount_exceeds_remaining',
        'capability_not_supported',
        'refund_target_not_refundable',
        'refund_declined',
        'provider_request_rejected',
        'provider_unavailable',
        'binder_unavailable',
        'idempotency_replay_incompatible',
        'charge_already_in_flight',
        ...LIMIT_CODES,
      ],
      middleware: policy,
      request: body(CreateRefundBody),
      responses: {
        201: json(Refund, 'Succeeded: money moved'),
        202: json(Refund, 'Requested: the provider answers later (charge.refunded or refund.failed)'),
        200: json(Refund, 'A replay of the same Idempotency-Key (`idempotent: true`, the status reached since), or canceled'),
        ...errorResponses(400, 401, 403, 404, 409, 422, 429),
        502: json(ErrorEnvelope, 'provider_unavailable: nothing moved, or (with `refund`) the outcome is unknown; never reissue under a new key'),
      },
    }),
    async (c) => {
      const auth = c.get('auth');
      const idem = c.get('idempotency');
      const key = idem ? (c.req.header('idempotency-key') ?? null) : null;
      const created = await createRefund(deps, auth, c.req.valid('json'), {
        attemptId: idem?.id ?? newId.attempt(),
        idemKey: key,
        // The refund is kept under the key with its outcome; a failed refund's key stays bound to it (Doc 2).
        idem,
      });
      const refund = created.refund;
      if (created.replayed) return c.json(toRefund(refund, { idempotent: true }), 200);
      if (refund.status === 'failed') {
        const disputed = refund.retryAvailable === false;
        throw new DomainError(
          'refund_declined',
          disputed ? 'The provider declined the refund: the payment is disputed. Do not retry or refund another way.' : undefined,
          { refund: refund.id, payment_intent: refund.paymentIntentId, transaction: refund.transactionId, retry_available: refund.retryAvailable ?? null },
        );
      }
      return c.json(toRefund(refund, key === null ? {} : { idempotent: false }), statusOf(refund));
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/refunds',
      summary: 'List the refunds of one payment (by `payment_intent` or `transaction`), newest first, with its refund totals',
      description: 'Every refund of one payment, whichever id it was made by, with `amount_refunded`, `remaining_refundable` and `refundable`. Check `refundable` before offering a refund: it is false until the payment is settled, while a dispute is recorded, or when nothing is left.',
      'x-error-codes': ['validation_error', 'refund_not_found', ...LIMIT_CODES],
      middleware: policy,
      request: { query: ListRefundsQuery },
      responses: { 200: json(RefundList), ...errorResponses(400, 401, 403, 404, 429) },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const page = await listRefunds(deps, c.get('auth'), { paymentIntent: q.payment_intent, transaction: q.transaction, limit: q.limit, startingAfter: q.starting_after });
      return c.json(
        {
          object: 'list' as const,
          data: page.data.map((x) => toRefund(x, { list: true })),
          has_more: page.hasMore,
          next_cursor: page.nextCursor,
          ...refundTotalsWire(page.totals),
        },
        200,
      );
    },
  );
  return r;
}
