/**
 * What the adapters of real providers (Stripe, Braintree; issue 19) share: the server calls a
 * merchant's server drives go straight to the provider's calls (vault, charge a vaulted card,
 * capture, void, refund, read back), and what such a provider does not offer through the service is
 * refused as `unsupported` (card data through svcpay's own fields, wallets, Apple Pay sessions) or is
 * nothing to do (provider events: the provider sends its own). A fence is nothing by default (no
 * cancel-by-reference: Braintree; `fencesLateCalls` all false); Stripe fences a charge by canceling
 * its unconfirmed PaymentIntent (issue 34, "No false final state"; docs/operator.md). Each
 * adapter adds its browser forms (`clientInit`, `lookup`, `revokeClientToken`, `cancelChallenge`).
 */
import type { InitResponse } from '../../api/checkout.ts';
import type { Merchant, SessionRecord } from '../domain/index.ts';
import { ProcessorRejectedError, type AppleMerchantSession, type LateCallFence, type Processor, type ProcessorRefund, type ProcessorTransaction, type VaultChargeRequest, type VaultedCard, type VaultInput, type VaultOptions } from './types.ts';

/** The provider's server calls the adapter hands on unchanged. */
export interface ProviderCalls {
  vault(merchant: Merchant, input: VaultInput, opts?: VaultOptions): Promise<VaultedCard>;
  chargeVaulted(merchant: Merchant, req: VaultChargeRequest): Promise<ProcessorTransaction>;
  verifyTransaction(merchant: Merchant, id: string): Promise<ProcessorTransaction | null>;
  capture(merchant: Merchant, req: { transactionId: string; amount: number; reference: string }): Promise<ProcessorTransaction>;
  void(merchant: Merchant, req: { transactionId: string; reference: string }): Promise<ProcessorTransaction>;
  refund(merchant: Merchant, req: { transactionId: string; amount: number; reference: string }): Promise<ProcessorRefund>;
  refundLookup(merchant: Merchant, reference: string, transactionId: string): Promise<ProcessorRefund | null>;
}

export abstract class ProviderAdapter implements Processor {
  constructor(
    protected readonly calls: ProviderCalls,
    /** The provider's name in refusals: "… goes through Stripe's own fields". */
    private readonly fieldsOf: string,
  ) {}

  abstract clientInit(merchant: Merchant, session: SessionRecord): Promise<InitResponse>;
  abstract lookup(merchant: Merchant, reference: string): Promise<ProcessorTransaction | null>;
  abstract revokeClientToken(merchant: Merchant, token: string): Promise<void>;
  abstract cancelChallenge(merchant: Merchant, transactionId: string): Promise<ProcessorTransaction>;
  abstract googlePayGateway(merchant: Merchant): { gateway: string; gatewayMerchantId: string };

  #unsupported(what: string) {
    return new ProcessorRejectedError('unsupported', `${what} goes through ${this.fieldsOf} for its merchants.`);
  }

  async charge(): Promise<ProcessorTransaction> {
    throw this.#unsupported('Card data');
  }

  async chargeWallet(): Promise<ProcessorTransaction> {
    throw this.#unsupported('A wallet payment');
  }

  async appleMerchantSession(): Promise<AppleMerchantSession> {
    throw this.#unsupported('Apple Pay');
  }

  verifyTransaction(merchant: Merchant, id: string) {
    return this.calls.verifyTransaction(merchant, id);
  }

  vault(merchant: Merchant, input: VaultInput, opts?: VaultOptions) {
    return this.calls.vault(merchant, input, opts);
  }

  chargeVaulted(merchant: Merchant, req: VaultChargeRequest) {
    return this.calls.chargeVaulted(merchant, req);
  }

  capture(merchant: Merchant, req: { transactionId: string; amount: number; reference: string }) {
    return this.calls.capture(merchant, req);
  }

  void(merchant: Merchant, req: { transactionId: string; reference: string }) {
    return this.calls.void(merchant, req);
  }

  refund(merchant: Merchant, req: { transactionId: string; amount: number; reference: string }) {
    return this.calls.refund(merchant, req);
  }

  refundLookup(merchant: Merchant, reference: string, transactionId: string) {
    return this.calls.refundLookup(merchant, reference, transactionId);
  }

  /**
   * No cancel-by-reference by default (Braintree): the second watch (issue 17) reverses what slips
   * past. An adapter that can stop a late call of some kind (Stripe: a charge) overrides both.
   */
  async fence(_merchant: Merchant, _reference: string): Promise<void> {}
  readonly fencesLateCalls: LateCallFence = { charge: false, refund: false };

  /** The provider sends its own events; nothing is due here. */
  async runDue(): Promise<number> {
    return 0;
  }
}
