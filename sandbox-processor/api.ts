/**
 * The sandbox processor's server-to-server API, as the service's adapter calls it (its origin,
 * default http://127.0.0.1:4243). Calls carry the service's bearer secret and name the merchant
 * account in `Sandbox-Account`, as a platform names a connected account at a real provider. The
 * browser charge API (POST /v1/charges with a client token) is in src/api/processor.ts.
 */
import { z } from 'zod';
import { ChargeCard } from '../src/api/checkout.ts';
import {
  emittableEventTypes,
  faultKinds,
  faultOperations,
  ledgerStatuses,
  processorCaptureStates,
  processorRefundStatuses,
  processorTransactionStatuses,
} from '../src/vocab/sandbox.ts';
import { walletTypes } from '../src/vocab/wallets.ts';

export const ACCOUNT_HEADER = 'Sandbox-Account';

const Money = { amount: z.number().int().min(0), currency: z.string().min(3).max(3) };
const Reference = z.string().min(1).max(200);
const Id = z.string().min(1).max(200);

const isHttpUrl = (s: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(s).protocol);
  } catch {
    return false;
  }
};

/** A bare origin (`http://host:port`), the only shape a CSP source list may name here. */
const isHttpOrigin = (s: string) => isHttpUrl(s) && new URL(s).origin === s;

export const ClientTokenRequest = z.strictObject({
  sessionId: z.string().min(1).max(120),
  livemode: z.boolean(),
  ...Money,
  /** false: the browser charge only authorizes; the service captures later. */
  capture: z.boolean().default(true),
  /**
   * Where a bank challenge (3-D Secure) of the browser charge sends the buyer back. With it a
   * challenge card answers `requires_action` and the charge's `challengeUrl`; without it the
   * challenge counts as passed in the fields page (the embedded checkout, which has no dialog).
   */
  returnUrl: z.string().max(2000).refine(isHttpUrl, 'an http(s) URL').nullable().default(null),
});
export const ClientTokenResponse = z.object({ token: z.string(), expiresAt: z.string(), fieldsUrl: z.string() });
export const RevokeResponse = z.object({ token: z.string(), revoked: z.literal(true) });
export const FenceResponse = z.object({ reference: z.string(), fenced: z.literal(true) });

/**
 * The token a wallet sheet (Apple Pay, Google Pay) handed the buyer's browser for this provider.
 * In the sandbox it names a card of the test-card table as a provider reference does
 * (`tok_sandbox_<brand>_<last four>`), so every behaviour of the table is reachable through a wallet.
 */
export const WalletToken = z.strictObject({ type: z.enum(walletTypes), token: z.string().min(1).max(8000) });
export type WalletToken = z.infer<typeof WalletToken>;

/**
 * A server-side charge: card data (charge at submit), a wallet token or a vaulted card (`vaultId`), exactly one.
 * With a `reference` it is idempotent: the same reference never charges twice.
 */
