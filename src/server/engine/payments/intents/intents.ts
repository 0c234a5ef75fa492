/**
 * Payment intents (Doc 2): a charge of a vaulted card made by the merchant's server, then its
 * capture or void. The money path keeps the order of ARCHITECTURE.md, data flow 4:
 *
 *   reservation (intent row + attempt + single-use card and session locks, one transaction)
 *   -> processor call carrying the attempt's reference
 *   -> outcome applied with compare-and-set, with its settlement and outbox events, one transaction.
 *
 * The intent exists from the reservation on (`requires_action` with no `next_action`: "still
 * processing"), so an outcome lost in a crash is found by the reconciler, and an Idempotency-Key
 * whose reservation was taken over finds the intent its first request made instead of charging again.
 */
import { claimUpsell } from '../../mirror/upsell.ts';
import { priceVoucher } from '../../mirror/pricing/vouchers.ts';
import { inheritStored } from '../../mirror/mirror-spec.ts';
import { claimPurchase, orderBeforeCharge } from '../../mirror/order-first/before-charge.ts';
import type { CreatePaymentIntentBody } from '../../../../api/payment-intents.ts';
import type { EngineDeps } from '../../deps.ts';
import { sealedIn } from '../../sealed.ts';
import { DomainError } from '../../../domain/errors.ts';
import { processorOf } from '../../binder.ts';
import { newId } from '../../../ids.ts';
import { ProcessorRejectedError, ProcessorUnavailableError, type ProcessorTransaction } from '../../../processors/types.ts';
import type { Reads } from '../../../store/types.ts';
import { newAttempt } from '../../attempts/attempts.ts';
import { linkChargeBuyer } from '../../buyers/buyers.ts';
import { revokeForms } from '../payments.ts';
import { moveTo, refuseDeclinedOut, saveSession } from '../../sessions/session-status.ts';
import { assertChargeable, tokenForKey } from '../../tokens/tokens.ts';
import { keepOutcome, madeBySameRequest, reserveCharge } from '../../idempotency.ts';
import type { IdempotencyReservation } from '../../../domain/operations.ts';
import { refundTotals, type RefundTotals } from '../../refunds/refund-totals.ts';
import { checkMit, checkOwnership, checkRequest, echoOf, cardAddressOf, effectiveBuyer, intentBuyerDetails, type CreateEcho } from './intent-checks.ts';
import { checkPaymentAsk } from '../../merchants/capabilities.ts';
import type { AuthContext, PaymentIntentRecord, PaymentMethodRecord, SessionRecord } from '../../../domain/index.ts';
import { closeRevokedForms, revokeOlderForms } from '../forms/close-forms.ts';
import { settleIntent } from '../charge/settle.ts';
import { chargeSource } from '../charge/charge-source.ts';
import { undoReservation } from './undo-reservation.ts';
import { intentSends } from './intent-sends.ts';
import { requireBuyerFields } from '../charge/required-fields.ts';

export type IntentDeps = Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor' | 'sealer' | 'log' | 'config' | 'signer' | 'stores' | 'providers'>;

export type { CreateEcho };

export interface Created {
  intent: PaymentIntentRecord;
  echo: CreateEcho;
  /** True when the key already had an intent (a reservation taken over after a crash): answer 200. */
  replayed: boolean;
}

/** What a keyed create keeps under its reservation: the intent, the request's echo and its refund totals then. */
export interface KeptIntent {
  intent: PaymentIntentRecord;
  echo: CreateEcho;
  totals: RefundTotals;
}


/** Reads an intent for a merchant key; another merchant's or the other mode's is a 404 (Doc 3). */
export async function intentForKey(reads: Pick<Reads, 'payments'>, auth: AuthContext, id: string): Promise<PaymentIntentRecord> {
  const p = await reads.payments.get(id);
  if (!p || p.merchantId !== auth.merchant.id || p.livemode !== auth.livemode) throw new DomainError('payment_intent_not_found');
  return p;
}

