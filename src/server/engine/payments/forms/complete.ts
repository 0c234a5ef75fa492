/**
 * Every `complete` (Doc 1): the hosted page's and the embedded checkout's `POST
 * /api/checkout/complete`, and the public `POST /v1/public/sessions/{id}/complete` after an
 * embed's payment or a charge at submit. Each endpoint only reads what the buyer's browser sent
 * (`Sent`) and calls one path, `completeSent`: find the processor's answer for it, end a bank
 * challenge the buyer closed, and settle the answer once (charge/settle.ts). A UX signal, not the
 * authority: the provider's own event and the reconciler settle the same transaction.
 */
import { createHash } from 'node:crypto';
import type { EngineDeps } from '../../deps.ts';
import { DomainError } from '../../../domain/errors.ts';
import { processorOf } from '../../binder.ts';
import { ProcessorUnavailableError, type Processor, type ProcessorTransaction } from '../../../processors/types.ts';
import type { AuthContext, Merchant, PaymentIntentRecord, SessionRecord } from '../../../domain/index.ts';
import type { BuyerDetails } from '../../../../buyer/buyer-fields.ts';
import { sessionForKey } from '../../sessions/sessions.ts';
import { settlePayment } from '../charge/settle.ts';
import { readyForNextCard } from '../charge/settle-session.ts';
import { saveSession } from '../../sessions/session-status.ts';
import { chargeAtSubmit, type SubmitOutcome } from '../charge/charge-at-submit.ts';
import { isApproved, type PaymentDeps } from '../payments.ts';
import { requireBuyerDetails, withBuyerDetails } from './buyer-details.ts';
import { refuseSetupForm, settleSetup, settleSetupNonce, type SetupOutcome } from './setup.ts';

/**
 * What the buyer's browser sent: a transaction its provider's form made (verified with the
 * processor: it must be this session's), a payment method the provider's fields gave it
 * (a nonce, issue 19: the service pays with it now), or nothing but the session's own
 * charge at submit, named by the session's charge lock.
 */
export type Sent = { transaction: string } | { nonce: string } | { atSubmit: string };

/** A transaction id from the browser is a nonce when the merchant's provider gives its fields nonces. */
const sentOf = (processor: Processor, transactionId: string): Sent => (processor.chargeNonce ? { nonce: transactionId } : { transaction: transactionId });

/** The attempt a nonce pays under: one per session and nonce, never chosen by the browser. */
export const nonceAttemptId = (sessionId: string, nonce: string) => `att_nonce_${createHash('sha256').update(`${sessionId}\n${nonce}`).digest('hex').slice(0, 32)}`;

/** The provider is reached over the network: a call that gets no answer is Doc 1's provider_unavailable, not a 500. */
const unavailable = (err: unknown): never => {
  throw err instanceof ProcessorUnavailableError ? new DomainError('provider_unavailable') : err;
};

/** What one `complete` came to: at the bank's page, not answered yet (or at the bank with no page), or settled. */
type Completed =
  | { kind: 'challenge'; transactionId: string; challengeUrl: string }
  | { kind: 'waiting' }
  | { kind: 'settled'; session: SessionRecord; intent: PaymentIntentRecord; transactionId: string }
  | ({ kind: 'saved' } & SetupOutcome);

interface CompleteOptions {
  /** The buyer closed the bank challenge: it is ended first, as failed authentication (nothing charged). */
  cancel?: boolean;
  /** Where the bank check of a charge the service makes now (a nonce) returns the buyer. */
  returnUrl?: string;
  /** What else the payment brings to the session it paid (the hosted page's buyer details). */
  onPaid?: (s: SessionRecord) => SessionRecord;
  /** The buyer details sent with this complete: checked with the session's before a charge the service makes (a nonce). */
  typed?: BuyerDetails;
}

