/**
 * The store contract (ARCHITECTURE.md, Store): repositories the engine calls, and nothing else of
 * the database. Every call is asynchronous, because the second backend this shape exists for
 * (Postgres, shared by several server instances) can only answer asynchronously; the SQLite
 * backend answers at once but keeps the same contract, so the engine never learns which it has.
 *
 * Rules every backend keeps:
 * - A write happens only inside `tx`. When the promise `tx` returns resolves, every write of the
 *   transaction is durable (on disk for a file store); when it rejects, none of them happened.
 * - A transaction function does no I/O of its own (no processor call, no fetch): it reads and
 *   writes through the repositories it is handed, then returns. Backends may run several
 *   transactions under one commit (group commit), so a slow function would hold all of them.
 *   A backend may also run it again (PostgreSQL, on a serialization failure): it keeps no state
 *   outside the store that a second run would double.
 * - Reads outside a transaction (`read`) see committed data, or data a concurrent transaction is
 *   about to commit; a decision that must hold is re-read inside the transaction that acts on it.
 */
import type {
  BuyerRecord,
  KeyType,
  Merchant,
  PaymentIntentRecord,
  PaymentMethodRecord,
  RefundRecord,
  SessionRecord,
  SettlementRecord,
  WalletDomainRecord,
  WebhookSubscriptionRecord,
  WebhookAttemptRecord,
  WebhookDeliveryRecord,
  InboundEventRecord,
} from '../domain/index.ts';
import type { AttemptRecord, EventRecord, IdemRecord, IdemScope, KeyRecord } from '../domain/operations.ts';
import type { MirrorOrderReads, MirrorOrderRepo, OrderFirstReads, OrderFirstRepo, UpsellClaimRepo } from './types-mirror.ts';

export type { AttemptRecord, EventRecord, IdemRecord, IdemScope, KeyRecord };
import type { ClientErrorRepo, MetaReads, MetaRepo, SealedValueRepo } from './types-meta.ts';
export type * from './types-meta.ts';
import type { WalletType } from '../../vocab/wallet-domains.ts';

export interface MerchantReads {
  get(id: string): Promise<Merchant | undefined>;
  findKey(key: string): Promise<KeyRecord | undefined>;
  /** The sealed redirect key of the merchant's newest current secret key (engine/redirect.ts); undefined for keys made before redirect keys existed. */
  redirectKey(merchantId: string): Promise<string | undefined>;
}
export interface MerchantRepo extends MerchantReads {
  insert(m: Merchant): Promise<void>;
  update(m: Merchant): Promise<void>;
  /** `redirectKey`: for a secret key, its sealed redirect key (webhooks/redirect-signature.ts). */
  addKey(key: string, merchantId: string, type: KeyType, livemode: boolean, now: string, redirectKey?: string): Promise<void>;
  /** Starts the grace window of every current key of the merchant (key rotation). */
  expireCurrentKeys(merchantId: string, at: string): Promise<void>;
}

export interface SessionReads {
  get(id: string): Promise<SessionRecord | undefined>;
  /** Open sessions whose time limit passed and that hold no charge lock, oldest first. */
  dueForExpiry(nowIso: string, limit: number): Promise<SessionRecord[]>;
}
export interface SessionRepo extends SessionReads {
  insert(s: SessionRecord): Promise<void>;
  update(s: SessionRecord): Promise<void>;
}

export interface PaymentReads {
  get(id: string): Promise<PaymentIntentRecord | undefined>;
  byProcessorRef(ref: string): Promise<PaymentIntentRecord | undefined>;
  /** The direct intent created under this Idempotency-Key (merchant, mode and key). */
  byIdemKey(merchantId: string, livemode: boolean, key: string): Promise<PaymentIntentRecord | undefined>;
}
export interface PaymentRepo extends PaymentReads {
  insert(p: PaymentIntentRecord): Promise<void>;
  update(p: PaymentIntentRecord): Promise<void>;
  /** Only for an intent whose charge the processor refused before moving money (it never existed). */
  delete(id: string): Promise<void>;
}

/** Rows of one merchant in one mode (Doc 1, Authentication 4). */
export interface Owner {
  merchantId: string;
  livemode: boolean;
}

export interface PaymentMethodReads {
  get(id: string): Promise<PaymentMethodRecord | undefined>;
  /** Active cards saved for later use by a buyer (single-use ones are not saved cards), newest first; `after` continues past that row. */
  listForBuyer(owner: Owner, buyerRecordId: string, limit: number, after?: PaymentMethodRecord): Promise<PaymentMethodRecord[]>;
}
export interface PaymentMethodRepo extends PaymentMethodReads {
  insert(p: PaymentMethodRecord): Promise<void>;
  update(p: PaymentMethodRecord): Promise<void>;
}

