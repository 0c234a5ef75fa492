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
import type { CreatePaymentIntentBody } from '../../api/payment-intents.ts';
import type { Deps } from '../context.ts';
import { ApiError } from '../errors.ts';
import { newId } from '../ids.ts';
import { ProcessorRejectedError, ProcessorUnavailableError, type Processor, type ProcessorTransaction } from '../processors/types.ts';
import type { Reads, Repos } from '../store/types.ts';
import { isSupportedCurrency } from '../../vocab/currencies.ts';
import { closeAttempt, forgetAttempt, newAttempt } from './attempts.ts';
import { linkChargeBuyer, validateChargeBuyer, type ChargeBuyer } from './buyers.ts';
import { resolveDescriptor, type ResolvedDescriptor } from './descriptors.ts';
import { actionOf, declineMessage } from './declines.ts';
import { emit, type EventType } from './events.ts';
import { acceptMetadata } from './metadata.ts';
import { chargeEventData, failureEventData, settlementOf } from './charge-records.ts';
import { closeForms, revokeForms } from './payments.ts';
import { checkReturnUrl } from './return-url.ts';
import { validateRuleTags } from './rule-tags.ts';
import { moveTo } from './session-status.ts';
import { assertChargeable, tokenForKey } from './tokens.ts';
import type { AuthContext, Merchant, PaymentIntentRecord, PaymentMethodRecord, SessionRecord, SettlementRecord } from './types.ts';

export type IntentDeps = Pick<Deps, 'store' | 'clock' | 'processorFor' | 'sealer' | 'log' | 'config'>;

/** What create answers beyond the stored intent: echoes of the request (Doc 2, create response only). */
export interface CreateEcho {
  buyer: ChargeBuyer['echo'];
  buyerId: string | null;
  buyerEmail: string | null;
  buyerIpForwarded: boolean | undefined;
  resolvedDescriptor: ResolvedDescriptor;
}

export interface Created {
  intent: PaymentIntentRecord;
  echo: CreateEcho;
  /** True when the key already had an intent (a reservation taken over after a crash): answer 200. */
  replayed: boolean;
}

/** The caller's hook inside the outcome's transaction (the idempotency answer is stored with it). */
export type Also = (r: Repos, result: Created) => Promise<void>;

function processorOf(deps: Pick<Deps, 'processorFor'>, merchant: Merchant): Processor {
  const p = deps.processorFor(merchant.processor);
  if (!p) throw new ApiError('binder_unavailable');
  return p;
}

/** Reads an intent for a merchant key; another merchant's or the other mode's is a 404 (Doc 3). */
export async function intentForKey(reads: Pick<Reads, 'payments'>, auth: AuthContext, id: string): Promise<PaymentIntentRecord> {
  const p = await reads.payments.get(id);
  if (!p || p.merchantId !== auth.merchant.id || p.livemode !== auth.livemode) throw new ApiError('payment_intent_not_found');
  return p;
}

/** The checks that need no store and no processor: a refused request changes nothing. */
function checkRequest(auth: AuthContext, body: CreatePaymentIntentBody) {
  if (!isSupportedCurrency(body.currency)) throw new ApiError('currency_not_supported');
  if (body.return_url !== undefined) checkReturnUrl(body.return_url, auth.livemode);
  if (body.rule_tags !== undefined) validateRuleTags(body.rule_tags);
  if (!body.payment_method) throw new ApiError('payment_method_required');
  if (body.amount === 0) throw new ApiError('validation_invalid_amount', 'A charge needs an amount of at least 1; save a card without charging with POST /v1/tokens.');
  return { metadata: acceptMetadata(body.metadata), buyer: validateChargeBuyer(body) };
}

