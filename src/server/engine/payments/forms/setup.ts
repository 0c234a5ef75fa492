/**
 * Setup sessions on the hosted page and the embedded checkout (Doc 1, `mode: setup`; issue 35): the
 * buyer's card is checked and saved for later, and nothing is charged. The processor's form is made
 * for a zero-amount check that is never captured (the sandbox: an authorization of 0), and the card
 * of that approved check is vaulted for the session's buyer: a reusable `vp_pmt_*`, listed by
 * `GET /v1/payment_methods?buyer_id=` and chargeable with `POST /v1/payment_intents`. The session ends
 * `succeeded` with `paymentStatus` `unpaid`, no payment intent and `vp_tx_count` 0; no charge or
 * payment-intent webhook is sent (nothing was paid). Every path that settles a form's transaction
 * (the page's `complete`, the provider's event, the reconciler) comes here for a setup session,
 * never to settle.ts, so a check is never recorded as a payment.
 *
 * Braintree's fields give a nonce instead: it is vaulted for the buyer (Braintree verifies the card
 * and charges nothing), never sold (settleSetupNonce). A provider whose form cannot give a card
 * without charging it (`Processor.savesWithoutCharge` unset: Stripe here, whose adapter and
 * stand-in have no SetupIntent) gets no setup form: 409 `session_wrong_state`, nothing made.
 */
import { DomainError } from '../../../domain/errors.ts';
import { processorOf } from '../../binder.ts';
import { ProcessorRejectedError, ProcessorUnavailableError, type Processor, type ProcessorTransaction, type VaultedCard } from '../../../processors/types.ts';
import type { Repos } from '../../../store/types.ts';
import type { Merchant, SessionRecord } from '../../../domain/index.ts';
import { closeAttempt, closeForms } from '../../attempts/attempts.ts';
import { moveTo, saveSession } from '../../sessions/session-status.ts';
import { saveForBuyer } from '../charge/settle-cards.ts';
import { settlePayment } from '../charge/settle.ts';
import { declineError, revokeForms, type PaymentDeps } from '../payments.ts';

/** What a setup form's transaction came to: the card saved (session `succeeded`), or the check declined (session re-opened). */
export interface SetupOutcome {
  session: SessionRecord;
  transactionId: string;
  error: ReturnType<typeof declineError> | null;
  /** The session had ended before this check could save its card (another tab's card, the expiry): nothing saved. */
  refused?: 'session_already_completed' | 'session_expired';
}

/**
 * Before a setup session's form is made (init, embed-token): the provider can check a card without
 * charging it, and there is a buyer to save it for (Doc 2 `saved_card_buyer_required`: saving a card
 * for later use with no buyer, where nothing is charged). Nothing is written.
 */
export function refuseSetupForm(processor: Processor, s: SessionRecord) {
  if (s.mode !== 'setup') return;
  if (!processor.savesWithoutCharge) {
    throw new DomainError('session_wrong_state', 'This merchant’s payment provider cannot save a card without charging it from the hosted page or the embedded checkout: save it with elements and POST /v1/public/tokens, or with POST /v1/tokens.');
  }
  if (s.buyerId === null) throw new DomainError('saved_card_buyer_required', 'A setup session saves the card for a buyer: create it with buyerId (or buyer.externalId).');
}

/** The processor's vault answered nothing or refused: Doc 1's provider errors, never a 500 (a vault moves no money). */
function vaultError(err: unknown): never {
  if (err instanceof ProcessorRejectedError) throw new DomainError('provider_request_rejected', err.message, { reason: err.reason });
  if (err instanceof ProcessorUnavailableError) throw new DomainError('provider_unavailable');
  throw err;
}

type Recorded = { session: SessionRecord; revoke: string[]; refused?: SetupOutcome['refused'] };

/**
 * The session's side of a card check answered `ref` (in the caller's transaction): the card saved
 * for the buyer and the session `succeeded` (`vaulted`), or the check declined (`declineCode`:
 * counted against the session's cards, MAX_DECLINES, and the session re-opened for another card).
 * The same check again answers the session as it is; a session that ended first saves nothing.
 */
async function record(r: Repos, merchant: Merchant, s: SessionRecord, ref: string, result: { vaulted: VaultedCard } | { declineCode: string | null }, now: string, onSaved?: (s: SessionRecord) => SessionRecord): Promise<Recorded> {
  if (s.status === 'succeeded' && s.transactionId === ref) return { session: s, revoke: [] };
  if (s.status === 'succeeded') return { session: s, revoke: [], refused: 'session_already_completed' };
  if (s.status === 'expired') return { session: s, revoke: [], refused: 'session_expired' };
  if ('declineCode' in result) {
    const lastPaymentError = { code: 'card_declined' as const, decline_code: result.declineCode };
    return { session: await saveSession(r, s, moveTo(s, 'pending', { declines: (s.declines ?? 0) + 1, lastPaymentError }, now)), revoke: [] };
  }
  // Saved for later use (a setup session saves for nothing else), on the session's declaration.
  await saveForBuyer(r, merchant, { ...s, setupForFutureUse: s.setupForFutureUse ?? 'on_session' }, result.vaulted, null, now);
  const saved = moveTo(s, 'succeeded', { transactionId: ref, lastPaymentError: null }, now);
  return { session: await saveSession(r, s, onSaved ? onSaved(saved) : saved), revoke: await closeForms(r, s.id, now) };
}

