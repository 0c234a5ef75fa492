/**
 * The server half of the Braintree adapter (issue 19; Doc 3 "Provider adapters"), made with the real
 * `braintree` Node SDK: client tokens, vaulting a card reference as a customer's card, sales by
 * vaulted token with the engine's reference as `orderId`, look-ups by that reference, settlement,
 * void and refunds. The same code reaches Braintree or the sandbox's stand-in: only the SDK's
 * Environment differs.
 *
 * Braintree has no idempotency key. A sale or refund names its reference in `orderId` and Braintree's
 * duplicate checking rejects a repeat (`gateway_rejected: duplicate`): that rejection is answered
 * with the first one, found by its reference. Money moves once per reference either way.
 *
 * Failures become the engine's errors: refused with nothing moved (ProcessorRejectedError: a
 * validation error before any transaction, or Braintree refused the caller), or an unknown outcome
 * (ProcessorConflictError: a state error; ProcessorUnavailableError: no usable answer).
 */
import braintree from 'braintree';
import type { Merchant, SessionRecord } from '../../domain/index.ts';
import { ProcessorConflictError, ProcessorRejectedError, ProcessorUnavailableError, type ProcessorRefund, type ProcessorTransaction, type VaultChargeRequest, type VaultInput, type VaultOptions, type VaultedCard } from '../types.ts';
import { majorAmount, refundOf, transactionOf, vaultedOf } from './braintree-read.ts';
import { currencies } from '../../../vocab/currencies.ts';
import { braintreeCustomerId } from './braintree-customer.ts';
import { saleExtras } from './braintree-extras.ts';

export interface BraintreeCallsOptions {
  /** The gateway's merchant id (`gatewayInstanceId`), keys and Environment (Braintree's, or the stand-in's). */
  merchantId: string;
  publicKey: string;
  privateKey: string;
  environment: braintree.Environment;
  timeoutMs?: number;
  /**
   * Set when the keys are the merchant's own (issue 19): the whole gateway is that merchant's, and
   * it charges each currency in the merchant account named here (else the gateway's default).
   * Unset: the platform's gateway, one merchant account per merchant and currency (`merchantAccount`).
   */
  ownAccount?: { merchantAccounts?: Record<string, string> };
}

/** A failure with no Braintree answer to read, as one of the engine's errors. */
export function translate(err: unknown): never {
  const type = (err as { type?: string } | null)?.type;
  // Braintree refused the caller before doing anything: nothing can have moved.
  if (type === 'authenticationError' || type === 'authorizationError' || type === 'tooManyRequestsError' || type === 'upgradeRequired') {
    throw new ProcessorUnavailableError(`Braintree refused the call (${type})`, true);
  }
  // A 5xx, a broken connection or a timeout: Braintree may have acted; the reconciler asks.
  throw new ProcessorUnavailableError(err instanceof Error ? err.message : `Braintree did not answer (${String(type)})`, false);
}

/**
 * A merchant's account at Braintree for one currency (a Braintree merchant account charges in one):
 * `<merchant>_<currency>`, as a platform names its sub-merchants' accounts.
 */
export const merchantAccount = (merchant: Merchant, currency: string) => `${merchant.id}_${currency.toLowerCase()}`;
/** The svcpay merchant a Braintree merchant account belongs to; null for one not named this way. */
export const merchantOfAccount = (account: string | undefined) => (typeof account === 'string' ? (/^(.+)_[a-z]{3}$/.exec(account)?.[1] ?? null) : null);

const isNotFound = (err: unknown) => (err as { type?: string } | null)?.type === 'notFoundError';

/** Braintree's validation error: a customer id already taken. */
const CUSTOMER_ID_TAKEN = '91609';
const deepErrors = (res: braintree.ValidatedResponse<unknown>) => (res as unknown as { errors: { deepErrors(): { code: string; message: string }[] } }).errors.deepErrors();
const codesOf = (res: braintree.ValidatedResponse<unknown>) => deepErrors(res).map((e) => e.code);

/**
 * Braintree's validation errors that say the transaction is no longer in the state the call needs
 * (issue 34, finding 1): 91507 cannot submit for settlement, 91504 cannot be voided, 91512 already
 * refunded. Something moved it (a call that landed late, the merchant's Control Panel): they prove
 * nothing about this call's outcome, and the transaction is read back.
 */