/** The one complete path: the processor's answer for what was sent, settled once. */
async function completeSent(deps: PaymentDeps & Pick<EngineDeps, 'sealer'>, merchant: Merchant, session: SessionRecord, sent: Sent, opts: CompleteOptions): Promise<Completed> {
  const processor = processorOf(deps, merchant);
  // A setup session is never charged: only a provider whose form checks a card for nothing settles one.
  refuseSetupForm(processor, session);
  const attemptId = 'nonce' in sent ? nonceAttemptId(session.id, sent.nonce) : 'atSubmit' in sent ? sent.atSubmit : undefined;
  // A setup session's nonce is vaulted, never charged (forms/setup.ts).
  if ('nonce' in sent && session.mode === 'setup') return savedOf(await settleSetupNonce(deps, merchant, session.id, sent.nonce, opts.onPaid));
  // A nonce sent for the first time pays now, through charge at submit's reservation, lock and
  // reconciler; sent again (a lost answer, a second click), its payment is read back by the attempt.
  if ('nonce' in sent && !(await deps.store.read.attempts.get(attemptId!))) {
    const o = await chargeAtSubmit(deps, merchant, session, sent, undefined, attemptId!, opts.returnUrl ? { returnUrl: opts.returnUrl } : {}, { onPaid: opts.onPaid, typed: opts.typed });
    return fromSubmit(o, sent.nonce);
  }
  let t: ProcessorTransaction | null =
    'transaction' in sent ? await verifiedTransaction(processor, merchant, session, sent.transaction) : await processor.lookup(merchant, attemptId!).catch(unavailable);
  if (t?.status === 'requires_action' && opts.cancel) t = await processor.cancelChallenge(merchant, t.id).catch(unavailable);
  if (!t) return { kind: 'waiting' };
  if (t.status === 'requires_action') {
    // A nonce's challenge is named by the nonce, the browser's only handle on it.
    return t.challengeUrl ? { kind: 'challenge', transactionId: 'nonce' in sent ? sent.nonce : t.id, challengeUrl: t.challengeUrl } : { kind: 'waiting' };
  }
  if (session.mode === 'setup') return savedOf(await settleSetup(deps, merchant, session.id, t, attemptId, opts.onPaid));
  const { session: s, intent } = await settlePayment(deps, merchant, session.id, t, attemptId, undefined, opts.onPaid);
  // A verified transaction is recorded first, whatever the session's state: a second payment is
  // money the merchant must see and can refund (vp_tx_count counts it), never one the service forgets.
  if ('transaction' in sent && s.paymentIntentId !== intent.id && s.transactionId !== t.id) {
    if (s.status === 'succeeded') throw new DomainError('session_already_completed');
    if (s.status === 'expired') throw new DomainError('session_expired');
  }
  return { kind: 'settled', session: s, intent, transactionId: t.id };
}

/** A setup check of a session that had ended before it (another tab's card, the expiry) is refused as a second payment would be. */
function savedOf(o: SetupOutcome): Completed {
  if (o.refused) throw new DomainError(o.refused);
  return { kind: 'saved', ...o };
}

function fromSubmit(o: SubmitOutcome, nonce: string): Completed {
  if (o.kind === 'challenge') return { kind: 'challenge', transactionId: nonce, challengeUrl: o.challengeUrl };
  // The provider has not answered yet: the reconciler settles it; the page shows it is being processed.
  if (o.kind !== 'settled' || !o.transactionId) return { kind: 'waiting' };
  return { kind: 'settled', session: o.session, intent: o.intent, transactionId: o.transactionId };
}

/** The browser's transaction as the processor knows it, refused unless it is this session's. */
async function verifiedTransaction(processor: Processor, merchant: Merchant, session: SessionRecord, transactionId: string) {
  const t = await processor.verifyTransaction(merchant, transactionId).catch(unavailable);
  if (!t || t.sessionId !== session.id) throw new DomainError('transaction_verification_failed');
  return t;
}

/** Not answered yet: a nonce's charge is still running; a form's transaction is not one the service can settle. */
const notAnswered = (sent: Sent) => ('nonce' in sent ? new DomainError('charge_in_progress') : new DomainError('transaction_verification_failed'));

/**
 * What a hosted completion came to: waiting for the buyer's bank at `challengeUrl` (nothing
 * settled), or settled, approved with the signed way back to the merchant or declined.
 */
export type CheckoutOutcome =
  | { kind: 'challenge'; session: SessionRecord; transactionId: string; challengeUrl: string }
  | ({ kind: 'saved'; redirectUrl: string | null } & SetupOutcome)
  | { kind: 'settled'; session: SessionRecord; intent: PaymentIntentRecord; transactionId: string; ok: boolean; redirectUrl: string | null };

/**
 * `POST /api/checkout/complete`: checks the buyer details the session requires (nothing is read or
 * written when they fall short), then completes; the details reach the session in the transaction
 * that pays it. A transaction the buyer's bank still holds (3-D Secure, issue 10) answers
 * `next_action` with the challenge page and settles nothing.
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
  const details = requireBuyerDetails(deps, session, buyer);
  const merchant = await merchantOf(deps, session);
  const sent = sentOf(processorOf(deps, merchant), transactionId);
  const o = await completeSent(deps, merchant, session, sent, { cancel, ...(returnUrl ? { returnUrl } : {}), typed: details, onPaid: (paid) => withBuyerDetails(deps, paid, details) });
  if (o.kind === 'waiting') throw notAnswered(sent);
  if (o.kind === 'challenge') return { ...o, session };
  if (o.kind === 'saved') return { ...o, redirectUrl: o.error ? null : await deps.signer.url(o.session) };
  const ok = isApproved(o.intent);
  return { ...o, ok, redirectUrl: ok ? await deps.signer.url(o.session) : null };
}

/**
 * `POST /v1/public/sessions/{id}/complete` for an embed: the browser names the transaction it just
 * made (or its provider's nonce), and the session settles exactly as the hosted page's does, with
 * no redirect (the buyer stays on the merchant's page). A form's transaction still at the bank is
 * refused here, as it always was, and never ended; a nonce's challenge needs `returnUrl`.
 */
