/** Public types of `svcpay/testing` (package.json "exports"). */
import type { Expect, FrameLocator, Locator, Page, PlaywrightTestArgs, PlaywrightTestOptions, PlaywrightWorkerArgs, PlaywrightWorkerOptions, TestType } from '@playwright/test';
import type {
  ArmedFault,
  CardElementType,
  CardFieldsTarget,
  CheckoutStatus,
  ChallengeAnswer,
  FaultSpec,
  LedgerTransaction,
  SvcPayTarget,
  CompleteChallengeOptions,
  StartSvcPayOptions,
  SvcPayServer,
  TestCardDetails,
  WaitForReadyOptions,
} from './types.js';

export type * from './types.js';
export type * from './fixture-types.js';
import type { SvcPayTestFixtures, SvcPayWorkerFixtures } from './fixture-types.js';

/** The English accessible names of the card inputs (other locales have their own). */
export declare const CARD_INPUT_NAMES: {
  readonly number: 'Card number';
  readonly expiry: 'Expiration date';
  readonly cvc: 'Security code';
  readonly postalCode: 'Postal code';
};

/** The inputs' `autocomplete` tokens, the same in every locale: what the helpers select by. */
export declare const CARD_INPUT_TOKENS: {
  readonly number: 'cc-number';
  readonly expiry: 'cc-exp';
  readonly cvc: 'cc-csc';
  readonly postalCode: 'postal-code';
};

/** One card input in a frame (or any locator scope), by its autocomplete token. */
export declare function cardInput(scope: FrameLocator | Locator, name: keyof typeof CARD_INPUT_TOKENS): Locator;

/** Selects svcpay's field frame of one element type on a merchant page. */
export declare function fieldFrameSelector(type: CardElementType): string;

/**
 * Types a card into the fields key by key, as a buyer does. On a `Page`, finds each input in the
 * frame of the element that holds it (`card`, or `cardNumber`, `cardExpiry`, `cardCvc`).
 */
export declare function fillCard(target: CardFieldsTarget, card: TestCardDetails): Promise<void>;

/** Resolves once every mounted svcpay card element (at least one) has fired `ready`. */
export declare function waitForReady(page: Page, options?: WaitForReadyOptions): Promise<void>;

/**
 * Answers the sandbox bank's 3-D Secure challenge, wherever it shows in the page's browser
 * context: the page itself, a frame at any depth, or a popup. Resolves once the answer was sent
 * and the challenge is gone.
 */
export declare function completeChallenge(page: Page, answer: ChallengeAnswer, options?: CompleteChallengeOptions): Promise<void>;

/**
 * Starts the svcpay reference server (service, sandbox processor, demo shop) on free ports with
 * a throwaway database; for Playwright's `globalSetup`.
 */
export declare function startSvcPay(options?: StartSvcPayOptions): Promise<SvcPayServer>;

/**
 * Arms one fault on the calls the reference server makes to its sandbox processor (docs/qa.md,
 * "Rehearsing a misbehaving processor"). Scope it with `merchant` when other tests share the server.
 */
export declare function armFault(server: SvcPayTarget, fault: FaultSpec): Promise<ArmedFault>;

/** Every fault armed and not disarmed, spent ones included (`remaining` 0). */
export declare function listFaults(server: SvcPayTarget): Promise<ArmedFault[]>;

/** Lets every call a `hold` fault keeps reach the processor, in arrival order; resolves with how many, once they were acted on. */
export declare function releaseFault(server: SvcPayTarget, fault: string | { id: string }): Promise<number>;

/** Disarms a fault; calls it still holds are dropped and never reach the processor. */
export declare function disarmFault(server: SvcPayTarget, fault: string | { id: string }): Promise<void>;

/** The sandbox processor's own ledger (one merchant's, or every merchant's), oldest first: what really moved. */
export declare function processorLedger(server: SvcPayTarget, merchant?: string): Promise<LedgerTransaction[]>;

/**
 * Playwright's `test`, extended with `svcpay` (the server: started per worker, or `svcpayOptions.url`
 * / `SVCPAY_URL`), `merchant` (a fresh sandbox merchant per test), `api` (the typed server client
 * with its secret key), `control` (the sandbox control API), `webhooks` (a verifying receiver
 * subscribed for the merchant) and `checkout` (the hosted page object).
 */
export declare const test: TestType<PlaywrightTestArgs & PlaywrightTestOptions & SvcPayTestFixtures, PlaywrightWorkerArgs & PlaywrightWorkerOptions & SvcPayWorkerFixtures>;

/** Playwright's `expect`. */
export declare const expect: Expect;

export { CardElement, CardInputs, HostedCheckoutPage } from './page-objects.js';
