/**
 * What the processor tells the service later: events asked for on demand (`POST /v1/events`, behind
 * the service's `/_sandbox/provider_events`) and the changes the clock makes due (`runDue`): card
 * 0074 settling, card 5126's refund failing, card 0259's dispute opening.
 */
import type { EmittableEventType } from '../src/vocab/sandbox.ts';
import { ChargeRefused, type SandboxProcessorCore } from './processor.ts';
import type { RefundRecord, TransactionRecord } from './store/repo.ts';
import { wireRefund } from './wire.ts';

const invalid = (message: string) => new ChargeRefused('invalid_state', message, 409);

/** Makes the change an event reports and queues the event; resolves with its id once delivery was tried. */
export async function emitEvent(
  core: SandboxProcessorCore,
  merchantId: string,
  type: EmittableEventType,
  target: { transactionId?: string; refundId?: string },
): Promise<{ id: string; delivered: boolean }> {
  const id = core.tx(() => (type === 'refund.succeeded' || type === 'refund.failed' ? refundEvent(core, merchantId, type, target) : transactionEvent(core, merchantId, type, target)));
  const delivered = await core.outbox.deliverOne(id);
  return { id, delivered };
}

function refundEvent(core: SandboxProcessorCore, merchantId: string, type: 'refund.succeeded' | 'refund.failed', target: { transactionId?: string; refundId?: string }) {
  let r: RefundRecord | undefined;
  if (target.refundId) {
    r = core.repo.getRefund(target.refundId);
  } else if (target.transactionId) {
    // Its newest pending refund (else its newest refund).
    r = core.transaction(merchantId, target.transactionId) && core.repo.newestRefund(target.transactionId);
  } else {
    throw new ChargeRefused('target_missing', 'Name the refund (refundId) or its transaction (transactionId).');
  }
  if (!r || r.merchantId !== merchantId) throw new ChargeRefused('refund_not_found', 'No such refund.', 404);
  const status = type === 'refund.succeeded' ? 'succeeded' : 'failed';
  if (r.status === 'pending') {
    r.status = status;
    r.failureCode = status === 'failed' ? 'refund_declined' : null;
    r.failsAt = null;
    core.repo.updateRefund(r);
  } else if (r.status !== status) {
    throw invalid(`This refund already ${r.status === 'succeeded' ? 'succeeded' : 'failed'}.`);
  }
  return core.outbox.enqueue({ type, refund: wireRefund(r) });
}

function transactionEvent(
  core: SandboxProcessorCore,
  merchantId: string,
  type: Exclude<EmittableEventType, 'refund.succeeded' | 'refund.failed'>,
  target: { transactionId?: string },
) {
  if (!target.transactionId) throw new ChargeRefused('target_missing', 'Name the transaction (transactionId).');
  const t = core.transaction(merchantId, target.transactionId);
  if (!t) throw new ChargeRefused('transaction_not_found', 'No such transaction.', 404);
  if (t.captureState === 'none' || t.captureState === 'voided') throw invalid('Nothing was captured on this transaction.');
  if (t.captureState === 'failed' && type !== 'capture.failed') throw invalid('The settlement of this capture was rejected.');
  if (type === 'capture.settled') {
    if (t.captureState === 'pending') t.captureState = 'settled';
  } else if (type === 'capture.failed') {
    // The settlement is rejected (issue 35): only one still settling can be; nothing moved.
    if (t.captureState !== 'pending' && t.captureState !== 'failed') throw invalid('Only a capture still settling can be rejected.');
    t.captureState = 'failed';
    t.capturedAmount = 0;
  } else {
    const now = core.now().toISOString();
    t.disputeStatus = type === 'dispute.created' ? 'open' : type === 'dispute.won' ? 'won' : 'lost';
    t.disputeOpenedAt ??= now;
  }
  core.repo.updateTransaction(t);
  return core.outbox.enqueue({ type, transaction: core.wire(t) });
}

/** Makes what the clock made due happen, then delivers the outbox; resolves with changes made plus events delivered. */
export async function runDue(core: SandboxProcessorCore): Promise<number> {
  const changed = core.tx(() => {
    const now = core.now().toISOString();
    let n = 0;
    for (const t of core.repo.settlementsDue(now)) {
      t.settleEventDue = false;
      save(core, t, 'transaction.updated');
      n++;
    }
    for (const t of core.repo.disputesDue(now)) {
      t.disputeStatus = 'open';
      t.disputeOpenedAt = t.disputeDueAt;
      save(core, t, 'dispute.created');
      n++;
    }
    for (const r of core.repo.refundFailuresDue(now)) {
      r.status = 'failed';
      r.failureCode = 'refund_declined';
      r.failsAt = null;
      core.repo.updateRefund(r);
      core.outbox.enqueue({ type: 'refund.failed', refund: wireRefund(r) });
      n++;
    }
    return n;
  });
  return changed + (await core.outbox.deliverPending());
}

function save(core: SandboxProcessorCore, t: TransactionRecord, type: 'transaction.updated' | 'dispute.created') {
  core.repo.updateTransaction(t);
  core.outbox.enqueue({ type, transaction: core.wire(t) });
}
