/** The demo merchant shop (demo/shop): product page and its on-page checkout. */
import type { Locator, Page } from '@playwright/test';
import { fieldFrameSelector, fillCard, waitForReady } from '../../embed/testing/index.ts';
import type { TestCard } from '../fixtures/cards.ts';
import { CardForm } from './card-form.ts';

export class ShopPage {
  readonly payOnThisPage: Locator;
  readonly payOnHostedPage: Locator;
  /** svcpay's card element frame, served from the service origin. */
  readonly card: CardForm;
  readonly payButton: Locator;
  /** role=status; carries data-session-id so tests can read the session back. */
  readonly result: Locator;

  constructor(readonly page: Page, readonly shopUrl: string) {
    this.payOnThisPage = page.getByRole('link', { name: 'Pay on this page' });
    this.payOnHostedPage = page.getByRole('button', { name: 'Pay on the hosted page' });
    this.card = new CardForm(page.locator(fieldFrameSelector('card')).contentFrame());
    this.payButton = page.getByRole('button', { name: 'Pay $25.00' });
    this.result = page.locator('#result');
  }

  async open(): Promise<void> {
    await this.page.goto(this.shopUrl);
  }

  async startOnPageCheckout(): Promise<void> {
    await this.payOnThisPage.click();
    await this.page.waitForURL(`${this.shopUrl}/checkout/elements`);
    await waitForReady(this.page, { elements: ['card'] });
  }

  /** As merchants' QA does it: `fillCard` finds each input in the element frame that holds it. */
  async pay(card: TestCard): Promise<void> {
    await fillCard(this.page, card);
    await this.payButton.click();
  }

  async sessionId(): Promise<string> {
    const id = await this.result.getAttribute('data-session-id');
    if (!id) throw new Error('the on-page checkout shows no data-session-id');
    return id;
  }
}
