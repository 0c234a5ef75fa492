/**
 * Public types of svcpay's browser API (Doc 3, "The browser API merchants call"): the global
 * `SvcPay` defined by https://<service>/js/v1/svcpay.js and the options of `loadSvcPay`.
 *
 * Imports nothing but its siblings, which it re-exports (vocab, appearance, elements, results,
 * checkout): they ship to npm users as they are (package.json "files": embed/loader/*.d.ts). A
 * declaration file of its own (not index.d.ts) because index.ts beside index.d.ts would shadow it
 * for every import inside this repository. embed/ implements these types; type tests live in
 * embed/loader/types.test-d.ts.
 */

import type { Elements, ElementsOptions } from './elements.js';
import type { MountCheckoutOptions, MountCheckoutResult } from './checkout.js';
import type { ConfirmPaymentResult, CreateTokenResult } from './results.js';
import type { Locale } from './vocab.js';

export * from './vocab.js';
export * from './appearance.js';
export * from './elements.js';
export * from './results.js';
export * from './checkout.js';

export interface ConfirmPaymentOptions {
  elements: Elements;
}

export interface SvcPay {
  elements(options: ElementsOptions): Elements;
  /**
   * Charges the session now (elements sessions with `chargeAtSubmit`); when the buyer's bank asks
   * (3-D Secure), shows its check in a dialog over the page first. Resolves, never rejects.
   */
  confirmPayment(options: ConfirmPaymentOptions): Promise<ConfirmPaymentResult>;
  /**
   * Vaults the card from inside svcpay's frames (elements sessions without `chargeAtSubmit`) and
   * resolves `{ token }` for the merchant server to charge, or `{ error }`. Never rejects.
   */
  createToken(options: ConfirmPaymentOptions): Promise<CreateTokenResult>;
  /**
   * Mounts an `embed` session's checkout (the processor's card fields and Pay) in a container:
   * waits until the session is ready, then resolves with the checkout, or with `{ error }`.
   * Throws for a bad container or sessionId, or a container that already holds a checkout.
   */
  mountCheckout(target: string | HTMLElement, options: MountCheckoutOptions): Promise<MountCheckoutResult>;
}
export type SvcPayInstance = SvcPay;

export interface SvcPayOptions {
  locale?: Locale;
  /** Logs dropped messages (`console.debug`) on the page and in svcpay's frames. */
  debug?: boolean;
}

/** The global the script tag defines. Throws for a key that is not a publishable key. */
export type SvcPayConstructor = (publishableKey: string, options?: SvcPayOptions) => SvcPay;

export interface LoadSvcPayOptions extends SvcPayOptions {
  /** Where svcpay.js is served; default `http://localhost:4242/js/v1/svcpay.js`. */
  scriptUrl?: string;
}

declare global {
  interface Window {
    SvcPay?: SvcPayConstructor;
  }
}
