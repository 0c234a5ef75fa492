/**
 * The sandbox processor's business rules, free of HTTP: client tokens, the vault, charges with a
 * token (the browser), with card data or with a vaulted card (server to server, once per caller
 * reference), the bank challenge, capture and void. The card table's answer to one charge is in
 * ./authorize.ts, refunds in ./refunds.ts, events and clock driven changes in
 * ./provider-events.ts. It keeps the brand, last four, expiry and test-card behaviour of a card
 * and never the number or CVC (Doc 3).
 */
import type { ChargeCard } from '../src/api/checkout.ts';
import { authorize, avsOf, captureEffects, cardFacts, expired, type ChargeContext } from './authorize.ts';
import { cardForReference } from './cards.ts';
import type { Outbox } from './outbox.ts';
import type { ChargeSent, ProcessorRepo, TokenRecord, TransactionRecord, VaultRecord } from './store/repo.ts';
import { wireTransaction } from './wire.ts';
import type { AppleMerchantSession, AppleSessionRequest, WalletToken } from './api.ts';
import { appleMerchantSession, walletFacts } from './wallets.ts';
import { ChargeRefused, REFERENCE_EXPIRY, newId, type CardFacts } from './facts.ts';

export { ChargeRefused, ProviderDown, REFERENCE_EXPIRY, type CardFacts, type RefusalStatus } from './facts.ts';

/** Client tokens live as long as a provider's hosted-fields credential (Doc 1, expire rule 4). */
const TOKEN_TTL_MS = 60 * 60 * 1000;

export interface DirectChargeOptions {
  reference: string | null;
  capture: boolean;
  returnUrl: string | null;
  /** The merchant page origin that may frame the bank challenge besides the service; null when none. */
  frameAncestor?: string | null;
  billingPostalCode: string | null;
  merchantInitiated: boolean;
  /** The bank check already ran in the buyer's browser (Braintree's 3-D Secure), and how it ended. */
  threeDSecure?: 'authenticated' | 'failed' | null;
  /** What the charge carries beyond the money (descriptor, rule tags, names, buyer IP), kept on its transaction. */
  sent?: ChargeSent | null;
}

/** A charge's result; `lost`: recorded, but the answer must be lost (card 0090, answered 502). */
export interface ChargeResult {
  transaction: TransactionRecord;
  created: boolean;
  lost: boolean;
}

const notFound = () => new ChargeRefused('transaction_not_found', 'No such transaction.', 404);

/** A call whose reference the service fenced before it arrived: refused, nothing moves. */
export const fencedRefusal = () => new ChargeRefused('reference_fenced', 'The caller gave up on this reference before the call arrived; it is never acted on.', 409);

export class SandboxProcessorCore {
  constructor(
    readonly repo: ProcessorRepo,
    /** The sandbox follows the service clock, so tests that move time move token and card expiry too (Doc 3, Starting it). */
    readonly now: () => Date,
    readonly tx: <T>(fn: () => T) => T,
    readonly outbox: Outbox,
    readonly publicUrl: string,
  ) {}

  /** The transaction as the wire and events show it, at this moment of the clock. */
  wire(t: TransactionRecord) {
    return wireTransaction(t, this.now(), this.publicUrl);
  }

