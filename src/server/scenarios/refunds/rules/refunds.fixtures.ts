/** Shared set-up of refunds.test.ts and refunds-outcomes.test.ts. */
import { ProcessorUnavailableError, applyRefundEvent, body, world, type Json } from '../fixtures.ts';
import { ProcessorRejectedError, type ProcessorRefund } from '../../../processors/types.ts';
import { LOCK_MS } from '../../../middleware/idempotency.ts';
import { newId } from '../../../ids.ts';
import { newAttempt } from '../../../engine/attempts/attempts.ts';
import { reconcile } from '../../../engine/payments/reconcile/reconcile.ts';
import { createRefund, resolveRefundAttempt } from '../../../engine/refunds/refunds.ts';

export type { Json, ProcessorRefund };
export { LOCK_MS, ProcessorRejectedError, ProcessorUnavailableError, applyRefundEvent, body, createRefund, newAttempt, newId, reconcile, resolveRefundAttempt, world };

export type W = Awaited<ReturnType<typeof world>>;

export const settlementOf = async (w: W, pi: Json) => (await w.t.deps.store.read.settlements.get(pi.vp_tx_id))!;
export const refundAttempts = async (w: W) => (await w.t.attemptStates('refund')).map((state) => ({ state }));
export const record = async (w: W, id: string) => (await w.t.deps.store.read.refunds.get(id))!;
/** The processor's own row of the (only) refund it holds, as the service's ProcessorRefund. */
export const processorRow = (w: W): ProcessorRefund => {
  const row = w.t.sandbox.db.prepare('SELECT id, reference, transaction_id, amount, currency FROM refunds ORDER BY rowid DESC LIMIT 1').get() as Json;
  return { id: row.id, reference: row.reference, transactionId: row.transaction_id, amount: row.amount, currency: row.currency, status: 'succeeded', failureCode: null };
};
/** Counts the calls to the processor's refund, passing them through. */
export function countRefundCalls(w: W) {
  const real = w.t.processor.refund.bind(w.t.processor);
  const calls = { n: 0 };
  w.t.processor.refund = async (m, req) => {
    calls.n++;
    return real(m, req);
  };
  return calls;
}
/** The processor declines the refund itself (nothing moved), with its own failure code. */
export function processorDeclines(w: W, failureCode: string | null) {
  w.t.processor.refund = async (_m, req) => ({ id: `sbx_re_${req.reference}`, reference: req.reference, transactionId: req.transactionId, amount: req.amount, currency: 'USD', status: 'failed', failureCode });
}
export const authOf = (w: W) => ({ merchant: w.m.merchant, keyType: 'secret' as const, livemode: false, keyId: 'test' });