/** What a setup settle answers once its forms are revoked. */
async function answered(deps: PaymentDeps, merchant: Merchant, ref: string, o: Recorded, declineCode: string | null | undefined): Promise<SetupOutcome> {
  await revokeForms(deps, merchant, o.revoke);
  const saved = o.session.status === 'succeeded' && o.session.transactionId === ref;
  return { session: o.session, transactionId: ref, error: saved || declineCode === undefined ? null : declineError(declineCode ?? 'card_declined'), ...(o.refused ? { refused: o.refused } : {}) };
}

/**
 * Settles a setup form's answered check `t` once (the page's `complete`, the provider's event, the
 * reconciler): an approval vaults its card for the buyer (`onSaved` adds what the page sent, the
 * buyer details); a decline re-opens the session. A check of an attempt already closed is a replay.
 */
export async function settleSetup(
  deps: PaymentDeps,
  merchant: Merchant,
  sessionId: string,
  t: ProcessorTransaction,
  attemptId?: string,
  onSaved?: (s: SessionRecord) => SessionRecord,
): Promise<SetupOutcome> {
  const found = (await deps.store.read.sessions.get(sessionId))!;
  const approved = t.status === 'approved';
  const fresh = found.status !== 'succeeded' && found.status !== 'expired';
  const vaulted = approved && fresh ? await processorOf(deps, merchant).vault(merchant, { transactionId: t.id, livemode: found.livemode }, { buyerId: found.buyerId }).catch(vaultError) : undefined;
  const o = await deps.store.tx(async (r): Promise<Recorded> => {
    const now = deps.clock.iso();
    const attempt = attemptId ? await r.attempts.get(attemptId) : t.reference ? await r.attempts.byReference(merchant.id, t.reference) : undefined;
    const closed = attempt ? await closeAttempt(r, attempt.id, 'done', now) : false;
    const s = (await r.sessions.get(sessionId))!;
    const spent = attempt ? [attempt.reference] : [];
    // A decline is counted once, as the form's attempt closes (a replay changes nothing); a card check is a card tried (issue 18, finding 2).
    if (!approved && attempt && !closed && s.status !== 'succeeded') return { session: s, revoke: spent };
    if (approved && !vaulted && s.status !== 'succeeded' && s.status !== 'expired') throw new DomainError('service_unavailable', 'The session changed while the card was saved; try again.');
    const done = await record(r, merchant, s, t.id, vaulted ? { vaulted } : { declineCode: t.declineCode }, now, onSaved);
    return { ...done, revoke: [...spent, ...done.revoke] };
  });
  return answered(deps, merchant, t.id, o, approved ? undefined : t.declineCode);
}

/**
 * A setup session of a provider whose fields give a payment method (a Braintree nonce): the service
 * vaults it for the buyer, which the provider does after checking the card, charging nothing; a
 * card the provider refuses to save is a declined check. The same nonce again (a lost answer) is
 * answered from the session: a nonce is vaulted once.
 */
export async function settleSetupNonce(deps: PaymentDeps, merchant: Merchant, sessionId: string, nonce: string, onSaved?: (s: SessionRecord) => SessionRecord): Promise<SetupOutcome> {
  const found = (await deps.store.read.sessions.get(sessionId))!;
  const fresh = found.status !== 'succeeded' && found.status !== 'expired';
  const result = fresh
    ? await processorOf(deps, merchant)
        .vault(merchant, { providerReference: nonce, livemode: found.livemode }, { buyerId: found.buyerId })
        .then((vaulted) => ({ vaulted }))
        .catch((err: unknown) => (err instanceof ProcessorRejectedError ? { declineCode: null } : vaultError(err)))
    : { declineCode: null };
  const o = await deps.store.tx(async (r) => record(r, merchant, (await r.sessions.get(sessionId))!, nonce, result, deps.clock.iso(), onSaved));
  return answered(deps, merchant, nonce, o, 'vaulted' in result ? undefined : null);
}

/**
 * What the provider's event, the reconciler and a revoked form's look-up call for a session's form
 * transaction: a setup session's check saves the card (settleSetup), any other is a payment (settle.ts).
 */
export async function settleFormTransaction(deps: PaymentDeps, merchant: Merchant, sessionId: string, t: ProcessorTransaction, attemptId?: string, opts: { buyerAway?: boolean } = {}) {
  const s = await deps.store.read.sessions.get(sessionId);
  if (s?.mode === 'setup') return void (await settleSetup(deps, merchant, sessionId, t, attemptId));
  await settlePayment(deps, merchant, sessionId, t, attemptId, undefined, undefined, opts);
}
