/**
 * Declarations of `svcpay/testing`'s page objects (implemented in pages.ts), in a file of their own
 * so that types.d.ts can name them without importing index.d.ts.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import type { CardElementType, CheckoutStatus, TestCardDetails } from './types.js';

/** The card inputs of one frame, by their autocomplete tokens. */
export declare class CardInputs {
  readonly frame: FrameLocator;
  readonly number: Locator;
  readonly expiry: Locator;
  readonly cvc: Locator;
  readonly postalCode: Locator;
  constructor(frame: FrameLocator);
  /** Key by key, as a buyer types; the postal code only when the frame shows one. */
  fill(card: TestCardDetails): Promise<void>;
}

/** The hosted checkout page at a session's `checkoutUrl`, found the same way in every language. */
export declare class HostedCheckoutPage {
  readonly page: Page;
  readonly cardFrame: Locator;
  readonly card: CardInputs;
  /** `Pay <amount>` in the page's language. */
  readonly payButton: Locator;
  /** A buyer-details input by its autocomplete token (`email`, `name`, `tel`, …). */
  readonly details: (token: string) => Locator;
  constructor(page: Page);
  /** Opens the page and waits for the card inputs. */
  open(checkoutUrl: string): Promise<void>;
  /** The page's `<html lang>` and `dir`. */
  language(): Promise<{ lang: string | null; dir: string | null }>;
  /** A status panel: `success` after a payment, `declined` after a decline, … */
  status(kind: CheckoutStatus): Locator;
  /** Types the card and presses Pay. */
  pay(card: TestCardDetails): Promise<void>;
}

/** svcpay's card element (or a split one) on a merchant page. */
export declare class CardElement {
  readonly page: Page;
  readonly type: CardElementType;
  readonly frameElement: Locator;
  readonly inputs: CardInputs;
  constructor(page: Page, type?: CardElementType);
  /** Resolves once the element fired `ready`. */
  ready(options?: { timeout?: number }): Promise<void>;
  /** The frame's `<html>`, whose `lang` and `dir` follow the element's locale. */
  readonly root: Locator;
  fill(card: TestCardDetails): Promise<void>;
}

