/**
 * Types of the sandbox control API client (./sandbox.ts), in a declaration file of their own so
 * that the published `svcpay/server` declarations (index.d.ts) and `svcpay/testing` share them.
 */
/** A sandbox merchant's environment: `sandbox` keys are `vp_*_test_*`, `live` keys `vp_*_live_*` (nothing is real money). */
export type SandboxEnvironment = 'sandbox' | 'live';

/** The merchant's payment provider: the in-process sandbox processor, a provider stand-in, or `none`. */
export type SandboxProcessorKind = 'sandbox' | 'card_element' | 'hosted_fields' | 'vault_hosted_fields' | 'agent_hosted_fields' | 'none';

/** Events the sandbox processor can send the service on demand (`POST /_sandbox/provider_events`). */
export type SandboxEventType = 'dispute.created' | 'dispute.won' | 'dispute.lost' | 'refund.succeeded' | 'refund.failed' | 'capture.settled' | 'capture.failed';


/** The processor calls a fault can be armed on; `charge` is every server charge, `browser_charge` the sandbox fields page paying. */
export type SandboxFaultOperation = 'charge' | 'capture' | 'void' | 'refund' | 'lookup' | 'vault' | 'browser_charge' | 'any';

/** `down`: refused before acting; `lose_answer`: acted, answer lost; `hold`: kept until released; `slow`: answered after `delayMs`. */
export type SandboxFaultKind = 'down' | 'lose_answer' | 'hold' | 'slow';

export interface SandboxControlOptions {
  /** The service's address, e.g. `http://localhost:4242` (a trailing slash is fine). */
  baseUrl: string;
  /** `SVCPAY_CONTROL_TOKEN`, when the server was started with one (sent as a bearer). */
  controlToken?: string;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
}

/** `POST /_sandbox/merchants`: every field optional (Doc 3 lists the settings and their defaults). */
export interface NewSandboxMerchant {
  environment?: SandboxEnvironment;
  processor?: SandboxProcessorKind;
  /** Account behaviours, merged over Doc 3's defaults (`elements`, `chargeAtSubmit`, `sameSessionRetry`, …). */
  settings?: Record<string, unknown>;
}

export interface SandboxKeys {
  /** `vp_sk_test_…` (or `vp_sk_live_…`): for the merchant's server. */
  secret: string;
  /** `vp_pk_test_…` (or `vp_pk_live_…`): for the browser. */
  publishable: string;
}

export interface SandboxMerchant {
  id: string;
  environment: SandboxEnvironment;
  keys: SandboxKeys;
}

export interface RotatedKeys {
  keys: SandboxKeys;
  /** Until then (service clock) the previous keys still work. */
  previousKeysExpireAt: string;
}

/** The service clock: every time rule runs on it (Doc 3, "Starting it"). */
export interface ServiceClock {
  /** ISO 8601. */
  now: string;
  /** Unix seconds. */
  unix: number;
}

/** Which payment a provider event is about: the service's payment intent, or the processor's transaction. */
export type SandboxEventTarget = { paymentIntent: string } | { transaction: string };

/** What the processor did with a triggered event; once answered, the service has applied it. */
export interface TriggeredEvent {
  /** The processor's event id. */
  id: string;
  type: string;
  /** Whether the service's inbound webhook took it. */
  delivered: boolean;
}

export interface SandboxFaultSpec {
  operation: SandboxFaultOperation;
  kind: SandboxFaultKind;
  /** How many calls it affects; 1 when omitted. */
  count?: number;
  /** `slow` only: milliseconds between acting and answering. */
  delayMs?: number;
  /** Only this merchant's calls (its id); every merchant's when omitted. */
  merchant?: string;
}

export interface SandboxFault {
  id: string;
  operation: SandboxFaultOperation;
  kind: SandboxFaultKind;
  merchant: string | null;
  delayMs: number;
  /** Calls it will still affect. */
  remaining: number;
  /** Calls it holds at the door now. */
  held: number;
}

/** One transaction in the sandbox processor's own ledger: what really moved. */
export interface SandboxLedgerTransaction {
  id: string;
  /** The service's name for the call (its attempt id), or the client token of a browser charge. */
  reference: string | null;
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'voided' | 'declined' | 'failed' | 'requires_action';
  /** Minor units captured. */
  captured: number;
  /** Minor units refunded. */
  refunded: number;
  created: string;
}

/** One try of a webhook delivery, as the service recorded it. */
export interface SandboxDeliveryAttempt {
  id: string;
  /** 1 for the first try. */
  number: number;
  /** Service-clock ISO time. */
  at: string;
  /** The receiver's status; null when it did not answer. */
  status: number | null;
  ms: number;
  error: string | null;
  nextAttemptAt: string | null;
}

/** One event's delivery to one subscription, with every attempt (`GET /_sandbox/webhook_subscriptions/{id}/deliveries`). */
export interface SandboxDelivery {
  id: string;
  subscriptionId: string;
  eventId: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: string;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  attemptsLog: SandboxDeliveryAttempt[];
}

export interface SandboxControl {
  /** The normalised base URL this client calls. */
  readonly baseUrl: string;
  merchants: {
    /** Creates a merchant and its keys. */
    create(input?: NewSandboxMerchant): Promise<SandboxMerchant>;
    /** Merges settings, or sets `status: 'inactive'`. */
    update(id: string, patch: { settings?: Record<string, unknown>; status?: 'active' | 'inactive' }): Promise<SandboxMerchant & { status: string; settings: Record<string, unknown> }>;
    /** New keys; the old ones keep working for the grace window. */
    rotateKeys(id: string): Promise<RotatedKeys>;
  };
  clock: {
    /** Reads the service clock. */
    now(): Promise<ServiceClock>;
    /** Moves it forward by seconds or a duration (`90s`, `15m`, `2h`, `3d`, `1w`) and runs every job that became due. */
    advance(by: number | string): Promise<ServiceClock>;
  };
  events: {
    /** Makes the sandbox processor send a provider event for a captured payment, as a real provider would. */
    trigger(type: SandboxEventType, target: SandboxEventTarget): Promise<TriggeredEvent>;
  };
  faults: {
    /** Arms one fault on the calls the service makes to the sandbox processor. */
    set(spec: SandboxFaultSpec): Promise<SandboxFault>;
    /** Every fault armed and not cleared, spent ones included. */
    list(): Promise<SandboxFault[]>;
    /** Lets the calls a `hold` fault keeps reach the processor; how many, once acted on. */
    release(id: string): Promise<number>;
    /** Disarms a fault; calls it still holds are dropped. */
    clear(id: string): Promise<void>;
  };
  /** The processor's own ledger, oldest first, of one merchant or all. */
  ledger(merchant?: string): Promise<SandboxLedgerTransaction[]>;
  writeFreeze: {
    /** Whether Document 1's maintenance write-freeze is on (every write then answers 503 `service_unavailable`, `Retry-After: 30`). */
    get(): Promise<{ on: boolean }>;
    /** Switches the maintenance write-freeze on or off (on the instance this client calls). */
    set(on: boolean): Promise<{ on: boolean }>;
  };
  webhooks: {
    /** A subscription's deliveries, newest first, each with its attempts. */
    deliveries(subscriptionId: string): Promise<SandboxDelivery[]>;
    /** Sends one delivery again now. */
    redeliver(deliveryId: string): Promise<SandboxDelivery>;
  };
}
