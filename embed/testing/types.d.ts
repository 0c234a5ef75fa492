/**
 * Public types of `svcpay/testing`, Playwright helpers for merchants' own QA. Imports only
 * Playwright's types (an optional peer dependency: install `@playwright/test` to use these).
 * A declaration file of its own for the reason embed/loader/types.d.ts gives.
 */
import type { FrameLocator, Page } from '@playwright/test';
import type { SandboxFault, SandboxFaultKind, SandboxFaultOperation, SandboxFaultSpec, SandboxLedgerTransaction } from '../server/control-types.js';

/** What a buyer types, as they type it (the fields format as they go). */
export interface TestCardDetails {
  /** e.g. `4242 4242 4242 4242` or `4242424242424242`. */
  number: string;
  /** `MM / YY` or `MMYY`, in the future. */
  expiry: string;
  cvc: string;
  /** Typed when the fields show a postal code input, skipped when they do not (`hidePostalCode`). */
  postalCode?: string;
}

/**
 * Where the card inputs are: a merchant `Page` with svcpay elements mounted (`card`, or
 * `cardNumber` + `cardExpiry` + `cardCvc`), or a `FrameLocator` of one frame holding all of them
 * (the hosted checkout page's card frame: `page.frameLocator('iframe[title="Card details"]')`).
 */
export type CardFieldsTarget = Page | FrameLocator;

/** The card element types whose frames `waitForReady` can wait for. */
export type CardElementType = 'card' | 'cardNumber' | 'cardExpiry' | 'cardCvc';

export interface WaitForReadyOptions {
  /** Also wait until these elements are mounted; by default, whichever are mounted (at least one). */
  elements?: CardElementType[];
  /** Milliseconds; Playwright's default timeout when omitted. */
  timeout?: number;
}

/** The sandbox bank's two buttons: `Complete authentication` and `Fail authentication`. */
export type ChallengeAnswer = 'approve' | 'fail';

export interface CompleteChallengeOptions {
  /** Milliseconds to wait for the challenge to show; 30 000 when omitted. */
  timeout?: number;
}

export interface StartSvcPayOptions {
  /** Extra environment for the server (docs/operator.md, "Configuration"), e.g. `{ SVCPAY_RATE_LIMITS: 'off' }`. */
  env?: Record<string, string | undefined>;
  /** Keep the temporary directory (database, log) after `stop()`; removed by default. */
  keepFiles?: boolean;
  /** Milliseconds to wait for the server to answer; 90 000 when omitted. */
  readyTimeoutMs?: number;
}

/** What the server wrote to its ready file once every listener was up. */
export interface SvcPayAddresses {
  serviceUrl: string;
  processorUrl: string;
  /** The sandbox's Stripe stand-in: its API, stripe.js and card frames (`card_element` merchants). */
  stripeUrl: string;
  /** The sandbox's Braintree stand-in: its gateway API, client API and braintree-web (`hosted_fields` merchants). */
  braintreeUrl: string;
  demoUrl: string;
  /** The demo merchant, made on first start. */
  merchantId: string;
  secretKey: string;
  publishableKey: string;
  /** A ready hosted checkout link for the demo merchant. */
  checkoutUrl: string;
}

export interface SvcPayServerFiles {
  /** Temporary directory holding the database and the log. */
  tempDir: string;
  /** SQLite file the server writes (plus its -wal and -shm companions). */
  dataFile: string;
  /** Everything the server printed, stdout and stderr. */
  logFile: string;
  /**
   * Size of the log when the server became ready: before it is the start-up banner (which lists
   * the test card numbers); after it, what was written while serving.
   */
  logOffsetAtReady: number;
  pid: number;
}

export interface SvcPayServer extends SvcPayAddresses, SvcPayServerFiles {
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes its files unless `keepFiles`. */
  stop(): Promise<void>;
}

/** Where the reference server is: its service URL, or the server `startSvcPay` returned. */
export type SvcPayTarget = string | { serviceUrl: string; /** `SVCPAY_CONTROL_TOKEN`, when the server was started with one. */ controlToken?: string };

/** The processor calls a fault can be armed on; `charge` is every server charge, `browser_charge` the sandbox fields page paying. */
export type FaultOperation = SandboxFaultOperation;

/**
 * `down`: refused before acting, nothing moves; `lose_answer`: acted, then the connection is reset;
 * `hold`: kept at the door until `releaseFault` (a late arrival); `slow`: acted, answered after `delayMs`
 * (2 000 ms when omitted).
 */
export type FaultKind = SandboxFaultKind;

/** What `armFault` takes: the control client's fault (svcpay/server's `SandboxFaultSpec`). */
export type FaultSpec = SandboxFaultSpec;

/** A fault as the switchboard keeps it (svcpay/server's `SandboxFault`). */
export type ArmedFault = SandboxFault;

/** One transaction in the sandbox processor's own ledger (`status` `requires_action`: waiting on the bank challenge, nothing moved yet). */
export type LedgerTransaction = SandboxLedgerTransaction;

/** The hosted page's status panels. */
export type CheckoutStatus = 'success' | 'declined' | 'expired' | 'not_found' | 'error' | 'processing' | 'held' | 'paid_already' | 'cancelled' | 'failed';