/** Doc 2, MIT: a chain needs off-session consent, a matching reason and a succeeded buyer-present start. */
async function checkMit(reads: Pick<Reads, 'payments'>, auth: AuthContext, body: CreatePaymentIntentBody, token: PaymentMethodRecord) {
  const mit = body.mit;
  if (!mit) return;
  if (token.setupForFutureUse !== 'off_session') throw new ApiError('payment_method_consent_missing');
  if (token.storedCredentialUse !== null && token.storedCredentialUse !== mit.reason) {
    throw new ApiError('validation_error', `mit.reason is ${mit.reason}, but the card was saved for ${token.storedCredentialUse} use.`);
  }
  const original = await reads.payments.get(mit.original_transaction_id);
  const ok =
    original &&
    original.merchantId === auth.merchant.id &&
    original.livemode === auth.livemode &&
    original.status === 'succeeded' &&
    !original.mit &&
    original.paymentMethodId === token.id;
  if (!ok) {
    throw new ApiError(
      'validation_error',
      'mit.original_transaction_id must be a succeeded buyer-present payment intent of this card (the first charge of the chain).',
    );
  }
}

/** `buyer_id` asserts ownership of a saved card: naming another buyer finds no such card. */
async function checkOwnership(reads: Pick<Reads, 'buyers'>, token: PaymentMethodRecord, buyerId: string | undefined) {
  if (buyerId === undefined || token.buyerRecordId === null) return;
  const owner = await reads.buyers.get(token.buyerRecordId);
  if (owner?.externalId !== buyerId) throw new ApiError('payment_method_not_found');
}

/** `POST /v1/payment_intents`. */
export async function createIntent(
  deps: IntentDeps,
  auth: AuthContext,
  body: CreatePaymentIntentBody,
  opts: { attemptId: string; idemKey: string | null; also?: Also },
): Promise<Created> {
  const merchant = auth.merchant;
  const processor = processorOf(deps, merchant);
  const checked = checkRequest(auth, body);
  const token = await tokenForKey(deps.store.read, auth, body.payment_method!.id);
  assertChargeable(token, deps.clock.nowMs());
  await checkMit(deps.store.read, auth, body, token);
  await checkOwnership(deps.store.read, token, body.buyer_id);
  const currency = body.currency.toUpperCase();
  const captureMethod = body.capture_method ?? 'automatic';

  const reserved = await deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    if (opts.idemKey !== null) {
      const earlier = await r.payments.byIdemKey(merchant.id, auth.livemode, opts.idemKey);
      if (earlier) return { earlier };
    }
    const card = (await r.paymentMethods.get(token.id))!;
    assertChargeable(card, deps.clock.nowMs());
    // A single-use card is held by this attempt until its outcome: two charges never share it.
    if (card.setupForFutureUse === null && card.usedBy) throw new ApiError('charge_in_progress', 'This single-use card is being charged by another request.');
    let session: SessionRecord | null = null;
    let sessionBefore: SessionRecord | undefined;
    if (body.session_id !== undefined) {
      const s = await r.sessions.get(body.session_id);
      if (!s || s.merchantId !== merchant.id || s.livemode !== auth.livemode) throw new ApiError('session_not_found');
      // Doc 2: `session_id` refuses a second charge for a session that already charged.
      if (s.status === 'succeeded' || s.chargeLock !== null || s.paymentStatus !== 'unpaid') throw new ApiError('charge_in_progress', 'This session already has a payment; read the session before charging again.');
      if (s.status === 'expired') throw new ApiError('session_expired');
      if (s.mode === 'setup') throw new ApiError('session_wrong_state', 'A setup session saves a card and is never charged.');
      sessionBefore = s;
      session = moveTo(s, 'processing', { chargeLock: opts.attemptId, latestAttemptId: opts.attemptId }, now);
      await r.sessions.update(session);
    }
    const link = await linkChargeBuyer(r, { merchantId: merchant.id, livemode: auth.livemode }, body, now);
    const intent: PaymentIntentRecord = {
      id: newId.paymentIntent(auth.livemode),
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
      createdAt: now,
      updatedAt: now,
      paymentMethodId: card.id,
      // Doc 2: the stored payment method's own buyer wins over the request's.
      buyerRecordId: card.buyerRecordId ?? link.buyer?.id ?? null,
      ruleCode: null,
      authorizedAmount: 0,
      capturedAmount: 0,
      returnUrl: body.return_url ?? null,
      nextAction: null,
      threeDSecure: null,
      mit: body.mit ?? null,
      direct: true,
      idemKey: opts.idemKey,
      pendingOp: null,
      statusReason: null,
    };
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

  const { intent, card } = reserved;
  const billing = body.billing_address ?? (card.billingAddressSealed ? (deps.sealer.open(card.billingAddressSealed) as { postal_code?: string }) : null);
  let t: ProcessorTransaction;
  try {
    t = await processor.chargeVaulted(merchant, {
      reference: opts.attemptId,
      vaultId: card.vaultId,
      amount: intent.amount,
      currency,
      livemode: auth.livemode,
      capture: captureMethod === 'automatic',
      sessionId: intent.sessionId,
      returnUrl: body.return_url ?? null,
      billingPostalCode: billing?.postal_code ?? null,
      merchantInitiated: body.mit !== undefined,
    });
  } catch (err) {
    if (err instanceof ProcessorRejectedError || (err instanceof ProcessorUnavailableError && err.nothingMoved)) {
      await undoReservation(deps, intent, opts.attemptId, { card, session: reserved.sessionBefore });
      if (err instanceof ProcessorUnavailableError) throw new ApiError('provider_unavailable');
      throw new ApiError('provider_request_rejected', err.message, { reason: err.reason });
    }
    // Reached the processor, outcome unknown: the intent stays "still processing" and the
    // reconciler settles it from the processor's record (Doc 2: 502 payment_outcome_unknown).
    deps.log.warn('payment intent outcome unknown', { intent: intent.id, error: err instanceof Error ? err.message : String(err) });
    throw new ApiError('payment_outcome_unknown', undefined, { payment_intent: intent.id });
  }
  const echo = await echoOf(deps, auth, body, intent, checked.buyer);
  const { result, revoke } = await deps.store.tx(async (r) => {
    const applied = await applyCharge(r, deps, merchant, intent.id, opts.attemptId, t, body.billing_address);
    const result = { intent: applied.intent, echo, replayed: false };
    await opts.also?.(r, result);
    return { result, revoke: applied.revoke };
  });
  await revokeForms(deps, merchant, revoke);
  return result;
}

