/**
 * A merchant page with nothing but svcpay's card element, mounted with the options a test gives
 * (locale, for one); served by e2e/fixtures/merchant-page.ts.
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { CardForm, type CardFieldNames } from './card-form.ts';

export interface CardElementOptions {
  publishableKey: string;
  sessionId: string;
  locale?: string;
}

export class CardElementPage {
  /** svcpay's card field frame, served from the service origin. */
  readonly frame: FrameLocator;
  readonly frameElement: Locator;

  constructor(readonly page: Page) {
    this.frameElement = page.locator('iframe[data-svcpay-element="card"]');
    this.frame = page.frameLocator('iframe[data-svcpay-element="card"]');
  }

  card(names?: CardFieldNames): CardForm {
    return new CardForm(this.frame, names);
  }

  /** The field frame's <html>, where lang and dir are set. */
  get frameRoot(): Locator {
    return this.frame.locator('html');
  }

  /** Opens the page and waits until the card said ready (the embed then marks its frame). */
  async open(merchantPageUrl: string, opts: CardElementOptions): Promise<void> {
    await this.page.goto(`${merchantPageUrl}/?o=${encodeURIComponent(JSON.stringify(opts))}`);
    await expect(this.frameElement).toHaveAttribute('data-svcpay-ready', '');
  }
}
