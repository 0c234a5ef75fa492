/**
 * The interface every payment provider adapter implements (ARCHITECTURE.md, processors/).
 * The engine talks to providers only through it; the sandbox processor is the first adapter.
 */
import type { ChargeCard, InitResponse, WalletCharge } from '../../api/checkout.ts';
import type { Merchant, SessionRecord } from '../domain/index.ts';
import type { StandInControl } from './stand-in.ts';
import type { ChargeExtras } from './charge-extras.ts';

export type ThreeDSecureOutcome = 'authenticated' | 'attempted' | 'not_authenticated' | 'cancelled' | 'failed' | 'not_performed' | 'unknown';

export interface ProcessorTransaction {
  id: string;
  /**
   * `approved`: authorized (and captured when `capture` is not `none`); `declined`: refused, nothing
   * moved; `requires_action`: waiting for the buyer's bank challenge at `challengeUrl`.
   */
  status: 'approved' | 'declined' | 'requires_action';
  declineCode: string | null;
  /**
   * The issuer's raw response code of a decline as the provider passes it on (an ISO 8583 code such
   * as `51`, or Braintree's processor response code): null when approved or the provider gives none.
   */
  networkDeclineCode?: string | null;
  /** The merchant's rule name when `declineCode` is `blocked_by_rule` (null when unnamed). */
  ruleCode?: string | null;
  amount: number;
  currency: string;
  /** The session the client token was issued for; null for server-side charges without one. */
  sessionId: string | null;
  merchantId: string;
  card: { brand: string; last4: string; expMonth: number; expYear: number };
  avsResult: string | null;
  cvvResult: string | null;
  /** The caller's reference (the engine's attempt id), or the client token for a browser charge. */
  reference?: string | null;
  /**
   * Capture state: `none` (authorized only, or not approved), `pending` (captured, settlement not
   * confirmed yet: `captured` until `capture.settled`), `settled` (money settled), `voided`,
   * `failed` (the settlement was rejected after the capture: nothing moved; `capture.failed`).
   */
  capture?: 'none' | 'pending' | 'settled' | 'voided' | 'failed';
  /** Amount captured so far (0 when not captured). */
  capturedAmount?: number;
  /** Service-clock ISO time before which a refund is `refund_before_settlement`; null when refundable now. */
  settlesAt?: string | null;
  /** The provider's bank-challenge page while `requires_action`. */
  challengeUrl?: string | null;
  threeDSecure?: { outcome: ThreeDSecureOutcome; method: string | null; version: string | null; eci: string | null } | null;
  /** Set once a dispute is opened on this transaction. */
  dispute?: { status: 'open' | 'won' | 'lost'; openedAt: string } | null;
  /**
   * The tries the provider declined with the browser form this transaction was read by (issue 32,
   * finding 3): a Stripe client secret takes several confirms, each a charge of its own. Set when a
   * form is looked up by its client token and took any; absent otherwise.
   */
  declines?: number;
  /** The card the provider saved as part of this charge (`Processor.savesWithCharge`); absent: none. */
  savedCard?: VaultedCard;
}

/** Apple's merchant session object, passed through to the page untouched (Apple's field names). */
export interface AppleMerchantSession {
  epochTimestamp: number;
  expiresAt: number;
  merchantSessionIdentifier: string;
  nonce: string;
  merchantIdentifier: string;
  domainName: string;
  displayName: string;
  signature: string;
}

/** A card in the provider's vault: its opaque id and what the provider can read of the card. */
export interface VaultedCard {
  vaultId: string;
  card: { brand: string; last4: string | null; expMonth: number | null; expYear: number | null };
}

/**
 * What the vault takes: a provider-side reference (server vaulting), card data from the service's
 * own fields, or the approved transaction of this merchant whose card is to be saved (charge and
 * save through a provider's own form, which the service never sees the card of).
 */
export type VaultInput = { providerReference: string; livemode: boolean } | { card: ChargeCard; livemode: boolean } | { transactionId: string; livemode: boolean };

/** Whose card a vaulted card is, when the caller says (`Processor.vault`). */
export interface VaultOptions {
  buyerId?: string | null;
}

/** A charge of a vaulted card (`POST /v1/payment_intents`, or a session settled through the engine). */
export interface VaultChargeRequest {
  /** The engine's attempt id: the provider charges one reference once and can be asked about it. */
  reference: string;
  vaultId: string;
  amount: number;
  currency: string;
  livemode: boolean;
  /** false: authorize only (`capture_method: manual`). */
  capture: boolean;
  sessionId: string | null;
  /** Where the bank challenge returns the buyer; without it a challenge card is refused (`missing_redirect_url`). */
  returnUrl: string | null;
  /** Drives AVS: null means no address was sent and no AVS happens. */
  billingPostalCode: string | null;
  /** A merchant-initiated charge (no buyer present: no challenge, no CVV). */
  merchantInitiated: boolean;
  /** What the charge carries beyond the money, for the kind's forwarding row; absent: nothing. */
  extras?: ChargeExtras;
}

