/** Types of `svcpay/testing`'s Playwright fixtures (playwright.ts), published through index.d.ts. */
import type { NewSandboxMerchant, SandboxControl, SandboxMerchant } from '../server/control-types.js';
import type { SvcPayClient } from '../server/types.js';
import type { WebhookEnvelope } from '../webhooks/index.js';
import type { HostedCheckoutPage } from './page-objects.js';
import type { StartSvcPayOptions } from './types.js';

/** The reference server the fixtures use: `svcpayOptions.url`, else `SVCPAY_URL`, else one `startSvcPay` starts for the worker. */
export interface SvcPayOptions extends StartSvcPayOptions {
  /** A server already running, e.g. `http://localhost:4242`. */
  url?: string;
  /** Its `SVCPAY_CONTROL_TOKEN`, when it has one (else the environment's). */
  controlToken?: string;
}

export interface SvcPayInstance {
  url: string;
  controlToken?: string;
}

/** The `webhooks` fixture: a loopback receiver subscribed for the test's merchant, verifying every delivery. */
export interface WebhookReceiver {
  url: string;
  subscriptionId: string;
  /** Deliveries whose signature verified, in arrival order (redeliveries included). */
  events: WebhookEnvelope[];
  /** Deliveries refused because the signature did not verify. */
  readonly refused: number;
  /** The first verified event of this type (and matching `where`), waiting up to `timeout` ms (30 000). */
  waitFor(type: string, options?: { where?: (event: WebhookEnvelope) => boolean; timeout?: number }): Promise<WebhookEnvelope>;
}

/** Per-test fixtures of `test` from `svcpay/testing`. */
export interface SvcPayTestFixtures {
  /** What the test's merchant is made with (an option: `test.use({ merchantOptions: { processor: 'card_element' } })`). */
  merchantOptions: NewSandboxMerchant;
  /** Event types the `webhooks` receiver subscribes to; every type by default. */
  webhookEvents: readonly string[];
  /** A fresh sandbox merchant: `merchant.id`, `merchant.keys.secret`, `merchant.keys.publishable`. */
  merchant: SandboxMerchant;
  /** The typed server client (`svcpay/server`) with the merchant's secret key. */
  api: SvcPayClient;
  /** The sandbox control API: clock, provider events, faults, ledger. */
  control: SandboxControl;
  webhooks: WebhookReceiver;
  /** The hosted checkout page object on the test's `page`. */
  checkout: HostedCheckoutPage;
}

/** Per-worker fixtures of `test` from `svcpay/testing`. */
export interface SvcPayWorkerFixtures {
  svcpayOptions: SvcPayOptions;
  svcpay: SvcPayInstance;
}

