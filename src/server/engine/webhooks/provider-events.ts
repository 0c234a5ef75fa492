/**
 * What the provider tells the service later (Doc 3: signed webhooks to `/api/webhooks/{gatewayId}`):
 * a charge's outcome after a bank challenge or from a browser form, a settlement, a refund's
 * result, a dispute. Each is applied through the same engine paths as a direct answer, with
 * compare-and-set, so an event that arrives twice, late, or after the answer changes nothing more.
 *
 * Every event speaks for one merchant (issue 32, finding 2): a merchant's own gateway for its owner
 * (whatever the event says), a platform gateway for the merchant its processor names. A record it
 * names of any other merchant is left alone (`ForeignRecordError`). Processor ids are unique in the
 * store, so the record is found by its id alone and its merchant checked: found elsewhere it is
 * another's, never "not recorded yet".
 */
import type { EngineDeps } from '../deps.ts';
import { ForeignRecordError, type ProcessorTransaction, type ProviderEvent } from '../../processors/types.ts';
import type { Repos } from '../../store/types.ts';
import { emit } from '../events.ts';
import { revokeForms } from '../payments/payments.ts';
import type { Merchant, SettlementRecord } from '../../domain/index.ts';
import { settleIntent } from '../payments/charge/settle.ts';
import { settleFormTransaction } from '../payments/forms/setup.ts';
import { recheckAttempt } from '../payments/reconcile/recheck.ts';
import { applyCaptureFailure } from '../payments/intents/capture-failed.ts';

export type ProviderEventDeps = Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor' | 'signer' | 'log' | 'sealer'>;

/** Refund results are applied by the refund engine, which registers here (engine/refunds/refunds.ts). */
export type RefundEventHandler = (deps: ProviderEventDeps, event: Extract<ProviderEvent, { refund: unknown }>) => Promise<boolean>;

/**
 * The event updates a payment the service has not recorded yet (its capture's answer was lost, and
 * the reconciler has not asked yet): not applied now, but tried again later (./inbound-events.ts
 * retries on the service clock), never marked ignored.
 */
export class NotRecordedYet extends Error {
  constructor(type: string, transactionId: string) {
    super(`${type} for ${transactionId} arrived before the payment it updates was recorded; it is tried again later`);
  }
}

/** The record when it is `merchantId`'s (or there is none); another merchant's is refused. */
function ownRecord<R extends { merchantId: string }>(merchantId: string, record: R | undefined, id: string): R | undefined {
  if (record && record.merchantId !== merchantId) throw new ForeignRecordError(id);
  return record;
}

export async function applyProviderEvent(deps: ProviderEventDeps, event: ProviderEvent, onRefund?: RefundEventHandler): Promise<boolean> {
  if ('refund' in event) return onRefund ? onRefund(deps, event) : false;
  const merchant = await deps.store.read.merchants.get(event.transaction.merchantId);
  if (!merchant) return false;
  switch (event.type) {
    case 'transaction.updated':
      return transactionUpdated(deps, merchant, event.transaction);
    case 'capture.settled': {
      const t = event.transaction;
      return deps.store.tx(async (r) => {
        if (!(await settlementUpdated(r, deps, merchant, t))) throw new NotRecordedYet(event.type, t.id);
        return true;
      });
    }
    case 'capture.failed': {
      const t = event.transaction;
      return deps.store.tx(async (r) => {
        const s = ownRecord(merchant.id, await r.settlements.byProcessorRef(t.id), t.id);
        if (!s) throw new NotRecordedYet(event.type, t.id);
        const intent = s.intentId ? await r.payments.get(s.intentId) : undefined;
        // Doc 2: `captured` → `failed` when the provider rejects the settlement; a settled or failed intent stays.
        if (!intent || intent.status !== 'captured') return false;
        await applyCaptureFailure(r, deps, merchant, intent, 'settlement_rejected', 'The processor rejected the settlement of the capture; nothing was charged.');
        return true;
      });
    }
    case 'dispute.created':
    case 'dispute.won':
    case 'dispute.lost':
      return deps.store.tx((r) => disputeChanged(r, deps, merchant, event.type, event.transaction.id));
  }
}