async function echoOf(deps: IntentDeps, auth: AuthContext, body: CreatePaymentIntentBody, intent: PaymentIntentRecord, buyer: ChargeBuyer): Promise<CreateEcho> {
  const stored = intent.buyerRecordId ? await deps.store.read.buyers.get(intent.buyerRecordId) : undefined;
  return {
    buyer: buyer.echo,
    buyerId: stored?.externalId ?? body.buyer_id ?? body.buyer?.external_id ?? null,
    buyerEmail: body.buyer_email ?? body.buyer?.email ?? stored?.email ?? null,
    // Doc 2: false for a merchant-initiated charge (no buyer is present); the IP is never echoed.
    buyerIpForwarded: body.buyer_ip_address === undefined ? undefined : body.mit === undefined,
    resolvedDescriptor: resolveDescriptor({
      settings: auth.merchant.settings.descriptor,
      processor: auth.merchant.processor,
      intentId: intent.id,
      metadata: intent.metadata,
      killSwitch: !deps.config.descriptorPassthrough,
    }),
  };
}

/** The processor refused before moving money: the request leaves no trace (intent, locks, attempt). */
async function undoReservation(deps: IntentDeps, intent: PaymentIntentRecord, attemptId: string, before: { card?: PaymentMethodRecord; session?: SessionRecord }) {
  await deps.store.tx(async (r) => {
    await forgetAttempt(r, attemptId);
    await r.payments.delete(intent.id);
    if (intent.paymentMethodId && before.card) {
      const card = await r.paymentMethods.get(intent.paymentMethodId);
      if (card?.usedBy === attemptId) await r.paymentMethods.update({ ...card, usedBy: before.card.usedBy ?? null, updatedAt: before.card.updatedAt });
    }
    if (intent.sessionId && before.session) {
      const s = await r.sessions.get(intent.sessionId);
      if (s?.chargeLock === attemptId) {
        const b = before.session;
        await r.sessions.update({ ...s, status: b.status, chargeLock: null, latestAttemptId: b.latestAttemptId ?? null, updatedAt: b.updatedAt });
      }
    }
  });
}

const isCaptured = (t: ProcessorTransaction) => t.capture === 'pending' || t.capture === 'settled';

/**
 * Applies a processor answer for a direct intent, once (compare-and-set on the intent still being
 * in flight for this transaction): status, settlement, card use, session, outbox events.
 */
