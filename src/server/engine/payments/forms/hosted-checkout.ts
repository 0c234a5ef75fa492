/**
 * The hosted page's and the embedded checkout's browser forms (Doc 1, internal checkout endpoints):
 * `init` hands out the processor's form for a session, `complete` verifies the transaction the
 * browser made with it and settles the session through settlePayment (payments.ts), once.
 */
import type { EngineDeps } from '../../deps.ts';
import { DomainError } from '../../../domain/errors.ts';
import { processorOf } from '../../binder.ts';
import { ProcessorUnavailableError, type Processor, type ProcessorTransaction } from '../../../processors/types.ts';
import { moveTo, refuseDeclinedOut, saveSession } from '../../sessions/session-status.ts';
import { expireIfDue } from '../../sessions/sessions.ts';
import { FORM_HANDBACK_MS, newAttempt } from '../../attempts/attempts.ts';
import type { Merchant, PaymentIntentRecord, SessionRecord } from '../../../domain/index.ts';
import type { BuyerDetails } from '../../../../buyer/buyer-fields.ts';
import { requireBuyerDetails, withBuyerDetails, withSavedBuyerDetails } from './buyer-details.ts';
import { isApproved, type PaymentDeps } from '../payments.ts';
import { closeRevokedForms, revokeOlderForms } from './close-forms.ts';
import { completeWithNonce } from './nonce-complete.ts';
import { settlePayment } from '../charge/settle.ts';

/** The provider is reached over the network now: a call that gets no answer is Doc 1's provider_unavailable, not a 500. */
function unavailable(err: unknown): never {
  if (err instanceof ProcessorUnavailableError) throw new DomainError('provider_unavailable');
  throw err;
}

export interface InitOptions {
  /** Where the processor's bank challenge sends the buyer back (the hosted page). */
  returnUrl?: string;
  /**
   * Runs before a fresh form is made, and may refuse it (the checkout rate limits: Doc 3 counts
   * fresh forms; a form handed back is not one).
   */
  beforeForm?: () => Promise<void>;
}

/**
 * `POST /api/checkout/init`: validates the session and hands out the processor's client token.
 *
 * The session's live form is handed back while it is unused at the processor, young enough
 * (FORM_HANDBACK_MS) and made for the same amount and return URL (issue 18, finding 8): anyone who
 * knows a session id can call init, and revoking the buyer's form on every call let them break the
 * buyer's payment. A second tab gets the same form; the processor charges a form once.
 *
 * Otherwise a fresh form is made: recorded as a `client` attempt (reference: the token) before the
 * browser gets it, so a payment made with it is found by the reconciler even if the browser never
 * calls `complete`; the session's older form (spent, stale) is revoked first, so only one can pay.
 */
export async function initCheckout(deps: PaymentDeps, sessionId: string, opts: InitOptions = {}) {
  const found = await deps.store.read.sessions.get(sessionId);
  if (!found) throw new DomainError('session_not_found');
  const merchant = await deps.store.read.merchants.get(found.merchantId);
  if (!merchant || merchant.status !== 'active') throw new DomainError('session_not_found');
  const processor = processorOf(deps, merchant);
  const session = await deps.store.tx(async (r) => expireIfDue(r, deps.clock.iso(), (await r.sessions.get(sessionId))!));
  refuseInit(session);
  const live = await liveUnusedForm(deps, processor, merchant, session, opts.returnUrl ?? null);
  if (live) return live;
  await opts.beforeForm?.();
  // Only the newest form can pay: the older ones are revoked first, and a failure refuses this one.
  const revoked = await revokeOlderForms(deps, merchant, sessionId);
  // An older form that had paid was recorded just now: the session may be paid.
  if (revoked.size) refuseInit((await deps.store.read.sessions.get(sessionId))!);
  const init = await processor.clientInit(merchant, session, opts).catch(unavailable);
  await deps.store.tx(async (r) => {
    const s = (await r.sessions.get(sessionId))!;
    const now = deps.clock.iso();
    // A webhook or another tab may have settled it while the token was minted (Doc 1: 503 on init).
    if (s.status === 'succeeded' || s.status === 'expired') throw new DomainError('service_unavailable', 'The session changed while the payment form was prepared; try again.');
    refuseInit(s);
    await closeRevokedForms(r, sessionId, revoked, now);
    if (init.token) {
      await r.attempts.insert(
        newAttempt(
          { merchantId: merchant.id, livemode: s.livemode, kind: 'client', reference: init.token, sessionId, amount: s.amount, currency: s.currency },
          deps.clock.nowMs(),
          { init, returnUrl: opts.returnUrl ?? null },
        ),
      );
    }
    const opened = { hostedOpenedAt: s.hostedOpenedAt ?? now };
    await saveSession(r, s, s.status === 'pending' ? moveTo(s, 'processing', opened, now) : { ...s, ...opened, updatedAt: now });
  });
  return init;
}