/** `POST /v1/payment_intents`. */
export async function createIntent(
  deps: IntentDeps,
  auth: AuthContext,
  body: CreatePaymentIntentBody,
  opts: { attemptId: string; idemKey: string | null; idem?: IdempotencyReservation },
): Promise<Created> {
  const merchant = auth.merchant;
  const processor = processorOf(deps, merchant);
  const checked = checkRequest(auth, body);
  // A request that takes over the key of one that died (its process killed after the charge) finds
  // the intent that key made before the card is looked at: the card may be spent by that very
  // charge, and the answer is that intent, not a refusal (issue 21, SIGKILL mid-burst).
  const made = opts.idemKey === null ? undefined : await deps.store.read.payments.byIdemKey(merchant.id, auth.livemode, opts.idemKey);
  if (made && madeBySameRequest(made, opts.idem)) return { intent: made, echo: await echoOf(deps, auth, body, made, checked.buyer), replayed: true };
  // Doc 1, Capability matrix: what the provider lacks is refused before the card is looked at.
  checkPaymentAsk(deps, merchant, { currency: body.currency, captureMethod: body.capture_method, ruleTags: body.rule_tags });
  const token = await tokenForKey(deps.store.read, auth, body.payment_method!.id);
  assertChargeable(token, deps.clock.nowMs());
  await checkMit(deps.store.read, auth, body, token);
  await checkOwnership(deps.store.read, token, body.buyer_id);
  const currency = body.currency.toUpperCase();
  // What the request did not say of the store customer comes from the stored buyer (the card's own, or the one it names);
  // a store-priced voucher is priced by the store before anything is kept or charged.
  const inherited = checked.mirror && inheritStored(checked.mirror, await effectiveBuyer(deps.store.read, auth, token, body), auth);
  const mirror = inherited && (await priceVoucher(deps, inherited, { amount: body.amount, currency }));
  // Order-before-charge accounts: the store order is made (or found again) first, or nothing is charged.
  const sessionId = await ownSessionId(deps.store.read, auth, body);
  if (sessionId !== null) checkSessionCharge(deps, await deps.store.read.sessions.get(sessionId), auth, body, token);
  const hold = await orderBeforeCharge(deps, merchant, auth.livemode, mirror, { amount: body.amount, currency, sessionId, idemKey: opts.idemKey });
  const captureMethod = body.capture_method ?? 'automatic';

  // A live browser form of the session this intent pays could pay it too: revoked first, or refused.
  const formsRevoked = await revokeFormsOfOwnSession(deps, auth, body, sessionId);
  const reserved = await reserveCharge(deps, async (r) => {
    const now = deps.clock.iso();
    if (opts.idemKey !== null) {
      const earlier = await r.payments.byIdemKey(merchant.id, auth.livemode, opts.idemKey);
      if (earlier && madeBySameRequest(earlier, opts.idem)) return { earlier };
      // Made for another body under a key whose stored answer expired: the key is this request's now.
      if (earlier) await r.payments.update({ ...earlier, idemKey: null });
    }
    const card = (await r.paymentMethods.get(token.id))!;
    assertChargeable(card, deps.clock.nowMs());
    // A single-use card is held by this attempt until its outcome: two charges never share it.
    if (card.setupForFutureUse === null && card.usedBy) throw new DomainError('charge_in_progress', 'This single-use card is being charged by another request.');
    let session: SessionRecord | null = null;
    let sessionBefore: SessionRecord | undefined;
    if (sessionId !== null) {
      const s = await r.sessions.get(sessionId);
      refuseSessionCharge(s, auth, body);
      sessionBefore = s!;
      await closeRevokedForms(r, s!.id, formsRevoked, now);
      session = await saveSession(r, s!, moveTo(s!, 'processing', { chargeLock: opts.attemptId, latestAttemptId: opts.attemptId }, now));
    }
    const link = await linkChargeBuyer(r, { merchantId: merchant.id, livemode: auth.livemode }, body, now);
    const intentId = newId.paymentIntent(auth.livemode);
    const intent: PaymentIntentRecord = {
      id: intentId,
      merchantId: merchant.id,
      livemode: auth.livemode,
      sessionId: session?.id ?? null,
      status: 'requires_action',
      amount: body.amount,
      currency,
      captureMethod,
      declineCode: null,
      card: card.card.last4 ? { brand: card.card.brand, last4: card.card.last4 } : null,
      avsResultCode: null,
      cvvResultCode: null,
      processorRef: null,
      vpTxId: null,
      metadata: checked.metadata,
      mirrorSealed: mirror ? deps.sealer.seal(mirror, sealedIn.intentMirror(intentId)) : null,
      createdAt: now,
      updatedAt: now,
      paymentMethodId: card.id,
      // Doc 2: the stored payment method's own buyer wins over the request's.
      buyerRecordId: card.buyerRecordId ?? link.buyer?.id ?? null,
      ruleCode: null,
      authorizedAmount: 0,
      capturedAmount: 0,
      returnUrl: checked.returnUrl,
      nextAction: null,
      threeDSecure: null,
      mit: body.mit ?? null,
      direct: true,
      idemKey: opts.idemKey,
      idemFingerprint: opts.idem?.fingerprint ?? null,
      pendingOp: null,
      statusReason: null,
    };
    // One add-on charge per upsell key and store, whoever races for it (Document 2, upsell_duplicate).
    await claimUpsell(r, merchant.id, auth.livemode, mirror, intentId);
    if (hold) await claimPurchase(r, deps, hold, { id: intentId, sessionId: session?.id ?? null });
    await r.payments.insert(intent);
    await r.attempts.insert(
      newAttempt(
        { id: opts.attemptId, merchantId: merchant.id, livemode: auth.livemode, kind: 'charge', sessionId: intent.sessionId, intentId: intent.id, amount: intent.amount, currency },
        deps.clock.nowMs(),
      ),
    );
    if (card.setupForFutureUse === null) await r.paymentMethods.update({ ...card, usedBy: opts.attemptId, updatedAt: now });
    return { intent, card, link, sessionBefore };
  });

  if ('earlier' in reserved) {
    const earlier = reserved.earlier!;
    return { intent: earlier, echo: await echoOf(deps, auth, body, earlier, checked.buyer), replayed: true };
  }

  const { intent, card, link } = reserved;
  // Doc 2: a saved card without an address picks up the first approved charge's, but a buyer's
  // card only from a charge that names that buyer.
  const pickUpAddress = card.buyerRecordId === null || link.buyer?.id === card.buyerRecordId ? body.billing_address : undefined;
  const billing = body.billing_address ?? cardAddressOf(deps, card);
  let t: ProcessorTransaction;
  try {
    const vaulted = {
      vaultId: card.vaultId,
      amount: intent.amount,
      currency,
      livemode: auth.livemode,
      capture: captureMethod === 'automatic',
      sessionId: intent.sessionId,
      returnUrl: checked.returnUrl,
      billingPostalCode: billing?.postal_code ?? null,
      merchantInitiated: body.mit !== undefined,
      // The descriptor resolves with the intent's id, known since the reservation.
      extras: intentSends(deps, merchant, body, intent).extras,
    };
    t = await chargeSource(processor, merchant, { vaulted }, null, opts.attemptId);
  } catch (err) {
    if (err instanceof ProcessorRejectedError || (err instanceof ProcessorUnavailableError && err.nothingMoved)) {
      // An intent someone was already told of is answered as it stands, never deleted (issue 34, finding 3).
      const kept = await undoReservation(deps, merchant, intent, opts.attemptId, opts.idem, { card, session: reserved.sessionBefore });
      if (kept) return { intent: kept.intent, echo: await echoOf(deps, auth, body, kept.intent, checked.buyer), replayed: kept.keyTakenOver };
      if (err instanceof ProcessorUnavailableError) throw new DomainError('provider_unavailable');
      throw new DomainError('provider_request_rejected', err.message, { reason: err.reason });
    }
    // Reached the processor, outcome unknown: the intent stays "still processing" and the
    // reconciler settles it from the processor's record (Doc 2: 502 payment_outcome_unknown).
    deps.log.warn('payment intent outcome unknown', { intent: intent.id, error: err instanceof Error ? err.message : String(err) });
    throw new DomainError('payment_outcome_unknown', undefined, { payment_intent: intent.id });
  }
  const echo = await echoOf(deps, auth, body, intent, checked.buyer);
  const { result, revoke } = await deps.store.tx(async (r) => {
    const applied = await settleIntent(r, deps, merchant, intent.id, opts.attemptId, t, pickUpAddress);
    const result = { intent: applied.intent, echo, replayed: false };
    if (opts.idem) await keepOutcome(r, opts.idem, { intent: applied.intent, echo, totals: await refundTotals(deps.store.read, applied.intent, deps.clock.iso()) } satisfies KeptIntent, { payment_intent: intent.id });
    return { result, revoke: applied.revoke };
  });
  await revokeForms(deps, merchant, revoke);
  return result;
}

