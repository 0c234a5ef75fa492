/**
 * The card table's answer to one charge, free of storage and HTTP: what the processor reads of
 * card data, whether a card has expired on the sandbox's clock, the transaction a charge records
 * and what capture does to it. ./processor.ts applies these inside its transactions.
 */
import { detectBrand, luhnValid } from '../src/card/index.ts';
import type { ChargeCard } from '../src/api/checkout.ts';
import { behaviourOf } from './cards.ts';
import { ChargeRefused, ProviderDown, newId, type CardFacts } from './facts.ts';
import type { TransactionRecord } from './store/repo.ts';

/** Card 0074 stays unsettled for one hour of clock after capture (Doc 3, test cards). */
const UNSETTLED_MS = 60 * 60 * 1000;
/** Card 0259: a dispute opens 60 seconds of clock after capture. */
const DISPUTE_AFTER_MS = 60 * 1000;

export interface ChargeContext {
  merchantId: string;
  sessionId: string | null;
  livemode: boolean;
  amount: number;
  currency: string;
}

export const avsOf = (postalCode: string | null | undefined) => (postalCode == null ? null : postalCode === '99999' ? 'no_match' : 'match');

/** What the processor reads of card data; refuses a number that fails Luhn or a CVC of the wrong length. */
export function cardFacts(card: ChargeCard): CardFacts {
  if (!luhnValid(card.number)) throw new ChargeRefused('invalid_number', 'The card number is not valid.');
  const brand = detectBrand(card.number);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (card.cvc.length !== cvcLength) throw new ChargeRefused('invalid_cvc', `The security code must be ${cvcLength} digits.`);
  return {
    brand,
    last4: card.number.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
    behaviour: behaviourOf(card.number),
    // Doc 3: CVC 000 gives a CVV no_match; approval stands.
    cvvResult: card.cvc === '000' ? 'no_match' : 'match',
    avsResult: avsOf(card.postalCode),
    vaultId: null,
  };
}

/** Whether the card's expiry month has passed at `now`. */
export function expired(f: Pick<CardFacts, 'expMonth' | 'expYear'>, now: Date) {
  return f.expYear < now.getUTCFullYear() || (f.expYear === now.getUTCFullYear() && f.expMonth < now.getUTCMonth() + 1);
}

/** Money moves: what each card of the table does once captured. */
export function captureEffects(t: TransactionRecord, amount: number, now: Date) {
  t.capturedAmount = amount;
  t.captureState = t.behaviour.outcome === 'async_capture' ? 'pending' : 'settled';
  if (t.behaviour.outcome === 'unsettled_1h') {
    t.settlesAt = new Date(now.getTime() + UNSETTLED_MS).toISOString();
    t.settleEventDue = true;
  }
  if (t.behaviour.outcome === 'dispute') t.disputeDueAt = new Date(now.getTime() + DISPUTE_AFTER_MS).toISOString();
}

/** The card table's answer to one charge. Throws for what records nothing (refusals, provider down). */
export function authorize(
  facts: CardFacts,
  ctx: ChargeContext & Pick<TransactionRecord, 'token' | 'reference'>,
  opts: {
    capture: boolean;
    returnUrl: string | null;
    frameAncestor?: string | null;
    merchantInitiated: boolean;
    browser: boolean;
    /** The bank check already ran in the buyer's browser before this charge (Braintree's 3-D Secure), and how it ended. */
    threeDSecure?: 'authenticated' | 'failed' | null;
  },
  now: Date,
): TransactionRecord {
  const b = facts.behaviour;
  if (b.outcome === 'unavailable') throw new ProviderDown('The sandbox processor is unavailable (test card 0108).');
  const t: TransactionRecord = {
    id: newId('sbx_txn_'),
    token: ctx.token,
    reference: ctx.reference,
    merchantId: ctx.merchantId,
    sessionId: ctx.sessionId,
    livemode: ctx.livemode,
    amount: ctx.amount,
    currency: ctx.currency,
    status: 'approved',
    declineCode: null,
    ruleCode: null,
    brand: facts.brand,
    last4: facts.last4,
    expMonth: facts.expMonth,
    expYear: facts.expYear,
    avsResult: facts.avsResult,
    cvvResult: facts.cvvResult,
    createdAt: now.toISOString(),
    behaviour: b,
    vaultId: facts.vaultId,
    captureRequested: opts.capture,
    captureState: 'none',
    capturedAmount: 0,
    captureReference: null,
    voidReference: null,
    settlesAt: null,
    settleEventDue: false,
    returnUrl: null,
    frameAncestor: null,
    threeDSecure: null,
    disputeStatus: null,
    disputeOpenedAt: null,
    disputeDueAt: null,
    sent: null,
  };
  if (expired(facts, now)) {
    return { ...t, status: 'declined', declineCode: 'expired_card' };
  }
  if (b.outcome === 'decline') {
    return { ...t, status: 'declined', declineCode: b.code, ruleCode: b.code === 'blocked_by_rule' ? (b.ruleCode ?? null) : null };
  }
  if (b.outcome === 'challenge' && !opts.merchantInitiated && opts.threeDSecure) {
    // Checked before the charge: authenticated pays (unless the card declines after it), failed does not.
    const eci = opts.threeDSecure === 'authenticated' ? '05' : '07';
    const checked = { ...t, threeDSecure: { outcome: opts.threeDSecure, method: 'challenge', version: '2.2.0', eci } };
    if (opts.threeDSecure === 'failed' || b.declineAfter) return { ...checked, status: 'declined', declineCode: 'card_declined' };
    if (opts.capture) captureEffects(checked, checked.amount, now);
    return checked;
  }
  if (b.outcome === 'challenge' && !opts.merchantInitiated) {
    // A browser form with nowhere to send the buyer back (the embedded checkout): the bank check
    // runs inside the fields page, which answers it through the browser API (issue 18, finding 11).
    if (opts.browser && opts.returnUrl === null) return { ...t, status: 'requires_action' };
    if (opts.returnUrl === null) {
      throw new ChargeRefused('missing_redirect_url', 'This card needs a bank challenge: send returnUrl, where the challenge sends the buyer back.');
    }
    return { ...t, status: 'requires_action', returnUrl: opts.returnUrl, frameAncestor: opts.frameAncestor ?? null };
  }
  if (b.outcome === 'frictionless') t.threeDSecure = { outcome: 'authenticated', method: 'frictionless', version: '2.2.0', eci: '05' };
  if (opts.capture) captureEffects(t, t.amount, now);
  return t;
}
