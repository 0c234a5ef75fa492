/**
 * The in-process sandbox processor: a stand-in for a real provider with its own client tokens,
 * its own charge API (served on its own origin by ./app.ts) and its own records. It keeps the
 * brand, last four and expiry of a card and never the number or CVC (Doc 3).
 */
import { randomChars } from '../../ids.ts';
import { detectBrand, luhnValid } from '../../../card/index.ts';
import type { ChargeCard, InitResponse } from '../../../api/checkout.ts';
import type { Clock } from '../../clock.ts';
import type { Merchant, SessionRecord } from '../../engine/types.ts';
import type { SandboxRepo, SbxTransaction } from '../../store/sqlite/sandbox.ts';
import { ProcessorRejectedError, type Processor, type ProcessorTransaction } from '../types.ts';
import { behaviourOf } from './cards.ts';

/** Client tokens live as long as a provider's hosted-fields credential (Doc 1, expire rule 4). */
const TOKEN_TTL_MS = 60 * 60 * 1000;

export class SandboxProcessor implements Processor {
  constructor(
    private readonly repo: SandboxRepo,
    private readonly clock: Clock,
    private readonly processorUrl: string,
    private readonly tx: <T>(fn: () => T) => T,
  ) {}

  async clientInit(merchant: Merchant, session: SessionRecord): Promise<InitResponse> {
    const token = `sbx_tok_${randomChars(32)}`;
    const now = this.clock.nowMs();
    this.repo.insertToken({
      token,
      merchantId: merchant.id,
      sessionId: session.id,
      livemode: session.livemode,
      amount: session.amount,
      currency: session.currency,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + TOKEN_TTL_MS).toISOString(),
    });
    return { type: 'sandbox', token, environment: 'sandbox', fieldsUrl: `${this.processorUrl}/fields` };
  }

  async verifyTransaction(merchant: Merchant, transactionId: string): Promise<ProcessorTransaction | null> {
    const t = this.repo.getTransaction(transactionId);
    if (!t || t.merchantId !== merchant.id) return null;
    return toProcessorTransaction(t);
  }

  async charge(merchant: Merchant, session: SessionRecord, card: ChargeCard): Promise<ProcessorTransaction> {
    const t = this.#authorize(card, {
      token: null,
      merchantId: merchant.id,
      sessionId: session.id,
      livemode: session.livemode,
      amount: session.amount,
      currency: session.currency,
    });
    this.repo.insertTransaction(t);
    return toProcessorTransaction(t);
  }

  /** The processor's public charge API: the browser pays with the token `init` handed out. */
  chargeWithToken(token: string, card: ChargeCard): SbxTransaction {
    const tok = this.repo.getToken(token);
    if (!tok) throw new ProcessorRejectedError('token_invalid', 'This payment form has expired. Reload the page.');
    if (tok.usedBy) throw new ProcessorRejectedError('token_used', 'This payment form was already used. Reload the page.');
    if (tok.expiresAt <= this.clock.iso()) throw new ProcessorRejectedError('token_expired', 'This payment form has expired. Reload the page.');
    const t = this.#authorize(card, { ...tok, token });
    return this.tx(() => {
      if (!this.repo.useToken(token, t.id)) throw new ProcessorRejectedError('token_used', 'This payment form was already used. Reload the page.');
      this.repo.insertTransaction(t);
      return t;
    });
  }

  #authorize(
    card: ChargeCard,
    ctx: Pick<SbxTransaction, 'token' | 'merchantId' | 'sessionId' | 'livemode' | 'amount' | 'currency'>,
  ): SbxTransaction {
    if (!luhnValid(card.number)) throw new ProcessorRejectedError('invalid_number', 'The card number is not valid.');
    const brand = detectBrand(card.number);
    const cvcLength = brand === 'amex' ? 4 : 3;
    if (card.cvc.length !== cvcLength) throw new ProcessorRejectedError('invalid_cvc', `The security code must be ${cvcLength} digits.`);
    const now = this.clock.now();
    const expired =
      card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
    const behaviour = behaviourOf(card.number);
    const declineCode = expired ? 'expired_card' : behaviour.outcome === 'decline' ? behaviour.code : null;
    return {
      id: `sbx_txn_${randomChars(24)}`,
      ...ctx,
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

function toProcessorTransaction(t: SbxTransaction): ProcessorTransaction {
  return {
    id: t.id,
    status: t.status,
    declineCode: t.declineCode,
    amount: t.amount,
    currency: t.currency,
    sessionId: t.sessionId,
    merchantId: t.merchantId,
    card: { brand: t.brand, last4: t.last4, expMonth: t.expMonth, expYear: t.expYear },
    avsResult: t.avsResult,
    cvvResult: t.cvvResult,
  };
}