export async function completeForKey(deps: PaymentDeps & Pick<EngineDeps, 'sealer'>, auth: AuthContext, sessionId: string, transactionId: string, challenge: { returnUrl?: string; cancel?: boolean } = {}) {
  // Another merchant's or mode's session is a 404 before anything else is said about it (Doc 3).
  const session = await sessionForKey(deps.store.read, auth, sessionId);
  // Doc 3: `settings.completeEndpoint: false` switches this route off.
  if (!auth.merchant.settings.completeEndpoint) throw new DomainError('feature_unavailable');
  const merchant = await merchantOf(deps, session);
  const sent = sentOf(processorOf(deps, merchant), transactionId);
  const nonce = 'nonce' in sent;
  const o = await completeSent(deps, merchant, session, sent, { cancel: nonce && challenge.cancel === true, ...(challenge.returnUrl ? { returnUrl: challenge.returnUrl } : {}) });
  if (o.kind === 'waiting') throw notAnswered(sent);
  if (o.kind === 'challenge') {
    if (!nonce || !challenge.returnUrl) throw new DomainError('transaction_verification_failed');
    return { ...o, session };
  }
  if (o.kind === 'saved') return o;
  return { ...o, ok: isApproved(o.intent) };
}

/**
 * The public `complete` after a charge at submit that needed the buyer's bank (3-D Secure): the
 * service's frames ask how the session's latest charge ended. With `cancel`, a challenge still
 * waiting is ended first (the buyer closed it).
 */
export async function completeAtSubmit(deps: PaymentDeps & Pick<EngineDeps, 'sealer'>, merchant: Merchant, s: SessionRecord, cancel: boolean): Promise<SubmitOutcome> {
  // Doc 3: `settings.completeEndpoint: false` switches the route off.
  if (!merchant.settings.completeEndpoint) throw new DomainError('feature_unavailable');
  if (!(s.integrationMode === 'elements' && s.chargeAtSubmit && s.mode === 'payment')) throw new DomainError('charge_at_submit_not_enabled');
  if (s.chargeLock) {
    const o = await completeSent(deps, merchant, s, { atSubmit: s.chargeLock }, { cancel });
    // No answer yet, or at the bank without a page: still in flight (the reconciler settles it).
    // (A setup session never charges at submit: `saved` cannot come from here.)
    if (o.kind === 'waiting' || o.kind === 'saved') return { kind: 'in_flight', sessionId: s.id };
    if (o.kind === 'challenge') return { kind: 'challenge', sessionId: s.id, challengeUrl: o.challengeUrl };
    // The provider's event may have settled the decline a moment before (while the buyer closed the
    // bank check): it re-opened the session "preparing" for a page that is away, and the page is here.
    return { kind: 'settled', session: await pageIsBack(deps, s.id), intent: o.intent };
  }
  // No charge in flight: the provider's event may have settled it first. Answer from the session.
  if (s.status === 'succeeded' || (s.lastPaymentError && s.latestAttemptId && s.declinedAttemptId === s.latestAttemptId)) {
    return { kind: 'from_session', session: await pageIsBack(deps, s.id) };
  }
  if (s.status === 'expired') throw new DomainError('session_expired');
  throw new DomainError('session_wrong_state', 'Nothing to complete: no charge was started on this session.');
}

/** The page is back after a decline it was not waiting for: its next card form is ready (Doc 1, `retry`). */
async function pageIsBack(deps: PaymentDeps, sessionId: string): Promise<SessionRecord> {
  return deps.store.tx(async (r) => {
    const current = (await r.sessions.get(sessionId))!;
    const ready = readyForNextCard(current, deps.clock.iso());
    return ready === current ? current : saveSession(r, current, ready);
  });
}

/** The session's merchant (a session without one is not found). */
async function merchantOf(deps: PaymentDeps, session: SessionRecord): Promise<Merchant> {
  const merchant = await deps.store.read.merchants.get(session.merchantId);
  if (!merchant) throw new DomainError('session_not_found');
  return merchant;
}
