/** Domain records as the engine sees them; repositories map them to rows. */
import { z } from 'zod';
import type { Address } from '../../api/buyers.ts';
import type { PaymentIntentStatus } from '../../vocab/payments.ts';
import type { WalletDomainStatus, WalletType } from '../../vocab/wallet-domains.ts';
import { processorKinds, type ProcessorKind } from '../../vocab/processor-kinds.ts';
import { descriptorFallbacks, descriptorSources } from '../../vocab/descriptors.ts';
import { descriptorTextProblem, isPiiLikeKey } from './descriptor-text.ts';
import {
  collectionModes,
  emailCollectionModes,
  type CaptureMethod,
  type CollectionMode,
  type EmailCollectionMode,
  type ExpiredFrom,
  type IntegrationMode,
  type PaymentStatus,
  type SessionMode,
  type SessionStatus,
  type StoredCredentialUse,
} from '../../vocab/sessions.ts';

export { processorKinds, type ProcessorKind, type PaymentStatus, type SessionStatus };
export { sessionStatuses } from '../../vocab/sessions.ts';

export const collectionMode = z.enum(collectionModes);

const OptionalDescriptorField = z.string().min(1).max(100).optional();

/**
 * Doc 3, `settings.descriptor`, with Doc 2's rules ("Statement descriptor"): the brand name is 1 to
 * 22 printable ASCII characters without `< > \\ ' " *`; a `custom` suffix needs a `key` that is
 * not personal data; a `literal` fallback needs its text (same rules as the name). `key` and
 * `literal` are refused where they would be ignored, so a typo in `source` or `fallback` shows.
 * The identity fields are kept as sent: a value a processor cannot take is dropped at charge time
 * (engine/descriptors.ts), not here.
 */
export const DescriptorSettings = z
  .strictObject({
    name: z.string().max(200),
    city: OptionalDescriptorField,
    country: OptionalDescriptorField,
    phone: OptionalDescriptorField,
    url: OptionalDescriptorField,
    postalCode: OptionalDescriptorField,
    suffix: z.strictObject({
      source: z.enum(descriptorSources),
      key: z.string().max(64).optional(),
      fallback: z.enum(descriptorFallbacks),
      literal: z.string().max(200).optional(),
    }),
  })
  .superRefine((d, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const nameProblem = descriptorTextProblem(d.name);
    if (nameProblem) issue(['name'], `the brand name ${nameProblem}`);
    const { source, key, fallback, literal } = d.suffix;
    if (source === 'custom') {
      if (key === undefined || key.trim() === '') issue(['suffix', 'key'], 'is required when source is `custom`: the metadata key whose value prints');
      else if (isPiiLikeKey(key)) issue(['suffix', 'key'], `\`${key}\` looks like personal data (email, phone, card, ssn, tax_id, address…); choose a non-personal metadata key`);
    } else if (key !== undefined) {
      issue(['suffix', 'key'], `is only used with source \`custom\`; source \`${source}\` reads metadata.${source === 'none' ? '(nothing)' : source}`);
    }
    if (fallback === 'literal') {
      if (literal === undefined) issue(['suffix', 'literal'], 'is required when fallback is `literal`: the fixed text to print');
      else {
        const problem = descriptorTextProblem(literal);
        if (problem) issue(['suffix', 'literal'], problem);
      }
    } else if (literal !== undefined) {
      issue(['suffix', 'literal'], `is only used with fallback \`literal\` (fallback is \`${fallback}\`)`);
    }
  })
  .nullable();
export type DescriptorSettings = NonNullable<z.infer<typeof DescriptorSettings>>;

/** Account behaviours of Doc 3, "Sandbox control API" (defaults as listed there). */
export const MerchantSettings = z.strictObject({
  elements: z.boolean().default(true),
  chargeAtSubmit: z.boolean().default(true),
  sameSessionRetry: z.number().int().min(0).max(10).default(0),
  shipping: collectionMode.default('none'),
  billingAddress: collectionMode.default('auto'),
  phone: collectionMode.default('none'),
  nameCollection: collectionMode.default('auto'),
  emailCollection: z.enum(emailCollectionModes).default('auto'),
  requiredBuyerFields: z.array(z.enum(['name', 'email', 'phone', 'shipping_address', 'billing_address'])).default([]),
  inPageBankCheck: z.boolean().default(false),
  disputeReporting: z.enum(['tracked', 'not_tracked']).default('tracked'),
  orderModel: z.boolean().default(true),
  orderFirst: z.boolean().default(false),
  connectedStores: z
    .array(z.strictObject({ platform: z.enum(['platform_a', 'platform_b']), store: z.string().min(1).max(255), writeScopes: z.boolean().default(true) }))
    .default([{ platform: 'platform_a', store: 'shop.example.com', writeScopes: true }]),
  descriptor: DescriptorSettings.default(null),
  onboarded: z.boolean().default(true),
  processorConnected: z.boolean().default(true),
  completeEndpoint: z.boolean().default(true),
  /** Shown to buyers on the hosted page; not in Doc 3's list, so optional. */
  displayName: z.string().min(1).max(100).default('Sandbox merchant'),
});
export type MerchantSettings = z.infer<typeof MerchantSettings>;

/**
 * Settings as read back from the store. A descriptor saved before a rule was tightened reads as
 * none rather than failing every request of the merchant: Doc 2 counts a descriptor that cannot be
 * read as `no_config`.
 */
export const StoredMerchantSettings = MerchantSettings.extend({ descriptor: DescriptorSettings.catch(null) });

export interface Merchant {
  id: string;
  environment: 'sandbox' | 'live';
  processor: ProcessorKind;
  status: 'active' | 'inactive';
  name: string;
  settings: MerchantSettings;
  createdAt: string;
}

export type KeyType = 'secret' | 'publishable';

export interface AuthContext {
  merchant: Merchant;
  keyType: KeyType;
  livemode: boolean;
  /** A short digest of the API key itself: per-key rate limits count each key, not each merchant. */
  keyId: string;
}

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
  buyerPrefill?: { email: boolean; name: boolean };
  /**
   * The buyer's email, name and billing address (prefilled at create, or typed on the hosted page),
   * sealed: stored for the merchant, never returned on the session (Doc 1, `buyerId`).
   */
  buyerSealed?: string | null;
  /** Set once the buyer's details from the hosted page reached the session. */
  buyerDetailsGiven?: boolean;
  transactionId: string | null;
  vpTxId: string | null;
  vpTxCount: number;
  paymentIntentId: string | null;
  retry: { allowed: boolean; attempts_remaining: number } | null;
  lastPaymentError: { code: 'card_declined' | 'payment_failed'; decline_code: string | null } | null;
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
  /** Normalised: lowercase ASCII, no trailing dot (engine/wallet-domain-name.ts). */
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
  address: Address | null;
  metadata: Record<string, unknown>;
  createdAt: string;
  /** Touched by every write that references the buyer. */
  lastSeenAt: string;
}

export type { InboundEventRecord, WebhookAttemptRecord, WebhookDeliveryRecord, WebhookSubscriptionRecord } from './webhook-types.ts';