/**
 * `revokeOlderForms` for the session an intent names, once the request is known to be accepted
 * (a refused request changes nothing, forms included); the reservation checks again.
 */
async function revokeFormsOfOwnSession(deps: IntentDeps, auth: AuthContext, body: CreatePaymentIntentBody, sessionId: string | null): Promise<ReadonlySet<string>> {
  if (sessionId === null) return new Set();
  const s = await deps.store.read.sessions.get(sessionId);
  refuseSessionCharge(s, auth, body);
  return revokeOlderForms(deps, auth.merchant, s!.id);
}

/**
 * The session `session_id` names, if it is one of this key's (merchant and mode). Doc 2: the field
 * lets the service refuse a second charge for a session that already charged and is ignored when
 * the session did not charge, so an id no session of this key's has (unknown, another merchant's,
 * the other mode's) is ignored: the charge is made as if none was sent, and tells nothing of
 * anyone else's sessions.
 */
async function ownSessionId(reads: Pick<Reads, 'sessions'>, auth: AuthContext, body: CreatePaymentIntentBody): Promise<string | null> {
  if (body.session_id === undefined) return null;
  const s = await reads.sessions.get(body.session_id);
  return s && s.merchantId === auth.merchant.id && s.livemode === auth.livemode ? s.id : null;
}