/** How a charge at submit is made (`Processor.charge`). */
export interface ChargeOptions {
  reference?: string;
  /** Where the bank challenge sends the buyer back; without it a challenge card is refused. */
  returnUrl?: string;
  /** The merchant page showing the service's fields: the one origin besides the service allowed to frame the challenge. */
  frameAncestor?: string;
}

export interface ProcessorRefund {
  id: string;
  reference: string;
  transactionId: string;
  amount: number;
  currency: string;
  /** `succeeded`: money moved; `pending`: the provider answers later (202 `requested`); `failed`: declined, nothing moved. */
  status: 'succeeded' | 'pending' | 'failed';
  failureCode: string | null;
}

/**
 * What the provider tells the service later, signed, at `POST /api/webhooks/{gatewayId}`
 * (Doc 3, Webhooks: same `x-svc-signature` scheme, the gateway's own secret).
 */
export type ProviderEvent =
  | { id: string; type: 'transaction.updated'; transaction: ProcessorTransaction }
  | { id: string; type: 'capture.settled'; transaction: ProcessorTransaction }
  | { id: string; type: 'capture.failed'; transaction: ProcessorTransaction }
  /**
   * `merchantId`: the merchant the event speaks for (a merchant's own gateway's owner, the connected
   * account or merchant account a platform gateway names). Absent from the shared sandbox
   * processor, whose refunds carry only its own ids: the payment they name says whose they are.
   */
  | { id: string; type: 'refund.succeeded' | 'refund.failed'; refund: ProcessorRefund; merchantId?: string }
  /** A dispute names its payment (Stripe's never carry more); the engine reads the rest from its records. */
  | { id: string; type: 'dispute.created' | 'dispute.won' | 'dispute.lost'; transaction: Pick<ProcessorTransaction, 'id' | 'merchantId'> };

