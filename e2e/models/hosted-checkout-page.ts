/** The hosted checkout page at /pay/{sessionId}, as a buyer sees it. */
import type { Locator, Page } from '@playwright/test';
import type { TestCard } from '../fixtures/cards.ts';
import { CardForm } from './card-form.ts';

export class HostedCheckoutPage {
  /** The sandbox processor's fields page, mounted in an iframe titled for screen readers. */
  readonly cardFrame: Locator;
  readonly card: CardForm;
  /** Named `Pay` followed by the formatted amount (spec 3). */
  readonly payButton: Locator;
  readonly success: Locator;
  readonly declineAlert: Locator;

  constructor(readonly page: Page) {
    this.cardFrame = page.locator('iframe[title="Card details"]');
    this.card = new CardForm(page.frameLocator('iframe[title="Card details"]'));
    this.payButton = page.getByRole('button', { name: /^Pay\b/ });
    this.success = page.getByText('Payment successful');
    this.declineAlert = page.getByRole('alert').filter({ hasText: /declined/i });
  }

  async open(checkoutUrl: string): Promise<void> {
    await this.page.goto(checkoutUrl);
  }

  async pay(card: TestCard): Promise<void> {
    await this.card.fill(card);
    await this.payButton.click();
  }
}