/**
 * Before anything is made or charged (a store order first, a form revoked): the session may take
 * this charge, and it holds, or the intent or its card carries, the buyer details it requires (Doc 2, 422
 * `required_fields_missing`).
 */
function checkSessionCharge(deps: Pick<IntentDeps, 'sealer'>, s: SessionRecord | undefined, auth: AuthContext, body: CreatePaymentIntentBody, card: PaymentMethodRecord) {
  refuseSessionCharge(s, auth, body);
  // The card's own billing address (vaulted with it, or from its first charge) counts when the intent sends none.
  requireBuyerFields(deps, s, intentBuyerDetails(body, cardAddressOf(deps, card)));
}

/** Why an intent with `session_id` may not charge that session now, if it may not. */
function refuseSessionCharge(s: SessionRecord | undefined, auth: AuthContext, body: CreatePaymentIntentBody): asserts s is SessionRecord {
  if (!s || s.merchantId !== auth.merchant.id || s.livemode !== auth.livemode) throw new DomainError('session_not_found');
  // Doc 2: `session_id` refuses a second charge for a session that already charged.
  if (s.status === 'succeeded' || s.chargeLock !== null || s.paymentStatus !== 'unpaid') throw new DomainError('charge_in_progress', 'This session already has a payment; read the session before charging again.');
  if (s.status === 'expired') throw new DomainError('session_expired');
  if (s.mode === 'setup') throw new DomainError('session_wrong_state', 'A setup session saves a card and is never charged.');
  refuseDeclinedOut(s);
  // The charge settles the session: it must be for what the session asks (issue 17, finding 7).
  if (body.amount !== s.amount || body.currency.toUpperCase() !== s.currency.toUpperCase()) {
    throw new DomainError('validation_error', `amount and currency must be the session's (${s.amount} ${s.currency.toLowerCase()}) when session_id is sent.`);
  }
}