/**
 * The session's one live form, when a buyer may still pay with it: made for this amount, currency
 * and return URL, less than FORM_HANDBACK_MS ago, and unknown to the processor as a transaction (no
 * charge, decline or challenge made with it). Anything else, or a processor that does not answer,
 * goes the fresh-form way, which revokes it.
 */
async function liveUnusedForm(deps: PaymentDeps, processor: Processor, merchant: Merchant, session: SessionRecord, returnUrl: string | null) {
  const forms = await deps.store.tx((r) => r.attempts.pendingForSession(session.id, 'client'));
  const form = forms.length === 1 ? forms[0]!.form : null;
  if (!form || form.returnUrl !== returnUrl) return null;
  const { amount, currency, createdAt, reference } = forms[0]!;
  if (amount !== session.amount || currency !== session.currency) return null;
  if (Date.parse(createdAt) + FORM_HANDBACK_MS <= deps.clock.nowMs()) return null;
  const used = await processor.lookup(merchant, reference).catch(() => undefined);
  return used === null ? form.init : null;
}

/**
 * `POST /api/checkout/buyer-details` (issue 22): the hosted page saves what the buyer typed before
 * it lets the card be charged, so a tab closed right after the charge, or a charge whose answer is
 * lost, leaves the details on the session for whatever settles it (the reconciler, the provider's
 * event). Checked as `complete` checks them (422 `required_fields_missing`, card numbers refused as
 * invalid), then written in one transaction, or not at all. A session that could not take a
 * payment now refuses them as init would (paid, expired, a charge running, finally declined).
 */
export async function saveBuyerDetails(deps: PaymentDeps & Pick<EngineDeps, 'sealer'>, sessionId: string, sent: BuyerDetails): Promise<SessionRecord> {
  const found = await deps.store.read.sessions.get(sessionId);
  if (!found) throw new DomainError('session_not_found');
  const merchant = await deps.store.read.merchants.get(found.merchantId);
  if (!merchant || merchant.status !== 'active') throw new DomainError('session_not_found');
  const details = requireBuyerDetails({ ...found, buyerDetailsSaved: false }, sent);
  return deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    // A refusal throws and rolls back the expiry written here too: nothing changes.
    const s = await expireIfDue(r, now, (await r.sessions.get(sessionId))!);
    refuseInit(s);
    return saveSession(r, s, { ...withSavedBuyerDetails(deps, s, details), updatedAt: now });
  });
}

function refuseInit(session: SessionRecord) {
  if (session.status === 'succeeded') throw new DomainError('session_already_completed');
  if (session.status === 'expired') throw new DomainError('session_expired');
  if (session.mode === 'setup') throw new DomainError('session_wrong_state', 'A setup session saves a card and is never charged; vault the card with POST /v1/public/tokens.');
  // Doc 1, Idempotency 5: a charge for this session is running; a second form could pay twice.
  if (session.chargeLock !== null) throw new DomainError('charge_in_progress');
  if (session.status === 'failed' && session.retry && session.retry.attempts_remaining === 0) {
    throw new DomainError('session_wrong_state', 'This session was declined and has no attempts left; create a new session.');
  }
  refuseDeclinedOut(session);
}

/**
 * `POST /api/checkout/complete`: checks the buyer details the session requires (nothing is read or
 * written when they fall short), verifies the transaction with the processor, then settles; the
 * details reach the session in the transaction that pays it. A transaction the buyer's bank still
 * holds (3-D Secure, issue 10) answers `next_action` with the challenge page and settles nothing;
 * with `cancel` (the buyer closed the dialog) the challenge is ended first, as failed
 * authentication: nothing is charged and the attempt settles as a decline.
 */
export async function completeCheckout(
  deps: PaymentDeps & Pick<EngineDeps, 'sealer'>,
  sessionId: string,
  transactionId: string,
  buyer?: BuyerDetails,
  cancel = false,
  /** Where a bank check of a charge the service makes now (a provider's nonce) returns the buyer. */
  returnUrl?: string,
): Promise<CheckoutOutcome> {
  const session = await deps.store.read.sessions.get(sessionId);
  if (!session) throw new DomainError('session_not_found');
  const details = requireBuyerDetails(session, buyer);
  const merchant = await merchantOf(deps, session);
  // Braintree's fields give the browser a nonce, not a payment: the service pays with it now.
  if (processorOf(deps, merchant).chargeNonce) return completeWithNonce(deps, merchant, session, transactionId, (paid) => withBuyerDetails(deps, paid, details), { cancel, ...(returnUrl ? { returnUrl } : {}) });
  const verified = await verifiedTransaction(deps, merchant, session, transactionId);
  let t = verified;
  if (t.status === 'requires_action' && cancel) t = await processorOf(deps, merchant).cancelChallenge(merchant, t.id).catch(unavailable);
  if (t.status === 'requires_action') {
    if (!t.challengeUrl) throw new DomainError('transaction_verification_failed');
    return { kind: 'challenge', session, transactionId: t.id, challengeUrl: t.challengeUrl };
  }
  const { session: s, intent, transactionId: tx, ok } = await settleVerified(deps, merchant, session, t, (paid) => withBuyerDetails(deps, paid, details));
  return { kind: 'settled', session: s, intent, transactionId: tx, ok, redirectUrl: ok ? await deps.signer.url(s) : null };
}