async function transactionUpdated(deps: ProviderEventDeps, merchant: Merchant, t: ProcessorTransaction): Promise<boolean> {
  // Another merchant's payment is never this event's, whatever attempt or session it names too.
  const known = ownRecord(merchant.id, await deps.store.read.payments.byProcessorRef(t.id), t.id);
  const attempt = t.reference ? await deps.store.read.attempts.byReference(merchant.id, t.reference) : undefined;
  // A charge the service gave up on, landing late: read as its second watch reads it, so an intent
  // announced failed, or a session already paid or expired, has it reversed rather than kept
  // (issue 34, finding 2) as soon as the provider tells of it, whichever of the event and the
  // watch comes first.
  if (!known && attempt?.state === 'failed' && attempt.recheckUntil !== null && (attempt.intentId || attempt.sessionId)) {
    return (await recheckAttempt(deps, attempt, t)) === 'recorded';
  }
  if (attempt?.intentId && attempt.kind === 'charge') {
    const revoke = await deps.store.tx(async (r) => {
      const applied = await settleIntent(r, deps, merchant, attempt.intentId!, attempt.id, t);
      await settlementUpdated(r, deps, merchant, t);
      return applied.revoke;
    });
    await revokeForms(deps, merchant, revoke);
    return true;
  }
  const sessionId = attempt?.sessionId ?? t.sessionId;
  if (!known && sessionId && t.status !== 'requires_action') {
    // A browser form paid (or a challenge resolved) without the browser coming back: recorded here.
    const session = ownRecord(merchant.id, await deps.store.read.sessions.get(sessionId), sessionId);
    if (!session) return false;
    await settleFormTransaction(deps, merchant, sessionId, t, attempt?.id, { buyerAway: true });
    return true;
  }
  return deps.store.tx((r) => settlementUpdated(r, deps, merchant, t));
}

/** Settlement news (`capture.settled`, or a delayed settlement coming due): the row and a `captured` intent follow. */
async function settlementUpdated(r: Repos, deps: Pick<EngineDeps, 'clock'>, merchant: Merchant, t: ProcessorTransaction): Promise<boolean> {
  const s = ownRecord(merchant.id, await r.settlements.byProcessorRef(t.id), t.id);
  if (!s) return false;
  const now = deps.clock.iso();
  const settled = t.capture === 'settled';
  const next: SettlementRecord = { ...s, status: settled ? 'settled' : s.status, settlesAt: t.settlesAt ?? null, updatedAt: now };
  await r.settlements.update(next);
  const intent = s.intentId ? await r.payments.get(s.intentId) : undefined;
  if (intent && settled && intent.status === 'captured') await r.payments.update({ ...intent, status: 'succeeded', updatedAt: now });
  return true;
}

/**
 * Doc 2: a dispute is recorded on the settlement (the intent still reads `succeeded`) and reaches
 * the merchant only as `dispute.*` events, when the account's `disputeReporting` is `tracked`.
 */
async function disputeChanged(r: Repos, deps: Pick<EngineDeps, 'clock'>, merchant: Merchant, type: 'dispute.created' | 'dispute.won' | 'dispute.lost', transactionId: string): Promise<boolean> {
  // The event's account must be the payment's: another merchant's event changes nothing here.
  const s = ownRecord(merchant.id, await r.settlements.byProcessorRef(transactionId), transactionId);
  if (merchant.settings.disputeReporting !== 'tracked') return false;
  if (!s) throw new NotRecordedYet(type, transactionId);
  const status = type === 'dispute.created' ? 'open' : type === 'dispute.won' ? 'won' : 'lost';
  if (s.dispute === status) return false;
  await r.settlements.update({ ...s, dispute: status, updatedAt: deps.clock.iso() });
  await emit(r, deps.clock, merchant.id, s.livemode, type, {
    payment_intent_id: s.intentId,
    session_id: s.sessionId,
    vp_tx_id: s.id,
    transaction_id: s.processorRef,
    amount: s.amount,
    currency: s.currency,
    status,
    card: s.card,
  });
  return true;
}
