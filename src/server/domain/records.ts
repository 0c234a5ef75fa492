/** Domain records as the engine sees them; repositories map them to rows. */
import type { PaymentIntentStatus } from '../../vocab/payments.ts';
import type { WalletDomainStatus, WalletType } from '../../vocab/wallet-domains.ts';
import type { CaptureMethod, CollectionMode, EmailCollectionMode, ExpiredFrom, IntegrationMode, PaymentErrorCode, PaymentStatus, SessionMode, SessionStatus, StoredCredentialUse } from '../../vocab/sessions.ts';

export interface LineItem {
  name: string;
  quantity: number;
  unitAmount: number;
}

/** The stored session: every field of Doc 1's session table, in wire casing. */
export interface SessionRecord {
  id: string;
  merchantId: string;
  livemode: boolean;
  status: SessionStatus;
  expiredFrom: null | ExpiredFrom;
  paymentStatus: PaymentStatus;
  mode: SessionMode;
  captureMethod: CaptureMethod;
  integrationMode: IntegrationMode;
  channel: null | 'virtual_terminal';
  chargeAtSubmit: boolean;
  storedCredentialUse: null | StoredCredentialUse;
  setupForFutureUse: null | 'on_session';
  amount: number;
  currency: string;
  country: string | null;
  description: string | null;
  locale: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  shipping: CollectionMode;
  billingAddress: CollectionMode;
  phone: CollectionMode;
  collectEmail: boolean;
  nameCollection: CollectionMode;
  emailCollection: EmailCollectionMode;
  shippingAddress: Record<string, unknown> | null;
  buyerId: string | null;
  buyerPhone: string | null;
  /**
   * Whether the merchant sent the buyer's email and name at create: the hosted page does not ask
   * again for what it already has (Doc 1, `collectEmail`). Absent on sessions made before it.
   */
  buyerPrefill?: { email: boolean; name: boolean; phone?: boolean; shippingAddress?: boolean; billingAddress?: boolean };
  /**
   * The buyer's email, name and billing address (prefilled at create, or typed on the hosted page),
   * sealed: stored for the merchant, never returned on the session (Doc 1, `buyerId`).
   */
  buyerSealed?: string | null;
  /**
   * The buyer record the session links (its `vp_by_*` id; Doc 2, Buyers): named at create by
   * `buyerId` / `buyer.externalId`, else the email. Null or absent: a guest, or an email that
   * belongs to a buyer with another reference.
   */
  buyerRecordId?: string | null;
  /** What `buyerContact` gave at create (phone and addresses, engine/sessions/buyer-contact.ts), sealed, never returned. */
  buyerContactSealed?: string | null;
  /** Set once the buyer's details from the hosted page reached the session. */
  buyerDetailsGiven?: boolean;
  /**
   * Set once the hosted page saved the buyer's details before charging (issue 22,
   * `POST /api/checkout/buyer-details`): a charge settled without the page still has them.
   */
  buyerDetailsSaved?: boolean;
  /** The store order this session's payment makes (domain/mirror.ts MirrorSpec), sealed; null or absent: none. */
  mirrorSealed?: string | null;
  /** Order before charge: the purchase whose store order was made when the session was (domain/mirror.ts OrderFirstPurchase). */
  orderFirstPurchaseId?: string | null;
  transactionId: string | null;
  vpTxId: string | null;
  vpTxCount: number;
  /** Payments of the session the processor declined, whatever the surface (issue 18: capped, see MAX_DECLINES). */
  declines?: number;
  paymentIntentId: string | null;
  retry: { allowed: boolean; attempts_remaining: number } | null;
  lastPaymentError: { code: PaymentErrorCode; decline_code: string | null } | null;
  lineItems: LineItem[];
  metadata: Record<string, string>;
  /** Set while a charge for this session is between reservation and outcome. */
  chargeLock: string | null;
  /** The reservation id of the newest payment attempt, and of the newest declined one (Doc 1, expire rule 3). */
  latestAttemptId?: string | null;
  declinedAttemptId?: string | null;
  /** When the buyer's hosted page (or an embed form) first asked for a payment form (`init`). */
  hostedOpenedAt?: string | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

export interface PaymentIntentRecord {
  id: string;
  merchantId: string;
  livemode: boolean;
  sessionId: string | null;
  status: PaymentIntentStatus;
  amount: number;
  currency: string;
  captureMethod: CaptureMethod;
  declineCode: string | null;
  card: { brand: string; last4: string } | null;
  /**
   * The wallet the buyer paid with (`wallet_type`, issue 22): null for a typed or saved card. Absent
   * on intents recorded before it (read as null).
   */
  walletType?: WalletType | null;
  avsResultCode: string | null;
  cvvResultCode: string | null;
  /** The processor's transaction id (null until the processor answered). */
  processorRef: string | null;
  /** The settlement (`vp_tx_*`) once money is captured; null for an authorization, a decline or a void. */
  vpTxId: string | null;
  metadata: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  /** Doc 2 fields; absent on intents recorded before payment intents were an API (read as null). */
  paymentMethodId?: string | null;
  /** The effective buyer's `vp_by_*` id. */
  buyerRecordId?: string | null;
  /** The store order this payment makes (domain/mirror.ts MirrorSpec), sealed; null or absent: none. */
  mirrorSealed?: string | null;
  /** Set at create only: the rule name of a `blocked_by_rule` decline (GET shows null, Doc 3). */
  ruleCode?: string | null;
  /** The amount authorized, and captured so far. */
  authorizedAmount?: number;
  capturedAmount?: number;
  returnUrl?: string | null;
  /** While `requires_action`: the bank-challenge page and when it was issued. */
  nextAction?: { url: string; issuedAt: string } | null;
  threeDSecure?: { outcome: string; method: string | null; version: string | null; eci: string | null } | null;
  mit?: { initiator: string; reason: string; original_transaction_id: string } | null;
  /** True when the merchant's server created it (`POST /v1/payment_intents`); false for session payments. */
  direct?: boolean;
  /** The Idempotency-Key it was created under: one intent per key, whatever happens to the reservation. */
  idemKey?: string | null;
  /** The fingerprint of the request that made it under `idemKey` (IdempotencyReservation). */
  idemFingerprint?: string | null;
  /**
   * The processor approved another amount or currency than asked (a partial approval): the intent
   * records what really moved, and never counts as paying its session (issue 17, finding 7).
   */
  amountMismatch?: AmountMismatch | null;
  /** The capture or void attempt in flight; a second one waits for it. */
  pendingOp?: string | null;
  /** Why a direct intent failed without a decline (`processing_error` when the processor never saw it). */
  statusReason?: string | null;
}

/** A vaulted card (`vp_pmt_*`, Doc 2 "Payment-method token"): the processor's vault id, never card data. */
export interface PaymentMethodRecord {
  id: string;
  merchantId: string;
  livemode: boolean;
  status: 'active' | 'revoked';
  /** The processor's opaque id for the card. */
  vaultId: string;
  card: { brand: string; last4: string | null; expMonth: number | null; expYear: number | null };
  /** The `vp_by_*` buyer it is saved for (its `external_id` is the merchant's `buyer_id`). */
  buyerRecordId: string | null;
  /** null: single-use (chargeable until its first approved charge; 24 hours without a buyer). */
  setupForFutureUse: 'off_session' | 'on_session' | null;
  allowRedisplay: 'always' | 'limited' | 'unspecified' | null;
  storedCredentialUse: 'recurring' | 'installment' | 'unscheduled' | null;
  /** Minted in the browser for this session (`POST /v1/public/tokens`); null for server vaulting. */
  sessionId: string | null;
  walletType: string | null;
  /** Stored encrypted (engine/sealed.ts), never returned; only `has_billing_address` is. */
  billingAddressSealed: string | null;
  metadata: Record<string, unknown>;
  /** Time of the first approved charge: a single-use card is spent from then on. */
  usedAt: string | null;
  /** The attempt holding a single-use card while its charge is in flight (two charges never share it). */
  usedBy?: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A settlement (`vp_tx_*`): captured money at the processor, the thing refunds and disputes act
 * on. One per captured charge; a session paid twice has two.
 */
export interface SettlementRecord {
  id: string;
  merchantId: string;
  livemode: boolean;
  intentId: string | null;
  sessionId: string | null;
  /** The processor's transaction id. */
  processorRef: string;
  amount: number;
  currency: string;
  /** `pending`: captured, the processor has not confirmed settlement (`captured` intents). */
  status: 'pending' | 'settled';
  /** Service-clock ISO time before which a refund is `refund_before_settlement`; null when refundable. */
  settlesAt: string | null;
  dispute: null | 'open' | 'won' | 'lost';
  card: { brand: string; last4: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** A refund (`vpr_*`, Doc 2 "Refund"): one row per request, whatever became of it. */
export interface RefundRecord {
  id: string;
  merchantId: string;
  livemode: boolean;
  settlementId: string;
  /** Exactly one of these two is set: the parent the merchant named. */
  paymentIntentId: string | null;
  transactionId: string | null;
  amount: number;
  currency: string;
  status: 'requested' | 'succeeded' | 'failed' | 'canceled';
  reason: null | 'duplicate' | 'fraudulent' | 'requested_by_customer' | 'expired_uncaptured_charge';
  metadata: Record<string, unknown>;
  /** The Idempotency-Key as sent (trimmed), or null. */
  idempotencyKey: string | null;
  /** The Idempotency-Key exactly as sent: one refund per key (a reservation taken over after a crash finds it). */
  idemKey: string | null;
  /** The fingerprint of the request that made it under `idemKey` (IdempotencyReservation). */
  idemFingerprint?: string | null;
  /** The processor's refund id once it answered. */
  processorRefundId: string | null;
  failureCode: string | null;
  /** On a failed refund: false when the payment is disputed, null when that cannot be told (Doc 2, `refund.failed`). */
  retryAvailable?: boolean | null;
  createdAt: string;
  updatedAt: string;
}

/** A wallet-domain registration (Doc 1, "Wallet-domain verification"); never deleted, only removed. */
export interface WalletDomainRecord {
  id: string;
  merchantId: string;
  livemode: boolean;
  /** Normalised: lowercase ASCII, no trailing dot (engine/wallets/wallet-domain-name.ts). */
  domain: string;
  walletType: WalletType;
  status: WalletDomainStatus;
  verifiedAt: string | null;
  lastVerificationError: string | null;
  /** Service-clock time of the latest verification run; the 30-second re-run window counts from it. */
  lastVerificationAt: string | null;
  createdAt: string;
  /** Set by DELETE: the row stays, every read answers 404 (soft delete). */
  removedAt: string | null;
}

/** A buyer's postal address as kept, in the wire's own spelling (Doc 2, Buyer `address`). */
export interface BuyerAddressRecord {
  address_line1: string;
  address_line2?: string;
  city?: string;
  state?: string;
  postal_code: string;
  country: string;
}

/**
 * A buyer profile (Doc 2, "Buyer"), one merchant and one mode. `externalId` and the email are
 * each unique per merchant and mode (the email compared case-insensitively). Other records refer
 * to a buyer by `id`, so a reference attached later is seen by them at once.
 */
export interface BuyerRecord {
  id: string;
  merchantId: string;
  livemode: boolean;
  externalId: string | null;
  email: string | null;
  name: string | null;
  phone: string | null;
  company: string | null;
  address: BuyerAddressRecord | null;
  metadata: Record<string, unknown>;
  createdAt: string;
  /** Touched by every write that references the buyer. */
  lastSeenAt: string;
}


/** What was asked of the processor and what it approved, when they differ. */
export interface AmountMismatch {
  requestedAmount: number;
  requestedCurrency: string;
  approvedAmount: number;
  approvedCurrency: string;
}
