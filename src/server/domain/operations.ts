/**
 * Records of what the engine does, kept beside the resources: API keys, payment attempts,
 * idempotency reservations and the events webhooks are made from.
 */
import type { KeyType } from './merchant.ts';
import type { InitType, ProcessorEnvironment } from '../../vocab/processors.ts';
import type { WalletType } from '../../vocab/wallets.ts';

/**
 * What a processor's client init answered (Doc 1, `POST /api/checkout/init`): the form the
 * checkout mounts. The wire schema (src/api/checkout.ts, `InitResponse`) has the same fields;
 * the engine stores one and answers with the other, so the type-checker keeps them equal.
 */
export interface ClientInit {
  type: InitType;
  token: string;
  environment: ProcessorEnvironment;
  fieldsUrl?: string;
  scriptUrl?: string;
  publishableKey?: string;
  accountId?: string;
  gatewayInstanceId?: string;
  merchantAccountId?: string;
  chargeEndpoint?: string;
  applicationFeeCents?: number;
}

export interface KeyRecord {
  /** A stable, non-secret identifier of the key (per-key rate limits count by it). */
  keyId: string;
  merchantId: string;
  type: KeyType;
  livemode: boolean;
  /** ISO time after which the key answers `auth_key_expired`; null while current. */
  expiresAt: string | null;
}

/**
 * One call to the processor that can move money (ARCHITECTURE.md, data flow 4), written before
 * the call is made. `reference` is what the processor receives and can be asked about later, so
 * an attempt a crash or a lost answer left `pending` is resolved by asking, never by guessing.
 */
export interface AttemptRecord {
  id: string;
  merchantId: string;
  livemode: boolean;
  /**
   * `charge`: a server-side charge (charge at submit, an intent); `client`: a browser form the
   * processor may charge with its client token (hosted, embed); `capture`, `void`, `refund`.
   */
  kind: 'charge' | 'client' | 'capture' | 'void' | 'refund';
  /** The processor's name for it: the attempt id for server calls, the client token for a browser form. */
  reference: string;
  sessionId: string | null;
  intentId: string | null;
  refundId: string | null;
  /** `pending` until its outcome is recorded (`done`) or it is known never to have moved money (`failed`). */
  state: 'pending' | 'done' | 'failed';
  amount: number;
  currency: string;
  /** Service-clock ISO time after which a processor that does not know it means it never happened. */
  resolveAfter: string;
  /** Service-clock ISO time of the reconciler's next look (backs off after each miss). */
  nextCheckAt: string;
  checks: number;
  /**
   * A `failed` attempt is looked at again until this service-clock ISO time (72 hours after it
   * failed): a processor that acted on it late after all is recorded. Null when no look is left.
   */
  recheckUntil: string | null;
  /**
   * A `client` attempt's form as init answered it, and the return URL it was made for: handed back
   * to a later init while the form is live and unused (issue 18, finding 8). Null or absent otherwise.
   */
  form?: { init: ClientInit; returnUrl: string | null } | null;
  /**
   * A charge of the token a wallet sheet returned: which wallet (issue 22). Kept on the attempt,
   * written before the processor is called, so an outcome the reconciler finds later still names it.
   */
  walletType?: WalletType | null;
  createdAt: string;
  updatedAt: string;
}

/** Whose key it is: a publishable-key caller and the merchant's server never share a namespace. */
export interface IdemScope {
  merchantId: string;
  livemode: boolean;
  keyType: KeyType;
  key: string;
}

export interface IdemRecord {
  /** The service's own id for this reservation (never a client-sent value). */
  id: string;
  fingerprint: string;
  state: 'reserved' | 'done';
  /** Service-clock ms after which a `reserved` row left by a crash may be taken over. */
  lockedUntil: number;
  statusCode: number | null;
  response: string | null;
  createdAt: string;
}

export interface EventRecord {
  id: string;
  merchantId: string;
  livemode: boolean;
  type: string;
  created: number;
  data: Record<string, unknown>;
  /**
   * The event's place in the order the service wrote events (issue 35, webhook order): larger is
   * later, across every object of the account, so a receiver orders one object's events by it.
   * Given by the store when it reads the event back; absent on a record not written yet.
   */
  sequence?: number;
}

/**
 * A keyed request's reservation (Doc 1, Idempotency), handed by the idempotency layer to the
 * engine: the engine keeps its outcome under it, in the transaction that made the outcome, so a
 * retry reads the outcome back instead of acting again.
 */
export interface IdempotencyReservation {
  /** The service's id for this reservation; money paths use it as the attempt's reference. */
  readonly id: string;
  readonly scope: IdemScope;
  /**
   * The request's fingerprint (method, path, canonical body). An object made under the key keeps
   * it: once the key's stored answer has expired, a request with another body is a new request and
   * never gets that object back.
   */
  readonly fingerprint: string;
}