export async function applyCharge(
  r: Repos,
  deps: Pick<Deps, 'clock' | 'sealer'>,
  merchant: Merchant,
  intentId: string,
  attemptId: string | null,
  t: ProcessorTransaction,
  billingAddress?: unknown,
): Promise<{ intent: PaymentIntentRecord; revoke: string[] }> {
  const now = deps.clock.iso();
  const current = (await r.payments.get(intentId))!;
  // At the bank challenge the attempt stays open: the reconciler keeps asking until it resolves.
  if (attemptId && t.status !== 'requires_action') await closeAttempt(r, attemptId, 'done', now);
  const inFlight = current.status === 'requires_action' && (current.processorRef === null || current.processorRef === t.id);
  if (!inFlight) return { intent: current, revoke: [] };

  const base = {
    ...current,
    processorRef: t.id,
    card: { brand: t.card.brand, last4: t.card.last4 },
    avsResultCode: t.avsResult,
    cvvResultCode: t.cvvResult,
    threeDSecure: t.threeDSecure ?? current.threeDSecure ?? null,
    updatedAt: now,
  };
  let next: PaymentIntentRecord;
  if (t.status === 'requires_action') {
    next = { ...base, nextAction: t.challengeUrl ? { url: t.challengeUrl, issuedAt: current.nextAction?.issuedAt ?? now } : null };
  } else if (t.status === 'declined') {
    next = { ...base, status: 'failed', declineCode: t.declineCode ?? 'card_declined', ruleCode: t.ruleCode ?? null, nextAction: null };
  } else {
    const captured = isCaptured(t);
    next = {
      ...base,
      status: captured ? (t.capture === 'pending' ? 'captured' : 'succeeded') : 'authorized',
      authorizedAmount: t.amount,
      capturedAmount: captured ? (t.capturedAmount ?? t.amount) : 0,
      vpTxId: captured ? newId.transaction(current.livemode) : null,
      nextAction: null,
    };
  }
  await r.payments.update(next);
  if (next.vpTxId && !current.vpTxId) await r.settlements.insert(settlementOf(next, t, now));

  // The card: a single-use card is spent by an approval and freed by a decline.
  if (next.paymentMethodId && t.status !== 'requires_action') {
    const card = await r.paymentMethods.get(next.paymentMethodId);
    if (card) {
      const approved = t.status === 'approved';
      const picksUpAddress =
        approved && billingAddress !== undefined && card.billingAddressSealed === null && t.avsResult !== 'no_match';
      await r.paymentMethods.update({
        ...card,
        usedBy: card.usedBy === attemptId ? null : (card.usedBy ?? null),
        usedAt: approved ? (card.usedAt ?? now) : card.usedAt,
        billingAddressSealed: picksUpAddress ? deps.sealer.seal(billingAddress) : card.billingAddressSealed,
        updatedAt: now,
      });
    }
  }

  const session = next.sessionId ? await r.sessions.get(next.sessionId) : undefined;
  let revoke: string[] = [];
  if (session && t.status !== 'requires_action') {
    await settleSession(r, session, next, t, attemptId, now);
    // Paid: the session's open browser forms are closed, so no other tab can pay it too.
    if (t.status === 'approved') revoke = await closeForms(r, session.id, now);
  }
  await emitCharge(r, deps, merchant, next, t, session);
  return { intent: next, revoke };
}

/** Doc 3: an elements session charged server-side with `session_id` is settled by that charge. */
async function settleSession(r: Repos, s: SessionRecord, intent: PaymentIntentRecord, t: ProcessorTransaction, attemptId: string | null, now: string) {
  const mine = s.chargeLock === attemptId;
  if (t.status === 'declined') {
    // A server-side decline leaves the session open: the merchant can charge another card.
    if (mine) await r.sessions.update({ ...s, status: 'pending', chargeLock: null, lastPaymentError: { code: 'card_declined', decline_code: intent.declineCode }, updatedAt: now });
    return;
  }
  if (s.status === 'succeeded' || s.status === 'expired') {
    // A second payment is recorded, never discarded (Doc 1): vp_tx_count shows it.
    await r.sessions.update({ ...s, ...(mine ? { chargeLock: null } : {}), vpTxCount: s.vpTxCount + (intent.vpTxId ? 1 : 0), paymentIntentId: null, updatedAt: now });
    return;
  }
  const held = intent.status === 'authorized';
  await r.sessions.update(
    moveTo(
      s,
      'succeeded',
      {
        expiredFrom: null,
        paymentStatus: held ? 'held' : 'paid',
        transactionId: t.id,
        vpTxId: intent.vpTxId,
        vpTxCount: s.vpTxCount + (intent.vpTxId ? 1 : 0),
        paymentIntentId: intent.id,
        retry: null,
        chargeLock: null,
      },
      now,
    ),
  );
}