/**
 * What a hosted completion came to: waiting for the buyer's bank at `challengeUrl` (nothing
 * settled), or settled, approved with the signed way back to the merchant or declined.
 */
export type CheckoutOutcome =
  | { kind: 'challenge'; session: SessionRecord; transactionId: string; challengeUrl: string }
  | { kind: 'settled'; session: SessionRecord; intent: PaymentIntentRecord; transactionId: string; ok: boolean; redirectUrl: string | null };

/** The session's merchant (a session without one is not found). */
async function merchantOf(deps: PaymentDeps, session: SessionRecord): Promise<Merchant> {
  const merchant = await deps.store.read.merchants.get(session.merchantId);
  if (!merchant) throw new DomainError('session_not_found');
  return merchant;
}

/** The browser's transaction as the processor knows it, refused unless it is this session's. */
async function verifiedTransaction(deps: PaymentDeps, merchant: Merchant, session: SessionRecord, transactionId: string) {
  const t = await processorOf(deps, merchant).verifyTransaction(merchant, transactionId).catch(unavailable);
  if (!t || t.sessionId !== session.id) throw new DomainError('transaction_verification_failed');
  return t;
}

/**
 * Both `complete` endpoints (internal and public): verifies the browser's transaction with the
 * processor and settles the session with it, once.
 */
export async function completeTransaction(
  deps: PaymentDeps & Pick<EngineDeps, 'signer'>,
  session: SessionRecord,
  transactionId: string,
  onPaid?: (s: SessionRecord) => SessionRecord,
  /**
   * A charge the service makes now (a provider's nonce; `agent_hosted_fields`' PaymentMethod) may
   * need the buyer's bank: it returns the buyer to `returnUrl`, and the answer is the challenge;
   * `cancel` ends one the buyer closed. Without `returnUrl` such a charge cannot wait for the bank.
   */
  challenge: { returnUrl?: string; cancel?: boolean } = {},
): Promise<{ kind: 'challenge'; session: SessionRecord; transactionId: string; challengeUrl: string } | { kind: 'settled'; session: SessionRecord; intent: PaymentIntentRecord; transactionId: string; ok: boolean }> {
  const merchant = await merchantOf(deps, session);
  // Braintree's fields give the browser a nonce, not a payment: the service pays with it now.
  if (processorOf(deps, merchant).chargeNonce) {
    const o = await completeWithNonce(deps, merchant, session, transactionId, onPaid ?? ((s) => s), { cancel: challenge.cancel === true, ...(challenge.returnUrl ? { returnUrl: challenge.returnUrl } : {}) });
    if (o.kind === 'challenge') {
      if (!challenge.returnUrl) throw new DomainError('transaction_verification_failed');
      return o;
    }
    return { kind: 'settled', session: o.session, intent: o.intent, transactionId: o.transactionId, ok: o.ok };
  }
  const t = await verifiedTransaction(deps, merchant, session, transactionId);
  if (t.status === 'requires_action') throw new DomainError('transaction_verification_failed');
  return { kind: 'settled', ...(await settleVerified(deps, merchant, session, t, onPaid)) };
}

async function settleVerified(deps: PaymentDeps, merchant: Merchant, session: SessionRecord, t: ProcessorTransaction, onPaid?: (s: SessionRecord) => SessionRecord) {
  // Recorded first, whatever the session's state: a second payment is money the merchant must see
  // and can refund (vp_tx_count counts it), never a payment the service forgets.
  const { session: s, intent } = await settlePayment(deps, merchant, session.id, t, undefined, undefined, onPaid);
  if (s.paymentIntentId !== intent.id && s.transactionId !== t.id) {
    if (s.status === 'succeeded') throw new DomainError('session_already_completed');
    if (s.status === 'expired') throw new DomainError('session_expired');
  }
  return { session: s, intent, transactionId: t.id, ok: isApproved(intent) };
}