export interface SettlementReads {
  get(id: string): Promise<SettlementRecord | undefined>;
  byProcessorRef(ref: string): Promise<SettlementRecord | undefined>;
  forIntent(intentId: string): Promise<SettlementRecord | undefined>;
}
export interface SettlementRepo extends SettlementReads {
  insert(s: SettlementRecord): Promise<void>;
  update(s: SettlementRecord): Promise<void>;
}

export interface RefundReads {
  get(id: string): Promise<RefundRecord | undefined>;
  byProcessorRef(ref: string): Promise<RefundRecord | undefined>;
  /** Every refund of a settlement, newest first; `after` continues past that row. */
  forSettlement(settlementId: string, limit: number, after?: RefundRecord): Promise<RefundRecord[]>;
  /** Sum of refunds of the settlement that moved or may still move money (`succeeded`, `requested`). */
  committedAmount(settlementId: string): Promise<number>;
  /** The refund an Idempotency-Key (exactly as sent) made for this merchant and mode. */
  byIdemKey(merchantId: string, livemode: boolean, key: string): Promise<RefundRecord | undefined>;
}
export interface RefundRepo extends RefundReads {
  insert(r: RefundRecord): Promise<void>;
  update(r: RefundRecord): Promise<void>;
  /** Only for a reservation the processor refused or never received before it answered: it leaves no trace. */
  delete(id: string): Promise<void>;
}

export interface AttemptReads {
  get(id: string): Promise<AttemptRecord | undefined>;
  byReference(merchantId: string, reference: string): Promise<AttemptRecord | undefined>;
  /** Pending attempts due a look at `nowIso` (every pending one when `nowIso` is null), oldest first. */
  due(nowIso: string | null, limit: number): Promise<AttemptRecord[]>;
  /** Failed attempts still watched (`recheckUntil` set) whose next look is due at `nowIso`, oldest first. */
  rechecksDue(nowIso: string, limit: number): Promise<AttemptRecord[]>;
}
export interface AttemptRepo extends AttemptReads {
  insert(a: AttemptRecord): Promise<void>;
  update(a: AttemptRecord): Promise<void>;
  /** Only for an attempt the processor refused before acting: the refused request leaves no trace. */
  delete(id: string): Promise<void>;
  /** Pending attempts of one session and kind. */
  pendingForSession(sessionId: string, kind: AttemptRecord['kind']): Promise<AttemptRecord[]>;
}

export interface IdempotencyRepo {
  get(scope: IdemScope): Promise<IdemRecord | undefined>;
  /** Inserts or replaces the row of `scope` with a fresh reservation. */
  reserve(scope: IdemScope, rec: Omit<IdemRecord, 'state' | 'statusCode' | 'response'>): Promise<void>;
  /** Stores the answer of reservation `id`; false when the row is no longer that reservation. */
  complete(scope: IdemScope, id: string, statusCode: number, response: string): Promise<boolean>;
  /**
   * Keeps the engine's outcome (JSON) as the answer of reservation `id`, with no HTTP status: the
   * route renders it, on the first answer and on every replay. False when the row is no longer that reservation.
   */
  keep(scope: IdemScope, id: string, outcome: string): Promise<boolean>;
  /** Drops reservation `id` if it is still reserved (the request changed nothing). */
  release(scope: IdemScope, id: string): Promise<void>;
  /** Deletes rows created before `beforeIso`; returns how many. */
  prune(beforeIso: string): Promise<number>;
}

export interface EventReads {
  forSession(sessionId: string): Promise<EventRecord[]>;
  get(id: string): Promise<EventRecord | undefined>;
}

export interface WebhookSubscriptionReads {
  /** Any row, deleted ones included: callers check the owner and `deletedAt`. */
  get(id: string): Promise<WebhookSubscriptionRecord | undefined>;
  /** The subscription of this URL that is not deleted, if any. */
  findActiveByUrl(owner: Owner, url: string): Promise<WebhookSubscriptionRecord | undefined>;
  /** Rows not deleted, newest first; `after` continues past that row. */
  list(owner: Owner, limit: number, after?: WebhookSubscriptionRecord): Promise<WebhookSubscriptionRecord[]>;
}
export interface WebhookDeliveryReads {
  get(id: string): Promise<WebhookDeliveryRecord | undefined>;
  /** Pending deliveries due at `nowIso`, oldest due first, but none of the subscriptions in `skip`. */
  due(nowIso: string, limit: number, skip?: readonly string[]): Promise<WebhookDeliveryRecord[]>;
  forSubscription(subscriptionId: string, limit: number): Promise<WebhookDeliveryRecord[]>;
  attempts(deliveryId: string): Promise<WebhookAttemptRecord[]>;
  /** Every subscription of the owner that is not deleted (fan-out reads them inside the event's transaction). */
  activeSubscriptions(owner: Owner): Promise<WebhookSubscriptionRecord[]>;
}
export interface WebhookDeliveryRepo extends WebhookDeliveryReads {
  insert(d: WebhookDeliveryRecord): Promise<void>;
  update(d: WebhookDeliveryRecord): Promise<void>;
  insertAttempt(a: WebhookAttemptRecord): Promise<void>;
}