/** The statement descriptor suffix (22 printable ASCII in all, none of `< > \ ' " *`), rule tags, the charge's names, the buyer's IP. */
export const ChargeSent = z.strictObject({
  descriptor: z.strictObject({ suffix: z.string().min(1).max(22).regex(/^[\x20-\x7e]+$/).refine((v) => !/[<>\\'"*]/.test(v), 'none of < > \\ \' " *') }).nullable(),
  ruleTags: z.record(z.string().min(1).max(64), z.string().min(1).max(80)).nullable(),
  firstName: z.string().min(1).max(100).nullable(),
  lastName: z.string().min(1).max(100).nullable(),
  buyerIp: z.string().min(1).max(45).nullable(),
});

export const DirectChargeRequest = z
  .strictObject({
    sessionId: z.string().min(1).max(120).nullable(),
    livemode: z.boolean(),
    ...Money,
    /** The caller's name for this charge; the same reference never charges twice. */
    reference: Reference.nullable().default(null),
    card: ChargeCard.optional(),
    wallet: WalletToken.optional(),
    vaultId: Id.optional(),
    /** false: authorize only; capture later with /v1/transactions/{id}/capture. */
    capture: z.boolean().default(true),
    /** Where the bank challenge sends the buyer back; a challenge card without one is refused. */
    returnUrl: z.string().max(2000).refine(isHttpUrl, 'an http(s) URL').nullable().default(null),
    /** Besides the service, the one page origin that may frame the bank challenge (an elements checkout's page). */
    frameAncestor: z.string().max(200).refine(isHttpOrigin, 'an http(s) origin').nullable().default(null),
    /** AVS input for a vaulted card (card data carries its own `postalCode`). */
    billingPostalCode: z.string().max(16).nullable().default(null),
    /** No buyer present: no challenge, no CVV. */
    merchantInitiated: z.boolean().default(false),
    /** What the charge carries beyond the money (issue 34): kept on the transaction, shown by `GET /v1/transactions/{id}`. */
    sent: ChargeSent.nullable().default(null),
  })
  .refine((b) => [b.card, b.wallet, b.vaultId].filter((x) => x !== undefined).length === 1, 'send exactly one of card, wallet and vaultId');
export type DirectChargeRequest = z.input<typeof DirectChargeRequest>;

export const VaultRequest = z.union([
  z.strictObject({ providerReference: z.string().min(1).max(200), livemode: z.boolean() }),
  z.strictObject({ card: ChargeCard, livemode: z.boolean() }),
  z.strictObject({ transactionId: z.string().min(1).max(200), livemode: z.boolean() }),
]);
export type VaultRequest = z.input<typeof VaultRequest>;
export const VaultResponse = z.object({
  vaultId: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() }),
});

/**
 * Apple Pay merchant validation, as a provider does it for its platforms: it asks Apple's
 * `validationUrl` for a merchant session for `domain`. The sandbox stands in for Apple and makes
 * the session itself, without a network call.
 */
export const AppleSessionRequest = z.strictObject({
  validationUrl: z.string().min(1).max(2000),
  domain: z.string().min(1).max(253),
  displayName: z.string().min(1).max(128),
  livemode: z.boolean(),
});
export type AppleSessionRequest = z.infer<typeof AppleSessionRequest>;
/** A wallet domain to verify (the sandbox as the domain-registration provider, docs/merchant.md Wallet domains). */
export const WalletDomainCheckRequest = z.strictObject({
  domain: z.string().min(1).max(253),
  walletType: z.enum(['apple_pay', 'google_pay']),
});
export type WalletDomainCheckRequest = z.infer<typeof WalletDomainCheckRequest>;
/** The provider's verdict: why the domain fails verification, or null when it verifies. */
export const WalletDomainCheck = z.object({ error: z.string().nullable() });
export type WalletDomainCheck = z.infer<typeof WalletDomainCheck>;
/** The opaque merchant session the page hands `completeMerchantValidation` (Apple's field names). */
export const AppleMerchantSession = z.object({
  epochTimestamp: z.number().int(),
  expiresAt: z.number().int(),
  merchantSessionIdentifier: z.string(),
  nonce: z.string(),
  merchantIdentifier: z.string(),
  domainName: z.string(),
  displayName: z.string(),
  signature: z.string(),
});
export type AppleMerchantSession = z.infer<typeof AppleMerchantSession>;

export const CaptureRequest = z.strictObject({ amount: z.number().int().min(1), reference: Reference });
export const VoidRequest = z.strictObject({ reference: Reference });
export const ChallengeRequest = z.strictObject({ result: z.enum(['approve', 'fail']) });
export const RefundRequest = z.strictObject({ transactionId: Id, amount: z.number().int().min(1), reference: Reference });
export const EventRequest = z.strictObject({ type: z.enum(emittableEventTypes), transactionId: Id.optional(), refundId: Id.optional() });
export type EventRequest = z.infer<typeof EventRequest>;
export const EventResponse = z.object({ id: z.string(), type: z.string(), delivered: z.boolean() });
export const RunDueResponse = z.object({ processed: z.number() });

