/**
 * The Braintree adapter (issue 19; Doc 3 "Provider adapters"): the `Processor` interface for
 * `hosted_fields` merchants, made with the real `braintree` SDK (./braintree-calls.ts). A browser
 * form is a client token: Hosted Fields tokenize the buyer's card into a nonce, and the service
 * makes the sale with it when the page completes (`chargeNonce`, through the engine's charge at
 * submit: attempt, lock, reconciler). Nothing moves at Braintree until that sale.
 *
 * What Braintree cannot do here, said plainly rather than faked:
 * - card data through svcpay's own fields (`charge`), wallets, Apple Pay sessions: `unsupported`;
 * - revoking a client token: it pays nothing by itself (a nonce needs the service's sale), so
 *   there is nothing to revoke; it lapses after 24 hours;
 * - `fence`: Braintree has no cancel-by-reference; the second watch (issue 17) catches a late sale.
 */
import type { InitResponse } from '../../../api/checkout.ts';
import type { Merchant, SessionRecord } from '../../domain/index.ts';
import { ProcessorRejectedError, type AppleMerchantSession, type Processor, type ProcessorTransaction, type VaultChargeRequest, type VaultInput } from '../types.ts';
import { BraintreeCalls, merchantAccount, type BraintreeCallsOptions } from './braintree-calls.ts';

export interface BraintreeAdapterOptions extends BraintreeCallsOptions {
  /** `sandbox` or `production`, as `init` says it to the browser. */
  mode: 'sandbox' | 'production';
  /** The braintree-web stand-in's address, handed to the browser in `environment: sandbox` only. */
  scriptUrl?: string;
}

/** A client token (base64 JSON with an authorization fingerprint): a form, which pays nothing by itself. */
export function isClientToken(value: string): boolean {
  try {
    const json = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as { authorizationFingerprint?: unknown };
    return typeof json.authorizationFingerprint === 'string';
  } catch {
    return false;
  }
}

const unsupported = (what: string) => new ProcessorRejectedError('unsupported', `${what} goes through Braintree's own fields for Braintree merchants.`);

export class BraintreeProcessorAdapter implements Processor {
  readonly #calls: BraintreeCalls;
  readonly #opts: BraintreeAdapterOptions;

  constructor(opts: BraintreeAdapterOptions) {
    this.#calls = new BraintreeCalls(opts);
    this.#opts = opts;
  }

  async clientInit(merchant: Merchant, session: SessionRecord): Promise<InitResponse> {
    const token = await this.#calls.clientToken(merchant);
    const { mode, merchantId, scriptUrl } = this.#opts;
    return {
      type: merchant.processor === 'vault_hosted_fields' ? 'vault_hosted_fields' : 'hosted_fields',
      token,
      environment: mode,
      gatewayInstanceId: merchantId,
      merchantAccountId: merchantAccount(merchant, session.currency),
      // Braintree's own script in production; the sandbox's stand-in otherwise.
      ...(mode === 'sandbox' && scriptUrl ? { scriptUrl } : {}),
    };
  }

  verifyTransaction(merchant: Merchant, id: string) {
    return this.#calls.verifyTransaction(merchant, id);
  }

  /** By the engine's reference; a form's client token made no payment of its own. */
  async lookup(merchant: Merchant, reference: string): Promise<ProcessorTransaction | null> {
    return isClientToken(reference) ? null : this.#calls.lookup(merchant, reference);
  }

  async revokeClientToken(): Promise<void> {}

  /** No bank check waits at Braintree (3-D Secure runs before a sale): the transaction as it stands. */
  async cancelChallenge(merchant: Merchant, transactionId: string): Promise<ProcessorTransaction> {
    const t = await this.#calls.verifyTransaction(merchant, transactionId);
    if (!t) throw new ProcessorRejectedError('not_found', 'Braintree does not know this payment.');
    return t;
  }

  chargeNonce(merchant: Merchant, session: SessionRecord, nonce: string, opts: { reference: string }) {
    return this.#calls.chargeNonce(merchant, session, nonce, opts.reference);
  }

  async charge(): Promise<ProcessorTransaction> {
    throw unsupported('Card data');
  }

  async chargeWallet(): Promise<ProcessorTransaction> {
    throw unsupported('A wallet payment');
  }

  async appleMerchantSession(): Promise<AppleMerchantSession> {
    throw unsupported('Apple Pay');
  }

  googlePayGateway(merchant: Merchant) {
    return { gateway: 'braintree', gatewayMerchantId: merchant.id };
  }

  vault(merchant: Merchant, input: VaultInput) {
    return this.#calls.vault(merchant, input);
  }

  chargeVaulted(merchant: Merchant, req: VaultChargeRequest) {
    return this.#calls.chargeVaulted(merchant, req);
  }

  capture(merchant: Merchant, req: { transactionId: string; amount: number; reference: string }) {
    return this.#calls.capture(merchant, req);
  }

  void(merchant: Merchant, req: { transactionId: string; reference: string }) {
    return this.#calls.void(merchant, req);
  }

  refund(merchant: Merchant, req: { transactionId: string; amount: number; reference: string }) {
    return this.#calls.refund(merchant, req);
  }

  refundLookup(merchant: Merchant, reference: string, transactionId: string) {
    return this.#calls.refundLookup(merchant, reference, transactionId);
  }

  /** A posted webhook's notification, verified by the SDK; null when its signature is not this gateway's. */
  notification(signature: string, payload: string) {
    return this.#calls.notification(signature, payload);
  }

  async fence(): Promise<void> {}

  async runDue(): Promise<number> {
    return 0;
  }
}
