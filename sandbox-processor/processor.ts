/**
 * The sandbox processor's business rules, free of HTTP: client tokens, charges with a token (the
 * browser) or with card data and a caller's reference (server to server), and reading its records.
 * It keeps the brand, last four and expiry of a card and never the number or CVC (Doc 3).
 */
import { randomBytes } from 'node:crypto';
import { detectBrand, luhnValid } from '../src/card/index.ts';
import type { ChargeCard } from '../src/api/checkout.ts';
import { behaviourOf } from './cards.ts';
import type { ProcessorRepo, TokenRecord, TransactionRecord } from './store/repo.ts';

/** Client tokens live as long as a provider's hosted-fields credential (Doc 1, expire rule 4). */
const TOKEN_TTL_MS = 60 * 60 * 1000;

/** The processor refused the request before any money moved; `reason` is its wire code. */
export class ChargeRefused extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ChargeContext {
  merchantId: string;
  sessionId: string | null;
  livemode: boolean;
  amount: number;
  currency: string;
}

const newId = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

export class SandboxProcessorCore {
  constructor(
    private readonly repo: ProcessorRepo,
    /** The sandbox follows the service clock, so tests that move time move token and card expiry too (Doc 3, Starting it). */
    private readonly now: () => Date,
    private readonly tx: <T>(fn: () => T) => T,
  ) {}

  issueToken(ctx: ChargeContext & { sessionId: string }): TokenRecord {
    const now = this.now().getTime();
    const record = {
      token: newId('sbx_tok_'),
      ...ctx,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + TOKEN_TTL_MS).toISOString(),
    };
    this.repo.insertToken(record);
    return { ...record, usedBy: null };
  }

  /** The browser charge API: the fields page pays with the token `init` handed out. */
  chargeWithToken(token: string, card: ChargeCard): TransactionRecord {
    const tok = this.repo.getToken(token);
    if (!tok) throw new ChargeRefused('token_invalid', 'This payment form has expired. Reload the page.');
    if (tok.usedBy) throw new ChargeRefused('token_used', 'This payment form was already used. Reload the page.');
    if (tok.expiresAt <= this.now().toISOString()) throw new ChargeRefused('token_expired', 'This payment form has expired. Reload the page.');
    const t = this.#authorize(card, { ...tok, token, reference: null });
    return this.tx(() => {
      if (!this.repo.useToken(token, t.id)) throw new ChargeRefused('token_used', 'This payment form was already used. Reload the page.');
      this.repo.insertTransaction(t);
      return t;
    });
  }

  /**
   * Server-to-server charge. With a reference it is idempotent: the check and the insert share one
   * transaction, so the same reference never charges twice and a retry gets the first answer.
   */
  chargeDirect(ctx: ChargeContext & { reference: string | null }, card: ChargeCard): { transaction: TransactionRecord; created: boolean } {
    return this.tx(() => {
      const existing = ctx.reference === null ? undefined : this.repo.transactionByReference(ctx.merchantId, ctx.reference);
      if (existing) {
        if (existing.amount !== ctx.amount || existing.currency !== ctx.currency || existing.sessionId !== ctx.sessionId) {
          throw new ChargeRefused('reference_reused', 'This reference already names a different charge.');
        }
        return { transaction: existing, created: false };
      }
      const t = this.#authorize(card, { ...ctx, token: null });
      this.repo.insertTransaction(t);
      return { transaction: t, created: true };
    });
  }

  /** Records are scoped to the account that made them: another merchant's id reads as unknown. */
  transaction(merchantId: string, id: string): TransactionRecord | undefined {
    const t = this.repo.getTransaction(id);
    return t && t.merchantId === merchantId ? t : undefined;
  }

  transactionByReference(merchantId: string, reference: string): TransactionRecord | undefined {
    return this.repo.transactionByReference(merchantId, reference);
  }

  #authorize(card: ChargeCard, ctx: ChargeContext & Pick<TransactionRecord, 'token' | 'reference'>): TransactionRecord {
    if (!luhnValid(card.number)) throw new ChargeRefused('invalid_number', 'The card number is not valid.');
    const brand = detectBrand(card.number);
    const cvcLength = brand === 'amex' ? 4 : 3;
    if (card.cvc.length !== cvcLength) throw new ChargeRefused('invalid_cvc', `The security code must be ${cvcLength} digits.`);
    const now = this.now();
    const expired =
      card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
    const behaviour = behaviourOf(card.number);
    const declineCode = expired ? 'expired_card' : behaviour.outcome === 'decline' ? behaviour.code : null;
    return {
      id: newId('sbx_txn_'),
      token: ctx.token,
      reference: ctx.reference,
      merchantId: ctx.merchantId,
      sessionId: ctx.sessionId,
      livemode: ctx.livemode,
      amount: ctx.amount,
      currency: ctx.currency,
      status: declineCode ? 'declined' : 'approved',
      declineCode,
      brand,
      last4: card.number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
      // Doc 3: postal code 99999 gives an AVS no_match, CVC 000 a CVV no_match; approval stands.
      avsResult: card.postalCode === undefined ? null : card.postalCode === '99999' ? 'no_match' : 'match',
      cvvResult: card.cvc === '000' ? 'no_match' : 'match',
      createdAt: now.toISOString(),
    };
  }
}
