/**
 * The Braintree adapter (issue 19; Doc 3 "Provider adapters"): the `Processor` interface for
 * `hosted_fields` and `vault_hosted_fields` (Drop-in, with the buyer's saved cards) merchants,
 * made with the real `braintree` SDK (./braintree-calls.ts). A browser form is a client token:
 * Hosted Fields (or Drop-in) tokenize the buyer's card into a nonce, and the service
 * makes the sale with it when the page completes (`chargeNonce`, through the engine's charge at
 * submit: attempt, lock, reconciler). Nothing moves at Braintree until that sale.
 *
 * What Braintree cannot do here, said plainly rather than faked:
 * - card data through svcpay's own fields (`charge`), wallets, Apple Pay sessions: `unsupported`;
 * - revoking a client token: it pays nothing by itself (a nonce needs the service's sale), so
 *   there is nothing to revoke; it lapses after 24 hours;
 * - `fence`: Braintree has no cancel-by-reference; the second watch (issue 17) catches a late sale;
 * - saving the card of a sale afterwards: Braintree saves it only with the sale (`storeInVaultOnSuccess`
 *   under the buyer's customer, `savesWithCharge`), so a charge-and-save session needs a buyer.
 */
import type { InitResponse } from '../../../api/checkout.ts';
import type { Merchant, SessionRecord } from '../../domain/index.ts';
import { ProcessorRejectedError, type ProcessorTransaction } from '../types.ts';
import { ProviderAdapter } from '../provider-adapter.ts';
import { BraintreeCalls, type BraintreeCallsOptions } from './braintree-calls.ts';
import { braintreeCustomerId } from './braintree-customer.ts';

export interface BraintreeAdapterOptions extends BraintreeCallsOptions {
  /** `sandbox` or `production`, as `init` says it to the browser. */
  mode: 'sandbox' | 'production';
  /** The braintree-web stand-in's address, handed to the browser in `environment: sandbox` only. */
  scriptUrl?: string;
  /** Drop-in's stand-in (`vault_hosted_fields`), likewise; by default `dropin/dropin.js` beside `scriptUrl`. */
  dropinScriptUrl?: string;
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

export class BraintreeProcessorAdapter extends ProviderAdapter {
  readonly #calls: BraintreeCalls;
  readonly #opts: BraintreeAdapterOptions;

  constructor(opts: BraintreeAdapterOptions) {
    const calls = new BraintreeCalls(opts);
    super(calls, "Braintree's own fields");
    this.#calls = calls;
    this.#opts = opts;
  }

  /**
   * Hosted Fields' client token; for `vault_hosted_fields`, Drop-in's, bound to the session's
   * buyer as a Braintree customer (made on first use) so Drop-in shows the cards saved for them.
   */
  async clientInit(merchant: Merchant, session: SessionRecord): Promise<InitResponse> {
    const vaulted = merchant.processor === 'vault_hosted_fields';
    const customerId = vaulted && session.buyerId ? braintreeCustomerId(merchant.id, session.livemode, session.buyerId) : undefined;
    if (customerId) await this.#calls.ensureCustomer(customerId);
    const token = await this.#calls.clientToken(merchant, session.currency, customerId);
    const { mode, merchantId, scriptUrl } = this.#opts;
    const account = this.#calls.accountFor(merchant, session.currency);
    // Drop-in's stand-in sits beside braintree-web's, as Braintree's scripts do (`/web/dropin/…`).
    const script = vaulted && scriptUrl ? (this.#opts.dropinScriptUrl ?? new URL('dropin/dropin.js', scriptUrl).href) : scriptUrl;
    return {
      type: vaulted ? 'vault_hosted_fields' : 'hosted_fields',
      token,
      environment: mode,
      gatewayInstanceId: merchantId,
      ...(account ? { merchantAccountId: account } : {}),
      // Braintree's own script in production; the sandbox's stand-in otherwise.
      ...(mode === 'sandbox' && script ? { scriptUrl: script } : {}),
    };
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

  chargeNonce(merchant: Merchant, session: SessionRecord, nonce: string, opts: { reference: string; saveFor?: string }) {
    return this.#calls.chargeNonce(merchant, session, nonce, opts.reference, opts.saveFor);
  }

  /** Braintree saves the card a sale paid with only as part of the sale, under the buyer's customer. */
  readonly savesWithCharge = true;
  /** A setup session's nonce is vaulted under the buyer's customer, which Braintree does after verifying the card: nothing charged. */
  readonly savesWithoutCharge = true;

  googlePayGateway(merchant: Merchant) {
    return { gateway: 'braintree', gatewayMerchantId: merchant.id };
  }

  /** The Braintree stand-in's payments are sandbox transactions by the same id. */
  async standInTransaction(_merchant: Merchant, ref: string): Promise<string | null> {
    return ref;
  }

  /** A posted webhook's notification, verified by the SDK; null when its signature is not this gateway's. */
  notification(signature: string, payload: string) {
    return this.#calls.notification(signature, payload);
  }
}
