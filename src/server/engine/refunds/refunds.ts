/**
 * Refunds (Doc 2, "Refund" and `POST`/`GET /v1/refunds`). The money path keeps the order of
 * ARCHITECTURE.md, data flow 4:
 *
 *   reservation (remaining-balance check + refund row `requested` + attempt, ONE transaction)
 *   -> processor call carrying the attempt's reference
 *   -> outcome applied with compare-and-set on `requested`, with its outbox event, one transaction.
 *
 * `committedAmount` counts `succeeded` and `requested` rows, so concurrent refunds under different
 * keys can never commit more than was captured: each reservation sees the ones before it.
 *
 * Outcomes: `succeeded` (201, `charge.refunded`); `pending` at the processor (202 `requested`,
 * resolved later by a provider event or the reconciler); `failed` (the row is `failed`, 422
 * `refund_declined`, `refund.failed`); refused by the processor or refused-with-nothing-moved
 * (the reservation is deleted: it consumes nothing and its key stays free); unknown (the row stays
 * `requested`, the attempt `pending`, 502 `provider_unavailable`; the reconciler asks the processor
 * by reference and applies what it did, or, when the processor never saw it after the grace
 * period and fenced it, or after the whole watch on a processor that cannot fence, marks the refund
 * `canceled`: no money moved, nothing consumed; refund-outcomes.ts).
 */
import type { CreateRefundBody } from '../../../api/refunds.ts';
import { DomainError } from '../../domain/errors.ts';
import { processorOf } from '../binder.ts';
import { newId } from '../../ids.ts';
import { ProcessorRejectedError, ProcessorUnavailableError, type ProcessorRefund } from '../../processors/types.ts';
import type { Reads } from '../../store/types.ts';
import { forgetAttempt, newAttempt } from '../attempts/attempts.ts';
import { isSettled } from './refund-totals.ts';
import { acceptMetadata } from '../../domain/metadata.ts';
import type { AuthContext, PaymentIntentRecord, RefundRecord, SettlementRecord } from '../../domain/index.ts';

import { keepOutcome, madeBySameRequest } from '../idempotency.ts';
import type { IdempotencyReservation } from '../../domain/operations.ts';
import { applyRefundOutcome, retryAvailableAfterDecline, type RefundDeps } from './refund-outcomes.ts';
import { checkPartial } from '../merchants/capabilities.ts';
import type { EngineDeps } from '../deps.ts';

export type { RefundDeps };
export { applyRefundEvent, giveUpUnresolvedRefund, resolveRefundAttempt } from './refund-outcomes.ts';

/** Doc 2: `GET /v1/refunds` pages of 1 to 100, 25 by default. */
export const REFUND_LIST_LIMIT = { default: 25, max: 100 } as const;

/** The payment a refund acts on: its settlement (`vp_tx_*`) and, when there is one, its intent. */
interface Parent {
  settlement: SettlementRecord | undefined;
  intent: PaymentIntentRecord | undefined;
}

export interface ParentRef {
  paymentIntent?: string;
  transaction?: string;
}

/** Another merchant's, the other mode's or an unknown parent is a 404 `refund_not_found` (Doc 3). */
export async function parentFor(reads: Pick<Reads, 'payments' | 'settlements'>, auth: AuthContext, ref: ParentRef): Promise<Parent> {
  const mine = (o: { merchantId: string; livemode: boolean } | undefined) => o !== undefined && o.merchantId === auth.merchant.id && o.livemode === auth.livemode;
  if (ref.paymentIntent !== undefined) {
    const intent = await reads.payments.get(ref.paymentIntent);
    if (!mine(intent)) throw new DomainError('refund_not_found');
    const settlement = intent!.vpTxId ? await reads.settlements.get(intent!.vpTxId) : undefined;
    return { intent, settlement };
  }
  const settlement = await reads.settlements.get(ref.transaction!);
  if (!mine(settlement)) throw new DomainError('refund_not_found');
  const intent = settlement!.intentId ? await reads.payments.get(settlement!.intentId) : undefined;
  return { intent, settlement };
}

