/**
 * Page objects for merchants' QA (`svcpay/testing`): the hosted checkout page and svcpay's card
 * elements on a merchant page. Everything is found by what does not change with the language: the
 * inputs' `autocomplete` tokens, the frames' `data-svcpay-element` markers, the pay button's and the
 * status panel's classes. So one spec runs against an English, a French or an Arabic checkout.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { cardInput, fieldFrameSelector, fillCard } from './fields.ts';
import type { CardElementType, CheckoutStatus, TestCardDetails } from './types.js';

/** The card inputs of one frame: number, expiry, security code and postal code. */
export class CardInputs {
  readonly number: Locator;
  readonly expiry: Locator;
  readonly cvc: Locator;
  readonly postalCode: Locator;

  constructor(readonly frame: FrameLocator) {
    this.number = cardInput(frame, 'number');
    this.expiry = cardInput(frame, 'expiry');
    this.cvc = cardInput(frame, 'cvc');
    this.postalCode = cardInput(frame, 'postalCode');
  }

  /** Key by key, as a buyer types; the postal code only when the frame shows one. */
  fill(card: TestCardDetails): Promise<void> {
    return fillCard(this.frame, card);
  }
}

/** The hosted checkout page at a session's `checkoutUrl`, as a buyer sees it. */
export class HostedCheckoutPage {
  /** The frame that holds the card inputs (the sandbox processor's fields page). */
  readonly cardFrame: Locator;
  readonly card: CardInputs;
  /** Named `Pay <amount>` in the page's language. */
  readonly payButton: Locator;
  /** The buyer-details inputs by their autocomplete tokens: `email`, `name`, `tel`, … */
  readonly details: (token: string) => Locator;

  constructor(readonly page: Page) {
    this.cardFrame = page.locator('iframe.checkout__frame');
    this.card = new CardInputs(page.frameLocator('iframe.checkout__frame'));
    this.payButton = page.locator('button.svp-pay');
    this.details = (token) => page.locator(`main [autocomplete="${token}"], form [autocomplete="${token}"]`).first();
  }

  async open(checkoutUrl: string): Promise<void> {
    await this.page.goto(checkoutUrl);
    await this.card.number.waitFor();
  }

  /** The page's `<html lang>` and `dir`, as the buyer's language set them. */
  async language(): Promise<{ lang: string | null; dir: string | null }> {
    const html = this.page.locator('html');
    return { lang: await html.getAttribute('lang'), dir: await html.getAttribute('dir') };
  }

  /** A status panel (`success` after a payment, `declined` after a decline, …). */
  status(kind: CheckoutStatus): Locator {
    return this.page.locator(`.svp-status--${kind}`);
  }

  async pay(card: TestCardDetails): Promise<void> {
    await this.card.fill(card);
    await this.payButton.click();
  }
}

/** svcpay's card element (or one of the split ones) mounted on a merchant page. */
export class CardElement {
  readonly frameElement: Locator;
  readonly inputs: CardInputs;

  constructor(
    readonly page: Page,
    readonly type: CardElementType = 'card',
  ) {
    this.frameElement = page.locator(fieldFrameSelector(type));
    this.inputs = new CardInputs(page.frameLocator(fieldFrameSelector(type)));
  }

  /** Waits for the element's `ready` (the embed marks its frame `data-svcpay-ready`). */
  async ready(options: { timeout?: number } = {}): Promise<void> {
    await this.page.locator(`${fieldFrameSelector(this.type)}[data-svcpay-ready]`).waitFor(options);
  }

  /** The frame's `<html>`: its `lang` and `dir` follow the element's locale. */
  get root(): Locator {
    return this.page.frameLocator(fieldFrameSelector(this.type)).locator('html');
  }

  async fill(card: TestCardDetails): Promise<void> {
    await this.ready();
    await this.inputs.fill(card);
  }
}