export interface InboundEventReads {
  get(id: string): Promise<InboundEventRecord | undefined>;
  /** Pending events due at `nowIso`, in the order they were received. */
  due(nowIso: string, limit: number): Promise<InboundEventRecord[]>;
}
export interface InboundEventRepo extends InboundEventReads {
  /** Keeps the event unless one with its id is already kept; true when this call kept it. */
  insertNew(e: InboundEventRecord): Promise<boolean>;
  update(e: InboundEventRecord): Promise<void>;
}

export interface WebhookSubscriptionRepo extends WebhookSubscriptionReads {
  insert(w: WebhookSubscriptionRecord): Promise<void>;
  update(w: WebhookSubscriptionRecord): Promise<void>;
}
export interface EventRepo extends EventReads {
  insert(e: EventRecord): Promise<void>;
}

/** Rows of one merchant in one mode: a key never reaches the other mode's rows (Doc 1, Authentication 4). */
export interface WalletDomainOwner {
  merchantId: string;
  livemode: boolean;
}
export interface WalletDomainReads {
  /** Any row, removed ones included: callers check the owner and `removedAt`. */
  get(id: string): Promise<WalletDomainRecord | undefined>;
  /** The registration of this domain and wallet that is not removed, if any. */
  findActive(owner: WalletDomainOwner, domain: string, walletType: WalletType): Promise<WalletDomainRecord | undefined>;
  /** Rows not removed, newest first; `after` continues past that row (same order). */
  list(owner: WalletDomainOwner, limit: number, after?: WalletDomainRecord): Promise<WalletDomainRecord[]>;
}
export interface WalletDomainRepo extends WalletDomainReads {
  insert(w: WalletDomainRecord): Promise<void>;
  update(w: WalletDomainRecord): Promise<void>;
}

/** A buyer's owner: buyers are per merchant and per mode (Doc 2, Buyer `id`). */
export interface BuyerOwner {
  merchantId: string;
  livemode: boolean;
}
export interface BuyerReads {
  /** Any buyer: callers check the owner. */
  get(id: string): Promise<BuyerRecord | undefined>;
  findByExternalId(owner: BuyerOwner, externalId: string): Promise<BuyerRecord | undefined>;
  /** The buyer whose email equals `email` case-insensitively (through its lookup value). */
  findByEmail(owner: BuyerOwner, email: string): Promise<BuyerRecord | undefined>;
}
export interface BuyerRepo extends BuyerReads {
  insert(b: BuyerRecord): Promise<void>;
  /**
   * Writes every field of `b`. The email's lookup value follows the email: a null email leaves
   * no lookup value behind (Doc 2, `email: null` erasure).
   */
  update(b: BuyerRecord): Promise<void>;
}


/** What a transaction function is handed. */
export interface Repos {
  merchants: MerchantRepo;
  sessions: SessionRepo;
  payments: PaymentRepo;
  idempotency: IdempotencyRepo;
  events: EventRepo;
  meta: MetaRepo;
  clientErrors: ClientErrorRepo;
  walletDomains: WalletDomainRepo;
  attempts: AttemptRepo;
  paymentMethods: PaymentMethodRepo;
  settlements: SettlementRepo;
  refunds: RefundRepo;
  buyers: BuyerRepo;
  webhookSubscriptions: WebhookSubscriptionRepo;
  webhookDeliveries: WebhookDeliveryRepo;
  inboundEvents: InboundEventRepo;
  mirrorOrders: MirrorOrderRepo;
  upsellClaims: UpsellClaimRepo;
  orderFirst: OrderFirstRepo;
  sealed: SealedValueRepo;
}

/** What may be read outside a transaction. */
export interface Reads {
  merchants: MerchantReads;
  sessions: SessionReads;
  payments: PaymentReads;
  events: EventReads;
  meta: MetaReads;
  walletDomains: WalletDomainReads;
  attempts: AttemptReads;
  paymentMethods: PaymentMethodReads;
  settlements: SettlementReads;
  refunds: RefundReads;
  buyers: BuyerReads;
  webhookSubscriptions: WebhookSubscriptionReads;
  webhookDeliveries: WebhookDeliveryReads;
  inboundEvents: InboundEventReads;
  mirrorOrders: MirrorOrderReads;
  orderFirst: OrderFirstReads;
}

export interface Store {
  readonly read: Reads;
  tx<T>(fn: (r: Repos) => Promise<T> | T): Promise<T>;
  /**
   * Calls `listener` after every commit that kept a transaction's writes (workers that read an
   * outbox wake on it rather than polling). Returns the unsubscribe.
   */
  onCommit(listener: () => void): () => void;
  /** A cheap round trip through the backend, for deep health. */
  ping(): Promise<void>;
  /** Which backend this is and the schema step its database is at (deep health shows both). */
  info(): Promise<{ backend: 'sqlite' | 'postgres'; migration: number }>;
  close(): Promise<void>;
}