const STATE_CODES = new Set(['91507', '91504', '91512']);

/**
 * What Braintree refused, when no transaction was made: its first validation error. Braintree
 * validates before it acts (a failed result carries no transaction), so a validation error proves
 * nothing moved, except the state errors above (Braintree's "Validation errors" reference).
 */
function refusal(res: braintree.ValidatedResponse<unknown>): ProcessorRejectedError | ProcessorConflictError {
  const first = deepErrors(res)[0];
  const message = first?.message ?? res.message ?? 'Braintree refused the request.';
  if (first && STATE_CODES.has(first.code)) return new ProcessorConflictError(`braintree_${first.code}`, message);
  return new ProcessorRejectedError(first ? `braintree_${first.code}` : 'invalid_request', message);
}

export class BraintreeCalls {
  readonly #gateway: braintree.BraintreeGateway;
  readonly #own: BraintreeCallsOptions['ownAccount'];

  constructor(opts: BraintreeCallsOptions) {
    this.#own = opts.ownAccount;
    this.#gateway = new braintree.BraintreeGateway({ environment: opts.environment, merchantId: opts.merchantId, publicKey: opts.publicKey, privateKey: opts.privateKey });
    // The SDK's own timeout (milliseconds) on every call; the engine's reconciler retries, never the SDK.
    (this.#gateway as unknown as { config: { timeout: number } }).config.timeout = opts.timeoutMs ?? 10_000;
  }

  /**
   * The merchant account a charge in `currency` goes to; undefined: the gateway's default (an own
   * account without one named). An own account that names its merchant accounts has none for
   * another currency: refused before any call, as the gateway's default would take the sale with
   * this currency's digits in its own currency (issue 34, finding 4; the engine refuses it first).
   */
  accountFor(merchant: Merchant, currency: string): string | undefined {
    if (!this.#own) return merchantAccount(merchant, currency);
    const named = this.#own.merchantAccounts;
    if (!named) return undefined;
    const account = named[currency.toLowerCase()];
    if (!account) throw new ProcessorRejectedError('currency_not_supported', `This Braintree account has no merchant account for ${currency.toUpperCase()}; nothing was sent.`);
    return account;
  }

  /** Whether a transaction's merchant account is this merchant's: any, at the merchant's own gateway. */
  #owns(merchant: Merchant, t: { merchantAccountId?: string }): boolean {
    return this.#own !== undefined || merchantOfAccount(t.merchantAccountId) === merchant.id;
  }

  /** A webhook notification, once its signature is this gateway's (the SDK checks it); null when it is not. */
  async notification(signature: string, payload: string): Promise<braintree.WebhookNotification | null> {
    return this.#gateway.webhookNotification.parse(signature, payload).catch(() => null);
  }

  /**
   * A client token for braintree-web, bound to the merchant account of the payment's currency (its
   * 3-D Secure check and the sale are in that account) and a customer, for its saved cards.
   */
  async clientToken(merchant: Merchant, currency: string, customerId?: string): Promise<string> {
    const account = this.accountFor(merchant, currency);
    const res = await this.#gateway.clientToken.generate({ ...(account ? { merchantAccountId: account } : {}), ...(customerId ? { customerId } : {}) }).catch(translate);
    if (!res.success) throw refusal(res);
    return res.clientToken;
  }

  /**
   * Makes sure the customer exists at Braintree: found, or made now. Made by a concurrent call in
   * between (Braintree answers that its id is taken), it exists, which is all this wants.
   */
  async ensureCustomer(customerId: string): Promise<void> {
    try {
      await this.#gateway.customer.find(customerId);
      return;
    } catch (err) {
      if (!isNotFound(err)) translate(err);
    }
    const res = await this.#gateway.customer.create({ id: customerId }).catch(translate);
    if (res.success || codesOf(res).includes(CUSTOMER_ID_TAKEN)) return;
    throw refusal(res);
  }

  /** A card reference in Braintree's vault: filed under the buyer's customer when there is a buyer (Drop-in lists it). */
  async vault(merchant: Merchant, input: VaultInput, opts: VaultOptions = {}): Promise<VaultedCard> {
    // Card data reaches Braintree only from its own fields (Hosted Fields), never through this server.
    if (!('providerReference' in input)) throw new ProcessorRejectedError('unsupported', 'Braintree takes card details only in its own fields; vault a card reference.');
    const options = { verificationMerchantAccountId: this.#own ? this.#own.merchantAccounts?.usd : merchantAccount(merchant, 'usd') };
    let card: braintree.CreditCard | undefined;
    if (opts.buyerId) {
      const customerId = braintreeCustomerId(merchant.id, input.livemode, opts.buyerId);
      await this.ensureCustomer(customerId);
      const res = await this.#gateway.paymentMethod.create({ customerId, paymentMethodNonce: input.providerReference, options }).catch(translate);
      if (!res.success) throw new ProcessorRejectedError('unknown_reference', res.message);
      card = res.paymentMethod as braintree.CreditCard;
    } else {
      const res = await this.#gateway.customer.create({ paymentMethodNonce: input.providerReference, creditCard: { options } } as braintree.CustomerCreateRequest).catch(translate);
      if (!res.success) throw new ProcessorRejectedError('unknown_reference', res.message);
      card = res.customer.creditCards?.[0];
    }
    if (!card?.token) throw new ProcessorRejectedError('unknown_reference', 'Braintree vaulted no card.');
    return vaultedOf(card);
  }

  /** A sale of a vaulted card for an engine reference. A decline is a transaction, not an error; a duplicate is the first sale. */
  async chargeVaulted(merchant: Merchant, req: VaultChargeRequest): Promise<ProcessorTransaction> {
    const res = await this.#gateway.transaction
      .sale({
        amount: majorAmount(req.amount, req.currency),
        paymentMethodToken: req.vaultId,
        merchantAccountId: this.accountFor(merchant, req.currency),
        orderId: req.reference,
        options: { submitForSettlement: req.capture },
        ...(req.merchantInitiated ? { transactionSource: 'unscheduled' } : {}),
        ...(req.sessionId ? { customFields: { svcpay_session: req.sessionId } } : {}),
        ...saleExtras(req),
      } as braintree.TransactionRequest)
      .catch(translate);
    return this.#saleAnswer(merchant, res, req.reference);
  }

  /**
   * A sale of the nonce the buyer's Hosted Fields gave, for the session, under the engine's reference.
   * `saveFor`: the buyer whose customer the card is filed under when the sale succeeds (Braintree's
   * `storeInVaultOnSuccess`, the only way it saves a card a sale paid with); the answer's `savedCard`.
   */
  async chargeNonce(merchant: Merchant, session: SessionRecord, nonce: string, reference: string, saveFor?: string): Promise<ProcessorTransaction> {
    const customerId = saveFor ? braintreeCustomerId(merchant.id, session.livemode, saveFor) : undefined;
    if (customerId) await this.ensureCustomer(customerId);
    const res = await this.#gateway.transaction
      .sale({
        amount: majorAmount(session.amount, session.currency),
        paymentMethodNonce: nonce,
        merchantAccountId: this.accountFor(merchant, session.currency),
        orderId: reference,
        options: { submitForSettlement: session.captureMethod !== 'manual', ...(customerId ? { storeInVaultOnSuccess: true } : {}) },
        ...(customerId ? { customerId } : {}),
        customFields: { svcpay_session: session.id },
      } as braintree.TransactionRequest)
      .catch(translate);
    const t = await this.#saleAnswer(merchant, res, reference);
    const card = res.success && customerId ? res.transaction.creditCard : undefined;
    return card?.token ? { ...t, savedCard: vaultedOf(card) } : t;
  }

  async #saleAnswer(merchant: Merchant, res: braintree.ValidatedResponse<braintree.Transaction>, reference: string): Promise<ProcessorTransaction> {
    if (res.success) return transactionOf(merchant, res.transaction);
    const t = res.transaction;
    if (t?.status === 'gateway_rejected' && t.gatewayRejectionReason === 'duplicate') {
      const first = await this.lookup(merchant, reference);
      if (first) return first;
      // The sale the duplicate check matched is not (yet) found by this reference: unknown, looked up again later.
      throw new ProcessorConflictError('reference_reused', 'Braintree rejected a duplicate of a sale it cannot find.');
    }
    if (t) return transactionOf(merchant, t);
    throw refusal(res);
  }

  /**
   * The transactions (sales and credits) of this merchant whose `orderId` is `reference`, in any
   * of its merchant accounts (one per currency): searched by the reference, kept when the merchant's.
   */
  async #byOrderId(merchant: Merchant, reference: string): Promise<braintree.Transaction[]> {
    return new Promise((resolve, reject) => {
      const found: braintree.Transaction[] = [];
      const stream = this.#gateway.transaction.search((s) => {
        s.orderId().is(reference);
        // At the platform's gateway, within the merchant's accounts (one per currency it may charge in).
        if (!this.#own) s.merchantAccountId().in([...currencies].map((c) => merchantAccount(merchant, c)));
      });
      stream.on('data', (t: braintree.Transaction) => {
        if (this.#owns(merchant, t)) found.push(t);
      });
      stream.on('end', () => resolve(found));
      stream.on('error', (err: unknown) => reject(err));
    }).catch(translate) as Promise<braintree.Transaction[]>;
  }