  issueToken(ctx: ChargeContext & { sessionId: string; capture: boolean; returnUrl?: string | null }): TokenRecord {
    const now = this.now().getTime();
    const record = {
      token: newId('sbx_tok_'),
      ...ctx,
      returnUrl: ctx.returnUrl ?? null,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + TOKEN_TTL_MS).toISOString(),
    };
    this.repo.insertToken(record);
    return { ...record, usedBy: null, revokedAt: null };
  }

  /** Stops a token from charging (the session settled, expired or moved on). Revoking twice is fine. */
  revokeToken(merchantId: string, token: string) {
    const tok = this.repo.getToken(token);
    if (!tok || tok.merchantId !== merchantId) throw new ChargeRefused('token_not_found', 'No such client token.', 404);
    this.repo.revokeToken(token, this.now().toISOString());
  }

  /**
   * The browser charge API: the fields page pays with the token `init` handed out. The charge's
   * reference is the token, so the service can look it up by the token it handed out.
   */
  chargeWithToken(token: string, card: ChargeCard): ChargeResult {
    const tok = this.repo.getToken(token);
    if (!tok) throw new ChargeRefused('token_invalid', 'This payment form has expired. Reload the page.');
    if (tok.revokedAt) throw new ChargeRefused('token_revoked', 'This payment form is no longer valid. Reload the page.', 409);
    if (tok.usedBy) throw new ChargeRefused('token_used', 'This payment form was already used. Reload the page.', 409);
    if (tok.expiresAt <= this.now().toISOString()) throw new ChargeRefused('token_expired', 'This payment form has expired. Reload the page.', 409);
    const facts = cardFacts(card);
    const t = authorize(facts, { ...tok, token, reference: token }, { capture: tok.capture, returnUrl: tok.returnUrl, merchantInitiated: false, browser: true }, this.now());
    const result = this.tx(() => {
      if (!this.repo.useToken(token, t.id)) {
        const now = this.repo.getToken(token);
        if (now?.revokedAt) throw new ChargeRefused('token_revoked', 'This payment form is no longer valid. Reload the page.', 409);
        throw new ChargeRefused('token_used', 'This payment form was already used. Reload the page.', 409);
      }
      this.repo.insertTransaction(t);
      // The service hears of a browser charge from the processor too, not only from the browser.
      this.outbox.enqueue({ type: 'transaction.updated', transaction: this.wire(t) });
      return { transaction: t, created: true, lost: t.behaviour.outcome === 'outcome_unknown' };
    });
    this.outbox.kick();
    return result;
  }

  /**
   * Server-to-server charge of card data or of a vaulted card. With a reference it is idempotent:
   * the check and the insert share one transaction, so the same reference never charges twice and
   * a retry gets the first transaction.
   */
  chargeDirect(ctx: ChargeContext & DirectChargeOptions, source: { card: ChargeCard } | { vaultId: string } | { wallet: WalletToken }): ChargeResult {
    return this.tx(() => {
      const vaultId = 'vaultId' in source ? source.vaultId : null;
      const existing = ctx.reference === null ? undefined : this.repo.transactionByReference(ctx.merchantId, ctx.reference);
      if (existing) {
        if (existing.amount !== ctx.amount || existing.currency !== ctx.currency || existing.sessionId !== ctx.sessionId || existing.vaultId !== vaultId) {
          throw new ChargeRefused('reference_reused', 'This reference already names a different charge.', 409);
        }
        return { transaction: existing, created: false, lost: false };
      }
      if (ctx.reference !== null && this.repo.isFenced(ctx.merchantId, ctx.reference)) throw fencedRefusal();
      const facts =
        'card' in source ? cardFacts(source.card) : 'wallet' in source ? walletFacts(source.wallet) : this.#vaultFacts(ctx, source.vaultId, ctx.billingPostalCode);
      // No buyer present: nobody to type a CVC (Doc 3 decisions: `not_provided`).
      if (ctx.merchantInitiated) facts.cvvResult = 'not_provided';
      const t = authorize(facts, { ...ctx, token: null }, { ...ctx, browser: false }, this.now());
      t.sent = ctx.sent ?? null;
      this.repo.insertTransaction(t);
      return { transaction: t, created: true, lost: t.captureState !== 'none' && t.behaviour.outcome === 'outcome_unknown' };
    });
  }

  /**
   * Puts a card in the vault: a reference to a card of the table, card data checked as a charge
   * would, or the card an approved transaction of this account (and mode) paid with, as a provider
   * saves the card of a payment its own form or a wallet made (charge and save).
   */
  vault(merchantId: string, input: { providerReference: string; livemode: boolean } | { card: ChargeCard; livemode: boolean } | { transactionId: string; livemode: boolean }): VaultRecord {
    let facts: Omit<VaultRecord, 'id' | 'merchantId' | 'livemode' | 'createdAt'>;
    if ('transactionId' in input) {
      const t = this.transaction(merchantId, input.transactionId);
      if (!t || t.livemode !== input.livemode || t.status !== 'approved') throw new ChargeRefused('unknown_transaction', 'No approved transaction of this account with that id.');
      facts = { brand: t.brand, last4: t.last4, expMonth: t.expMonth, expYear: t.expYear, behaviour: t.behaviour, cvvResult: t.cvvResult };
    } else if ('providerReference' in input) {
      const card = cardForReference(input.providerReference);
      if (!card) {
        throw new ChargeRefused(
          'unknown_reference',
          'Unknown provider reference: use tok_sandbox_<brand>_<last four> naming a card of the sandbox test-card table, for example tok_sandbox_visa_4242.',
        );
      }
      facts = { brand: card.brand, last4: card.last4, ...REFERENCE_EXPIRY, behaviour: card.behaviour, cvvResult: null };
    } else {
      const f = cardFacts(input.card);
      if (expired(f, this.now())) throw new ChargeRefused('invalid_expiry', 'The card has expired.');
      facts = { brand: f.brand, last4: f.last4, expMonth: f.expMonth, expYear: f.expYear, behaviour: f.behaviour, cvvResult: f.cvvResult };
    }
    const record: VaultRecord = { id: newId('sbx_pm_'), merchantId, livemode: input.livemode, createdAt: this.now().toISOString(), ...facts };
    this.repo.insertVaulted(record);
    return record;
  }

  /** Apple Pay merchant validation, on the sandbox's clock (wallets.ts). */
  appleMerchantSession(merchantId: string, req: AppleSessionRequest): AppleMerchantSession {
    return appleMerchantSession(merchantId, req, this.now().getTime());
  }

  /** Records are scoped to the account that made them: another merchant's id reads as unknown. */
  transaction(merchantId: string, id: string): TransactionRecord | undefined {
    const t = this.repo.getTransaction(id);
    return t && t.merchantId === merchantId ? t : undefined;
  }

  transactionByReference(merchantId: string, reference: string): TransactionRecord | undefined {
    return this.repo.transactionByReference(merchantId, reference);
  }

  /**
   * The buyer's answer on the bank-challenge page (or a test's): approve gives an approved charge
   * (captured when the charge asked for capture), fail gives a decline; card 0116 declines after
   * either. The service hears it as `transaction.updated`.
   */
  /**
   * The fields page's answer to a bank check it shows itself (an embedded checkout's form has no
   * return URL): allowed only with the form's token that made this charge, so the token is the
   * browser's proof. Anything else is not found.
   */
  answerInlineChallenge(token: string, id: string, result: 'approve' | 'fail'): TransactionRecord {
    const tok = this.repo.getToken(token);
    const t = this.repo.getTransaction(id);
    if (!tok || tok.usedBy !== id || !t || t.returnUrl !== null) throw notFound();
    return this.resolveChallenge(tok.merchantId, id, result);
  }

  resolveChallenge(merchantId: string | null, id: string, result: 'approve' | 'fail'): TransactionRecord {
    const t = this.tx(() => {
      const t = this.repo.getTransaction(id);
      if (!t || (merchantId !== null && t.merchantId !== merchantId)) throw notFound();
      if (t.status !== 'requires_action') throw new ChargeRefused('not_pending', 'This authentication is already complete.', 409);
      const declineAfter = t.behaviour.outcome === 'challenge' && t.behaviour.declineAfter;
      const now = this.now();
      t.threeDSecure = { outcome: result === 'approve' ? 'authenticated' : 'failed', method: 'challenge', version: '2.2.0', eci: result === 'approve' ? '05' : '07' };
      if (result === 'approve' && !declineAfter) {
        t.status = 'approved';
        if (t.captureRequested) captureEffects(t, t.amount, now);
      } else {
        t.status = 'declined';
        t.declineCode = 'card_declined';
      }
      this.repo.updateTransaction(t);
      this.outbox.enqueue({ type: 'transaction.updated', transaction: this.wire(t) });
      return t;
    });
    this.outbox.kick();
    return t;
  }

  /** Captures an authorization, in full or in part, once per reference. */
  capture(merchantId: string, id: string, req: { amount: number; reference: string }): ChargeResult {
    return this.tx(() => {
      const t = this.transaction(merchantId, id);
      if (!t) throw notFound();
      if (t.captureReference === req.reference) {
        if (t.capturedAmount !== req.amount) throw new ChargeRefused('reference_reused', 'This reference already names a different capture.', 409);
        return { transaction: t, created: false, lost: false };
      }
      if (this.repo.isFenced(merchantId, req.reference)) throw fencedRefusal();
      if (t.status !== 'approved' || t.captureState !== 'none') {
        throw new ChargeRefused('invalid_state', 'Only an authorized, uncaptured transaction can be captured.', 409);
      }
      if (req.amount > t.amount) throw new ChargeRefused('amount_exceeds_authorized', `At most ${t.amount} can be captured.`);
      captureEffects(t, req.amount, this.now());
      t.captureReference = req.reference;
      this.repo.updateTransaction(t);
      return { transaction: t, created: true, lost: t.behaviour.outcome === 'outcome_unknown' };
    });
  }

  /** Releases an authorization before capture, once per reference. */
  void(merchantId: string, id: string, req: { reference: string }): TransactionRecord {
    return this.tx(() => {
      const t = this.transaction(merchantId, id);
      if (!t) throw notFound();
      if (t.voidReference === req.reference) return t;
      if (this.repo.isFenced(merchantId, req.reference)) throw fencedRefusal();
      if (t.status !== 'approved' || t.captureState !== 'none') {
        throw new ChargeRefused('invalid_state', 'Only an authorized, uncaptured transaction can be voided.', 409);
      }
      t.captureState = 'voided';
      t.voidReference = req.reference;
      this.repo.updateTransaction(t);
      return t;
    });
  }

  /**
   * The service gives up on a reference: from now on a charge, capture, void or refund carrying it
   * is refused (one that already happened stays, and is what a look-up then finds). Fencing twice is fine.
   */
  fenceReference(merchantId: string, reference: string): void {
    this.tx(() => this.repo.fence(merchantId, reference, this.now().toISOString()));
  }

  #vaultFacts(ctx: ChargeContext, vaultId: string, postalCode: string | null): CardFacts {
    const v = this.repo.getVaulted(vaultId);
    // Another account's card, or the other mode's, reads as unknown.
    if (!v || v.merchantId !== ctx.merchantId || v.livemode !== ctx.livemode) throw new ChargeRefused('unknown_vault_id', 'No such vaulted card.');
    return { ...v, cvvResult: v.cvvResult ?? 'not_provided', avsResult: avsOf(postalCode), vaultId: v.id };
  }
}