/** Doc 2: a dispute recorded on the settlement; a lost one is a chargeback. */
const disputeStatus = (s: SettlementRecord) => (s.dispute === null ? null : s.dispute === 'lost' ? 'chargeback' : 'disputed');

/**
 * The refusals that need no processor (Doc 2, Refunds constraints), in this order: currency,
 * parent not succeeded, dispute, not yet settled. The balance is checked in the reservation.
 */
function checkRefundable(parent: Parent, currency: string | undefined, now: string): SettlementRecord {
  const { intent, settlement } = parent;
  const parentCurrency = settlement?.currency ?? intent?.currency;
  if (currency !== undefined && parentCurrency !== undefined && currency.toUpperCase() !== parentCurrency) {
    throw new DomainError('refund_currency_mismatch', `The payment is in ${parentCurrency}; drop currency or send ${parentCurrency}.`, { currency: parentCurrency });
  }
  if ((intent && intent.status !== 'succeeded') || !settlement) {
    const status = intent?.status ?? 'unknown';
    throw new DomainError('refund_intent_not_refundable', `A payment intent in status ${status} cannot be refunded; only a succeeded payment can.`, {
      payment_intent: intent?.id ?? null,
      current_status: status,
    });
  }
  const disputed = disputeStatus(settlement);
  if (disputed) {
    throw new DomainError('refund_intent_not_refundable', `The payment is ${disputed === 'chargeback' ? 'charged back' : 'disputed'}: the buyer's money is handled by the dispute. Do not refund it another way.`, {
      payment_intent: settlement.intentId,
      current_status: disputed,
    });
  }
  if (!isSettled(settlement, now)) throw new DomainError('refund_before_settlement');
  return settlement;
}

export interface CreatedRefund {
  refund: RefundRecord;
  /** True when the key already had a refund (a reservation taken over after a crash): a replay. */
  replayed: boolean;
}