/**
 * The outbox events of a charge outcome. `payment_intent.succeeded` and `charge.succeeded` fire
 * when money is captured, not for an authorization that is only held.
 */
async function emitCharge(r: Repos, deps: Pick<Deps, 'clock'>, merchant: Merchant, intent: PaymentIntentRecord, t: ProcessorTransaction, session: SessionRecord | undefined) {
  const events: [EventType, Record<string, unknown>][] = [];
  const data = chargeEventData(intent, t, session);
  if (intent.status === 'succeeded' || intent.status === 'captured') {
    events.push(['payment_intent.succeeded', { ...data, status: intent.status }], ['charge.succeeded', data]);
  } else if (intent.status === 'failed') {
    const failure = failureEventData(data, intent.declineCode!, { ruleCode: intent.ruleCode ?? null });
    events.push(['charge.failed', failure], ['payment_intent.failed', { ...failure, status: 'failed' }]);
  }
  for (const [type, d] of events) await emit(r, deps.clock, merchant.id, intent.livemode, type, d);
}

/** `POST /v1/payment_intents/{id}/capture`: full, or partial with `amount_to_capture`. */
export async function captureIntent(deps: IntentDeps, auth: AuthContext, id: string, amountToCapture: number | undefined): Promise<PaymentIntentRecord> {
  const processor = processorOf(deps, auth.merchant);
  const attemptId = newId.attempt();
  const intent = await deps.store.tx(async (r) => {
    const p = await intentForKey(r, auth, id);
    if (p.status !== 'authorized' || p.pendingOp) throw new ApiError('invalid_transition', `A payment intent in status ${p.status}${p.pendingOp ? ' with a capture or void in flight' : ''} cannot be captured.`);
    const authorized = p.authorizedAmount ?? p.amount;
    const amount = amountToCapture ?? authorized;
    if (amount > authorized) throw new ApiError('capture_amount_exceeds_authorized', `amount_to_capture ${amount} is above the authorized ${authorized}.`, { authorized_amount: authorized });
    await r.attempts.insert(
      newAttempt({ id: attemptId, merchantId: p.merchantId, livemode: p.livemode, kind: 'capture', sessionId: p.sessionId, intentId: p.id, amount, currency: p.currency }, deps.clock.nowMs()),
    );
    const locked = { ...p, pendingOp: attemptId, updatedAt: deps.clock.iso() };
    await r.payments.update(locked);
    return { ...locked, captureAmount: amount, before: p };
  });
  let t: ProcessorTransaction;
  try {
    t = await processor.capture(auth.merchant, { transactionId: intent.processorRef!, amount: intent.captureAmount, reference: attemptId });
  } catch (err) {
    if (err instanceof ProcessorRejectedError || (err instanceof ProcessorUnavailableError && err.nothingMoved)) {
      await releaseOp(deps, intent.id, attemptId, intent.before);
      if (err instanceof ProcessorUnavailableError) throw new ApiError('provider_unavailable');
      throw new ApiError('provider_request_rejected', err.message, { reason: err.reason });
    }
    deps.log.warn('capture outcome unknown', { intent: intent.id, error: err instanceof Error ? err.message : String(err) });
    throw new ApiError('payment_outcome_unknown', undefined, { payment_intent: intent.id });
  }
  return deps.store.tx((r) => applyCapture(r, deps, auth.merchant, intent.id, attemptId, t));
}