export interface Processor {
  /**
   * What `POST /api/checkout/init` hands the browser to mount the provider's fields. `returnUrl`:
   * where the bank challenge (3-D Secure) of a charge made with it sends the buyer back; without
   * it the provider's fields handle any challenge on their own.
   */
  clientInit(merchant: Merchant, session: SessionRecord, opts?: { returnUrl?: string }): Promise<InitResponse>;
  /** Reads a transaction back from the provider; null when the provider does not know it. */
  verifyTransaction(merchant: Merchant, transactionId: string): Promise<ProcessorTransaction | null>;
  /**
   * Server-side charge of card data collected by the service's own fields (charge at submit).
   * `reference` is the caller's name for the charge (the engine's attempt id): a provider charges
   * one reference once, so a retry after a lost answer cannot charge twice (ARCHITECTURE.md, Engine).
   */
  charge(merchant: Merchant, session: SessionRecord, card: ChargeCard, opts?: ChargeOptions): Promise<ProcessorTransaction>;
  /**
   * The buyer left the bank challenge of this transaction (closed the dialog): the provider ends
   * it as failed authentication, nothing charged. Answers the transaction as it now stands (already
   * answered: unchanged).
   */
  cancelChallenge(merchant: Merchant, transactionId: string): Promise<ProcessorTransaction>;
  /**
   * Server-side charge of the token a wallet sheet (Apple Pay, Google Pay) gave the buyer's browser,
   * once per reference like `charge`.
   */
  chargeWallet(merchant: Merchant, session: SessionRecord, wallet: WalletCharge, opts?: { reference?: string }): Promise<ProcessorTransaction>;
  /**
   * Providers whose fields give the browser a payment method rather than a payment (Braintree's
   * nonce, issue 19): the service charges it for the session, once per reference, as `charge`
   * does. Absent for providers whose fields pay by themselves.
   */
  chargeNonce?(merchant: Merchant, session: SessionRecord, nonce: string, opts: { reference: string; returnUrl?: string; saveFor?: string }): Promise<ProcessorTransaction>;
  /**
   * The provider saves a card only with the charge, under the buyer's customer (Braintree's
   * `storeInVaultOnSuccess`: `chargeNonce`'s `saveFor`, the answer's `savedCard`), so a
   * charge-and-save session needs a buyer (Doc 2 `buyer_required_for_saved_card`). Absent: `vault` after.
   */
  readonly savesWithCharge?: boolean;
  /**
   * The provider's form gives a card the service can save without charging it, for setup sessions
   * on the hosted page and the embedded checkout (engine/payments/forms/setup.ts): a zero-amount
   * check the form makes, never captured, whose card `vault` saves (the sandbox), or a payment
   * method `vault` saves after the provider verifies it (a Braintree nonce). Absent: no form.
   */
  readonly savesWithoutCharge?: boolean;
  /**
   * Google Pay's tokenization parameters for this provider and account (PaymentDataRequest
   * `tokenizationSpecification.parameters`): no call, an adapter knows its gateway name and the
   * merchant's account at the provider.
   */
  googlePayGateway(merchant: Merchant): { gateway: string; gatewayMerchantId: string };
  /** Apple Pay merchant validation: the provider asks Apple for a merchant session for `domain`. */
  appleMerchantSession(merchant: Merchant, req: { validationUrl: string; domain: string; displayName: string; livemode: boolean }): Promise<AppleMerchantSession>;
  /**
   * The domain-registration provider's verification of a wallet domain: why it fails, or null when
   * it verifies. Only the sandbox processor offers it (it verifies every merchant's domains).
   */
  checkWalletDomain?(merchant: Merchant, domain: string, walletType: 'apple_pay' | 'google_pay'): Promise<string | null>;
  /**
   * The transaction a charge with this reference made, or the browser charge made with this client
   * token; null when none was made (the reconciler asks this).
   */
  lookup(merchant: Merchant, reference: string): Promise<ProcessorTransaction | null>;
  /**
   * Puts a card in the provider's vault; the service keeps only the id, brand, last four and expiry.
   * `buyerId`: the merchant's buyer the card is saved for, for providers that file cards under
   * their own customer (Braintree, whose Drop-in shows them to that buyer).
   */
  vault(merchant: Merchant, input: VaultInput, opts?: VaultOptions): Promise<VaultedCard>;
  /** Charges (or authorizes) a vaulted card, once per reference. */
  chargeVaulted(merchant: Merchant, req: VaultChargeRequest): Promise<ProcessorTransaction>;
  /** Captures an authorized transaction, in full or in part, once per reference. */
  capture(merchant: Merchant, req: { transactionId: string; amount: number; reference: string }): Promise<ProcessorTransaction>;
  /** Releases an authorization before capture. */
  void(merchant: Merchant, req: { transactionId: string; reference: string }): Promise<ProcessorTransaction>;
  /** Refunds part or all of a captured transaction, once per reference. */
  refund(merchant: Merchant, req: { transactionId: string; amount: number; reference: string }): Promise<ProcessorRefund>;
  /**
   * The refund made with this reference; null when none was made. `transactionId` is the refunded
   * transaction: a provider without a refund search (Stripe) lists that transaction's refunds.
   */
  refundLookup(merchant: Merchant, reference: string, transactionId: string): Promise<ProcessorRefund | null>;
  /**
   * Before the service gives up on a server call it never heard back about: the provider refuses
   * any call with this reference from now on (one still on its way, held by a slow network, is
   * refused when it arrives), so a look-up after the fence is final. The client-token twin of
   * this is `revokeClientToken`.
   */
  fence(merchant: Merchant, reference: string): Promise<void>;
  /**
   * Per kind of call, whether `fence` really refuses it late: the sandbox both; Stripe a charge (its
   * PaymentIntent canceled before the confirmation lands), not a refund (Stripe cannot cancel a
   * card refund); Braintree neither (no cancel-by-reference). Where it does not, a call the service
   * gave up on may still land, so the service announces no "nothing moved", reverses a charge that
   * lands after a final state, and keeps a refund without an answer `requested` while it watches
   * (issue 34, finding 2 and "No false final state"; docs/operator.md).
   */
  readonly fencesLateCalls: LateCallFence;
  /** Stops a client token (browser form) from charging: the session settled, expired or started another attempt. */
  revokeClientToken(merchant: Merchant, token: string): Promise<void>;
  /** Sends the provider events that became due on the (service) clock: settlements, async refunds, disputes. */
  runDue(): Promise<number>;
  /**
   * The sandbox transaction behind this provider's payment `ref`, for the control API's provider
   * events (the sandbox emits them, its stand-in writes them as its provider's); null when there is none.
   */
  standInTransaction?(merchant: Merchant, ref: string): Promise<string | null>;
  /** The sandbox processor's control door; only its own adapter has one. */
  readonly standInControl?: StandInControl;
}

/** Which of a processor's server calls `fence` stops from landing late (`Processor.fencesLateCalls`). */
export interface LateCallFence {
  /** A charge (of a saved card, or a checkout's server charge). */
  readonly charge: boolean;
  readonly refund: boolean;
}

// The errors a processor call ends in live beside this file (errors.ts); every caller imports them from here.
export { ForeignRecordError, ProcessorConflictError, ProcessorRejectedError, ProcessorUnavailableError } from './errors.ts';