/** `POST /v1/refunds`. `attemptId` is the reference the processor receives (the idempotency reservation id when a key was sent). */
export async function createRefund(
  deps: RefundDeps & Pick<EngineDeps, 'providers'>,
  auth: AuthContext,
  body: CreateRefundBody,
  opts: { attemptId: string; idemKey: string | null; idem?: IdempotencyReservation },
): Promise<CreatedRefund> {
  const merchant = auth.merchant;
  const metadata = acceptMetadata(body.metadata);
  const ref = { paymentIntent: body.payment_intent, transaction: body.transaction };
  // A request that takes over the key of one that died finds the refund that key made before the
  // payment is checked again: a dispute since then must not turn the answer into a refusal.
  const made = opts.idemKey === null ? undefined : await deps.store.read.refunds.byIdemKey(merchant.id, auth.livemode, opts.idemKey);
  if (made && madeBySameRequest(made, opts.idem)) return { refund: made, replayed: true };
  const parent = checkRefundable(await parentFor(deps.store.read, auth, ref), body.currency, deps.clock.iso());
  if (body.amount !== undefined && body.amount < parent.amount) checkPartial(deps, merchant, 'partial_refund');
  const processor = processorOf(deps, merchant);

  const reserved = await deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    if (opts.idemKey !== null) {
      const earlier = await r.refunds.byIdemKey(merchant.id, auth.livemode, opts.idemKey);
      if (earlier && madeBySameRequest(earlier, opts.idem)) return { earlier };
      // Made for another body under a key whose stored answer expired: the key is this request's now.
      if (earlier) await r.refunds.update({ ...earlier, idemKey: null });
    }
    // Checked again inside the transaction: the balance and the insert are one step.
    const settlement = checkRefundable(await parentFor(r, auth, ref), body.currency, now);
    const committed = await r.refunds.committedAmount(settlement.id);
    const remaining = Math.max(settlement.amount - committed, 0);
    const amount = body.amount ?? remaining;
    if (amount < 1 || amount > remaining) {
      throw new DomainError(
        'refund_amount_exceeds_remaining',
        remaining === 0 ? 'Nothing remains refundable on this payment.' : `At most ${remaining} can still be refunded.`,
        { remaining_refundable: remaining },
      );
    }
    const refund: RefundRecord = {
      id: newId.refund(auth.livemode),
      merchantId: merchant.id,
      livemode: auth.livemode,
      settlementId: settlement.id,
      paymentIntentId: body.payment_intent ?? null,
      transactionId: body.transaction ?? null,
      amount,
      currency: settlement.currency,
      status: 'requested',
      reason: body.reason ?? null,
      metadata,
      idempotencyKey: opts.idemKey?.trim() ?? null,
      idemKey: opts.idemKey,
      idemFingerprint: opts.idem?.fingerprint ?? null,
      processorRefundId: null,
      failureCode: null,
      createdAt: now,
      updatedAt: now,
    };
    await r.refunds.insert(refund);
    await r.attempts.insert(
      newAttempt(
        {
          id: opts.attemptId,
          merchantId: merchant.id,
          livemode: auth.livemode,
          kind: 'refund',
          refundId: refund.id,
          intentId: settlement.intentId,
          sessionId: settlement.sessionId,
          amount,
          currency: settlement.currency,
        },
        deps.clock.nowMs(),
      ),
    );
    return { refund, settlement };
  });
  if ('earlier' in reserved) return { refund: reserved.earlier!, replayed: true };

  const { refund, settlement } = reserved;
  let pr: ProcessorRefund;
  try {
    pr = await processor.refund(merchant, { transactionId: settlement.processorRef, amount: refund.amount, reference: opts.attemptId });
  } catch (err) {
    if (err instanceof ProcessorRejectedError || (err instanceof ProcessorUnavailableError && err.nothingMoved)) {
      await undoReservation(deps, refund, opts.attemptId);
      if (err instanceof ProcessorUnavailableError) throw new DomainError('provider_unavailable');
      throw await rejection(deps, settlement, err);
    }
    // Reached the processor, outcome unknown (Doc 2: "An ambiguous refund surfaces as a synchronous
    // provider_unavailable on the original call"). The row stays `requested` (it keeps its share of
    // the balance) and the reconciler asks the processor by reference. The key stays bound to it.
    deps.log.warn('refund outcome unknown', { refund: refund.id, error: err instanceof Error ? err.message : String(err) });
    if (opts.idem) await deps.store.tx((r) => keepOutcome(r, opts.idem, refund, { refund: refund.id }));
    throw new DomainError('provider_unavailable', 'The provider did not answer; the refund may or may not have moved money. Do not issue it again: it stays requested, holding its amount, until it is resolved by charge.refunded, or reads canceled on a replay of the same Idempotency-Key once the provider is known never to make it.', {
      refund: refund.id,
    });
  }
  const retryAvailable = pr.status === 'failed' ? await retryAvailableAfterDecline(deps, merchant, processor, settlement) : null;
  const applied = await deps.store.tx(async (r) => {
    const next = await applyRefundOutcome(r, deps, merchant, refund.id, opts.attemptId, pr, retryAvailable);
    await keepOutcome(r, opts.idem, next, { refund: refund.id });
    return next;
  });
  return { refund: applied, replayed: false };
}

/** A refusal the processor gave before moving anything, as this service's error. */
async function rejection(deps: RefundDeps, settlement: SettlementRecord, err: ProcessorRejectedError): Promise<DomainError> {
  switch (err.reason) {
    case 'not_settled':
      return new DomainError('refund_before_settlement');
    case 'amount_exceeds_captured': {
      const remaining = Math.max(settlement.amount - (await deps.store.read.refunds.committedAmount(settlement.id)), 0);
      return new DomainError('refund_amount_exceeds_remaining', err.message, { remaining_refundable: remaining });
    }
    case 'not_captured':
    case 'transaction_not_found':
      return new DomainError('refund_target_not_refundable', err.message);
    default:
      return new DomainError('provider_request_rejected', err.message, { reason: err.reason });
  }
}

/** The processor refused, or said it processed nothing: the reservation leaves no trace. */
async function undoReservation(deps: RefundDeps, refund: RefundRecord, attemptId: string) {
  await deps.store.tx(async (r) => {
    await forgetAttempt(r, attemptId);
    const current = await r.refunds.get(refund.id);
    if (current?.status === 'requested') await r.refunds.delete(refund.id);
  });
}