/** Applies a capture the processor made (or, for an async settlement, started), once. */
export async function applyCapture(r: Repos, deps: Pick<Deps, 'clock'>, merchant: Merchant, intentId: string, attemptId: string | null, t: ProcessorTransaction) {
  const now = deps.clock.iso();
  if (attemptId) await closeAttempt(r, attemptId, 'done', now);
  const current = (await r.payments.get(intentId))!;
  if (current.status !== 'authorized' || !isCaptured(t)) {
    if (current.pendingOp === attemptId && attemptId) await r.payments.update({ ...current, pendingOp: null, updatedAt: now });
    return current;
  }
  const next: PaymentIntentRecord = {
    ...current,
    status: t.capture === 'pending' ? 'captured' : 'succeeded',
    capturedAmount: t.capturedAmount ?? current.authorizedAmount ?? current.amount,
    vpTxId: newId.transaction(current.livemode),
    pendingOp: null,
    updatedAt: now,
  };
  await r.payments.update(next);
  await r.settlements.insert(settlementOf(next, t, now));
  const session = next.sessionId ? await r.sessions.get(next.sessionId) : undefined;
  if (session && session.paymentIntentId === next.id) {
    await r.sessions.update({ ...session, paymentStatus: 'paid', vpTxId: next.vpTxId, vpTxCount: session.vpTxCount + 1, updatedAt: now });
  }
  await emitCharge(r, deps, merchant, next, t, session);
  return next;
}

/** `POST /v1/payment_intents/{id}/void`: releases an authorization; after capture it is a refund's job. */
export async function voidIntent(deps: IntentDeps, auth: AuthContext, id: string): Promise<PaymentIntentRecord> {
  const processor = processorOf(deps, auth.merchant);
  const attemptId = newId.attempt();
  const intent = await deps.store.tx(async (r) => {
    const p = await intentForKey(r, auth, id);
    if (p.status !== 'authorized' || p.pendingOp) throw new ApiError('invalid_transition', `A payment intent in status ${p.status}${p.pendingOp ? ' with a capture or void in flight' : ''} cannot be voided; after capture use a refund.`);
    await r.attempts.insert(
      newAttempt({ id: attemptId, merchantId: p.merchantId, livemode: p.livemode, kind: 'void', sessionId: p.sessionId, intentId: p.id, amount: p.amount, currency: p.currency }, deps.clock.nowMs()),
    );
    const locked = { ...p, pendingOp: attemptId, updatedAt: deps.clock.iso() };
    await r.payments.update(locked);
    return { ...locked, before: p };
  });
  let t: ProcessorTransaction;
  try {
    t = await processor.void(auth.merchant, { transactionId: intent.processorRef!, reference: attemptId });
  } catch (err) {
    if (err instanceof ProcessorRejectedError || (err instanceof ProcessorUnavailableError && err.nothingMoved)) {
      await releaseOp(deps, intent.id, attemptId, intent.before);
      if (err instanceof ProcessorUnavailableError) throw new ApiError('provider_unavailable');
      throw new ApiError('provider_request_rejected', err.message, { reason: err.reason });
    }
    throw new ApiError('payment_outcome_unknown', undefined, { payment_intent: intent.id });
  }
  return deps.store.tx((r) => applyVoid(r, deps, intent.id, attemptId, t));
}

export async function applyVoid(r: Repos, deps: Pick<Deps, 'clock'>, intentId: string, attemptId: string | null, t: ProcessorTransaction) {
  const now = deps.clock.iso();
  if (attemptId) await closeAttempt(r, attemptId, 'done', now);
  const current = (await r.payments.get(intentId))!;
  if (current.status !== 'authorized' || t.capture !== 'voided') {
    if (current.pendingOp === attemptId && attemptId) await r.payments.update({ ...current, pendingOp: null, updatedAt: now });
    return current;
  }
  const next: PaymentIntentRecord = { ...current, status: 'voided', pendingOp: null, updatedAt: now };
  await r.payments.update(next);
  const session = next.sessionId ? await r.sessions.get(next.sessionId) : undefined;
  if (session && session.paymentIntentId === next.id) await r.sessions.update({ ...session, paymentStatus: 'cancelled', updatedAt: now });
  return next;
}

/**
 * The processor never saw the charge of an intent answered `payment_outcome_unknown`: the intent
 * fails (`processing_error`, nothing charged), its card and session are freed, and the merchant
 * hears `payment_intent.failed`.
 */