/** `POST /v1/_clock`: the service clock's offset, which a processor that runs alone takes if it is ahead. */
export const ClockRequest = z.strictObject({ offsetMs: z.number().int().min(0).max(100 * 365 * 86_400_000) });
export const ClockResponse = z.object({ running: z.enum(['alone', 'beside']), offsetMs: z.number().nullable() });
export type ClockResponse = z.infer<typeof ClockResponse>;

export const Transaction = z.object({
  id: z.string(),
  reference: z.string().nullable(),
  merchantId: z.string(),
  sessionId: z.string().nullable(),
  livemode: z.boolean(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(processorTransactionStatuses),
  declineCode: z.string().nullable(),
  /** The issuer's raw response code of a decline (ISO 8583, e.g. `51`); null otherwise, and when an event from before the field leaves it out. */
  networkDeclineCode: z.string().nullable().default(null),
  ruleCode: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() }),
  avsResult: z.string().nullable(),
  cvvResult: z.string().nullable(),
  createdAt: z.string(),
  capture: z.enum(processorCaptureStates),
  capturedAmount: z.number(),
  /** Clock time before which refunds are refused `not_settled`; null once refundable. */
  settlesAt: z.string().nullable(),
  challengeUrl: z.string().nullable(),
  threeDSecure: z
    .object({ outcome: z.enum(['authenticated', 'failed']), method: z.string().nullable(), version: z.string().nullable(), eci: z.string().nullable() })
    .nullable(),
  dispute: z.object({ status: z.enum(['open', 'won', 'lost']), openedAt: z.string() }).nullable(),
});
export type Transaction = z.infer<typeof Transaction>;

export const Refund = z.object({
  id: z.string(),
  reference: z.string(),
  transactionId: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(processorRefundStatuses),
  failureCode: z.string().nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof Refund>;

/** What the processor POSTs to `{serviceUrl}/api/webhooks/sandbox`, signed with `x-svc-signature`. */
export const ProviderEventBody = z.union([
  z.object({ id: z.string(), type: z.enum(['transaction.updated', 'capture.settled', 'capture.failed', 'dispute.created', 'dispute.won', 'dispute.lost']), transaction: Transaction }),
  z.object({ id: z.string(), type: z.enum(['refund.succeeded', 'refund.failed']), refund: Refund }),
]);
export type ProviderEventBody = z.infer<typeof ProviderEventBody>;

/** Every refusal of the processor, in its own format (not the service's envelope). */
export const ErrorBody = z.object({ code: z.string(), error: z.string() });

/** `POST /v1/_faults`: one fault on the calls the service makes (Doc 3, "Faults and the processor's ledger"). */
export const FaultRequest = z.strictObject({
  operation: z.enum(faultOperations),
  kind: z.enum(faultKinds),
  count: z.number().int().min(1).max(1000).default(1),
  /** `slow` only: how long the answer waits after the processor acted. */
  delayMs: z.number().int().min(0).max(600_000).optional(),
  merchant: z.string().min(1).max(120).optional(),
});
export const Fault = z.object({
  id: z.string(),
  operation: z.enum(faultOperations),
  kind: z.enum(faultKinds),
  merchant: z.string().nullable(),
  delayMs: z.number(),
  remaining: z.number(),
  held: z.number(),
});
export const FaultList = z.object({ data: z.array(Fault) });
export const FaultRelease = z.object({ released: z.number() });
export const FaultDeleted = z.object({ id: z.string(), deleted: z.literal(true) });
export const LedgerEntry = z.object({
  id: z.string(),
  reference: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(ledgerStatuses),
  captured: z.number(),
  refunded: z.number(),
  created: z.string(),
});
export const Ledger = z.object({ data: z.array(LedgerEntry) });