  /** The sale made for an engine reference; null when Braintree has none. */
  async lookup(merchant: Merchant, reference: string): Promise<ProcessorTransaction | null> {
    const sale = (await this.#byOrderId(merchant, reference)).find((t) => t.type === 'sale');
    return sale ? transactionOf(merchant, sale) : null;
  }

  /** A transaction of this merchant's account; null when Braintree does not know it (or it is another account's). */
  async find(merchant: Merchant, id: string): Promise<braintree.Transaction | null> {
    try {
      const t = await this.#gateway.transaction.find(id);
      return this.#owns(merchant, t) ? t : null;
    } catch (err) {
      if (isNotFound(err)) return null;
      return translate(err);
    }
  }

  async verifyTransaction(merchant: Merchant, id: string): Promise<ProcessorTransaction | null> {
    const t = await this.find(merchant, id);
    return t && t.type === 'sale' ? transactionOf(merchant, t) : null;
  }

  async capture(merchant: Merchant, req: { transactionId: string; amount: number }): Promise<ProcessorTransaction> {
    const before = await this.#sale(merchant, req.transactionId);
    const res = await this.#gateway.transaction.submitForSettlement(req.transactionId, majorAmount(req.amount, before.currencyIsoCode)).catch(translate);
    if (res.success) return transactionOf(merchant, res.transaction);
    // Already settling or settled (a capture that landed late): a conflict, the engine reads it back.
    throw refusal(res);
  }

  async void(merchant: Merchant, req: { transactionId: string }): Promise<ProcessorTransaction> {
    await this.#sale(merchant, req.transactionId);
    const res = await this.#gateway.transaction.void(req.transactionId).catch(translate);
    if (res.success) return transactionOf(merchant, res.transaction);
    throw refusal(res);
  }

  async #sale(merchant: Merchant, id: string): Promise<braintree.Transaction> {
    const t = await this.find(merchant, id);
    if (!t || t.type !== 'sale') throw new ProcessorRejectedError('not_found', 'Braintree does not know this payment.');
    return t;
  }

  /** A refund is Braintree's credit of the sale, named by the engine's reference; a duplicate is the first one. */
  async refund(merchant: Merchant, req: { transactionId: string; amount: number; reference: string }): Promise<ProcessorRefund> {
    const sale = await this.#sale(merchant, req.transactionId);
    const res = await this.#gateway.transaction.refund(req.transactionId, { amount: majorAmount(req.amount, sale.currencyIsoCode), orderId: req.reference } as never).catch(translate);
    if (res.success) return refundOf(res.transaction, req.reference, req.transactionId);
    const again = await this.refundLookup(merchant, req.reference, req.transactionId);
    if (again) return again;
    throw refusal(res);
  }

  async refundLookup(merchant: Merchant, reference: string, transactionId: string): Promise<ProcessorRefund | null> {
    const credit = (await this.#byOrderId(merchant, reference)).find((t) => t.type === 'credit' && t.refundedTransactionId === transactionId);
    return credit ? refundOf(credit, reference, transactionId) : null;
  }
}