export async function failUnseenCharge(deps: Pick<Deps, 'store' | 'clock'>, merchant: Merchant, intentId: string, attemptId: string) {
  await deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    if (!(await closeAttempt(r, attemptId, 'failed', now))) return;
    const p = (await r.payments.get(intentId))!;
    if (p.status !== 'requires_action' || p.processorRef !== null) return;
    const next: PaymentIntentRecord = { ...p, status: 'failed', declineCode: 'processing_error', statusReason: 'not_received_by_processor', updatedAt: now };
    await r.payments.update(next);
    if (p.paymentMethodId) {
      const card = await r.paymentMethods.get(p.paymentMethodId);
      if (card?.usedBy === attemptId) await r.paymentMethods.update({ ...card, usedBy: null, updatedAt: now });
    }
    const session = p.sessionId ? await r.sessions.get(p.sessionId) : undefined;
    if (session?.chargeLock === attemptId) await r.sessions.update({ ...session, status: 'pending', chargeLock: null, updatedAt: now });
    const data = chargeEventData(next, null, session);
    await emit(r, deps.clock, merchant.id, p.livemode, 'payment_intent.failed', {
      ...failureEventData(data, 'processing_error', { reason: 'The processor never received the charge; nothing was charged.' }),
      status: 'failed',
    });
  });
}

/** A capture or void the processor never made: the intent stays authorized and can be captured again. */
export async function releaseOp(deps: Pick<Deps, 'store' | 'clock'>, intentId: string, attemptId: string, before?: PaymentIntentRecord) {
  await deps.store.tx(async (r) => {
    // Refused (`before` given): no trace. Given up on by the reconciler: kept on record as failed.
    if (before) await forgetAttempt(r, attemptId);
    else await closeAttempt(r, attemptId, 'failed', deps.clock.iso());
    const p = (await r.payments.get(intentId))!;
    if (p.pendingOp === attemptId) await r.payments.update({ ...p, pendingOp: null, updatedAt: before?.updatedAt ?? p.updatedAt });
  });
}

/** A settlement can be refunded once the processor confirmed it and its `settlesAt` (service clock) has passed. */
export function isSettled(s: SettlementRecord, nowIso: string): boolean {
  return s.status === 'settled' && (s.settlesAt === null || s.settlesAt <= nowIso);
}

export interface RefundTotals {
  amount_refunded: number;
  remaining_refundable: number;
  refundable: boolean;
}

/**
 * Refund totals of one settlement (Doc 1 session fields, Doc 2 intent and `GET /v1/refunds`):
 * `amount_refunded` counts succeeded and in-progress refunds (failed and canceled excluded);
 * `refundable` needs a succeeded parent, a settled payment, no dispute and something left;
 * `remaining_refundable` is 0 when it is not refundable.
 */
export async function settlementRefundTotals(
  reads: Pick<Reads, 'refunds'>,
  settlement: SettlementRecord,
  opts: { now: string; intentStatus?: PaymentIntentRecord['status'] | null },
): Promise<RefundTotals> {
  const refunded = await reads.refunds.committedAmount(settlement.id);
  const remaining = Math.max(settlement.amount - refunded, 0);
  const parentOk = opts.intentStatus === undefined || opts.intentStatus === null || opts.intentStatus === 'succeeded';
  const refundable = parentOk && isSettled(settlement, opts.now) && settlement.dispute === null && remaining > 0;
  return { amount_refunded: refunded, remaining_refundable: refundable ? remaining : 0, refundable };
}

/** Refund totals of an intent (Doc 2: the same meaning as on the session). `now` is the service clock. */
export async function refundTotals(reads: Pick<Reads, 'settlements' | 'refunds'>, intent: PaymentIntentRecord, now?: string): Promise<RefundTotals> {
  const settlement = intent.vpTxId ? await reads.settlements.get(intent.vpTxId) : undefined;
  if (!settlement) return { amount_refunded: 0, remaining_refundable: 0, refundable: false };
  // Without a clock only the processor's confirmation counts (a delayed settlement reads as settled).
  return settlementRefundTotals(reads, settlement, { now: now ?? '9999', intentStatus: intent.status });
}
