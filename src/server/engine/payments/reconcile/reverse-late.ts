/**
 * Money that lands after the service announced its payment final (issue 34, finding 2): an intent
 * told `failed`, or a session another charge paid or that expired. A provider that cannot refuse a
 * late call (`Processor.fencesLateCalls` false: Stripe, Braintree) may still make it; recording it
 * would flip a final state and, after the merchant's retry, keep the buyer's money twice. It is
 * reversed at the provider instead: voided while only authorized (or when a refund is refused
 * before settlement), refunded once captured. The reversal carries a reference derived from the
 * attempt, so a second look, another instance or a retry after a crash reverses it once, and it is
 * recorded as an attempt of its own (kind `void` or `refund`, state `done`) beside the one it
 * undoes, with a warning in the log. Doc 2 has no event for it, so none is sent.
 */
import type { EngineDeps } from '../../deps.ts';
import type { AttemptRecord } from '../../../store/types.ts';
import { ProcessorRejectedError, type Processor, type ProcessorTransaction } from '../../../processors/types.ts';
import type { Merchant } from '../../../domain/index.ts';
import { newAttempt } from '../../attempts/attempts.ts';
import { isCaptured } from '../charge/settle.ts';

type ReverseDeps = Pick<EngineDeps, 'store' | 'clock' | 'log'>;

/** The reference a late charge's reversal carries at the provider: one reversal per attempt. */
export const reversalReference = (a: Pick<AttemptRecord, 'reference'>) => `${a.reference}_reversal`;

/**
 * Reverses the late charge `t` that attempt `a` made. True when it is reversed (now or before);
 * false when the provider would not yet (a refund it declined, a payment it cannot void yet): the
 * watch asks again at its next look, with the same reference.
 */
export async function reverseLateCharge(deps: ReverseDeps, merchant: Merchant, processor: Processor, a: AttemptRecord, t: ProcessorTransaction): Promise<boolean> {
  const reference = reversalReference(a);
  if (await deps.store.read.attempts.byReference(merchant.id, reference)) return true;
  const done = t.capture === 'voided' ? 'void' : await reverse(processor, merchant, t, reference);
  if (!done) {
    deps.log.warn('a late charge could not be reversed yet; the watch tries again', { attempt: a.id, transaction: t.id });
    return false;
  }
  const amount = done === 'refund' ? (t.capturedAmount ?? t.amount) : t.amount;
  await deps.store.tx(async (r) => {
    if (await r.attempts.byReference(merchant.id, reference)) return;
    const made = newAttempt(
      { merchantId: a.merchantId, livemode: a.livemode, kind: done, reference, intentId: a.intentId, sessionId: a.sessionId, amount, currency: t.currency },
      deps.clock.nowMs(),
    );
    await r.attempts.insert({ ...made, state: 'done' });
  });
  deps.log.warn('a charge that landed after its payment was announced final was reversed at the provider', {
    attempt: a.id,
    intent: a.intentId,
    session: a.sessionId,
    transaction: t.id,
    reversal: done,
    amount,
    currency: t.currency,
  });
  return true;
}

/** The provider call: a refund of captured money (a void when the provider refuses to refund it yet), a void of an authorization. */
async function reverse(processor: Processor, merchant: Merchant, t: ProcessorTransaction, reference: string): Promise<'void' | 'refund' | null> {
  if (isCaptured(t)) {
    try {
      const pr = await processor.refund(merchant, { transactionId: t.id, amount: t.capturedAmount ?? t.amount, reference });
      return pr.status === 'failed' ? null : 'refund';
    } catch (err) {
      // Not settled yet: a captured payment not yet settled is released by a void where the provider allows it.
      if (!(err instanceof ProcessorRejectedError)) throw err;
    }
  }
  try {
    const v = await processor.void(merchant, { transactionId: t.id, reference });
    return v.capture === 'voided' ? 'void' : null;
  } catch (err) {
    if (err instanceof ProcessorRejectedError) return null;
    throw err;
  }
}
