/**
 * A merchant page that mounts an embed session's checkout with `mountCheckout` (served by
 * e2e/fixtures/merchant-page.ts): svcpay's checkout frame, and inside it the sandbox
 * processor's card fields, as on the hosted page.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import type { TestCard } from '../fixtures/cards.ts';
import { CardForm } from './card-form.ts';

export class EmbeddedCheckoutPage {
  /** svcpay's checkout frame, on the service origin. */
  readonly checkoutFrame: FrameLocator;
  readonly card: CardForm;
  /** Named `Pay` followed by the formatted amount, as on the hosted page (spec 3). */
  readonly payButton: Locator;
  readonly success: Locator;
  /** What the merchant page heard from the checkout, one item per event. */
  readonly events: Locator;
  /** The processor's fields frame itself: where its bank check shows (issue 18, finding 11). */
  readonly fieldsFrame: FrameLocator;

  constructor(readonly page: Page) {
    this.checkoutFrame = page.frameLocator('iframe[title="Secure checkout"]');
    this.fieldsFrame = this.checkoutFrame.frameLocator('iframe[title="Card details"]');
    this.card = new CardForm(this.fieldsFrame);
    this.payButton = this.checkoutFrame.getByRole('button', { name: /^Pay\b/ });
    this.success = this.checkoutFrame.getByText('Payment successful');
    this.events = page.getByRole('list', { name: 'Checkout events' }).getByRole('listitem');
  }

  async open(merchantPageUrl: string, opts: { publishableKey: string; sessionId: string; locale?: string }): Promise<void> {
    await this.page.goto(`${merchantPageUrl}/?o=${encodeURIComponent(JSON.stringify({ ...opts, checkout: true }))}`);
  }

  /** The sandbox bank's check inside the fields frame. */
  bankCheck(): Locator {
    return this.fieldsFrame.getByRole('region', { name: 'Confirm your payment with your bank' });
  }

  async pay(card: TestCard): Promise<void> {
    await this.card.fill(card);
    await this.payButton.click();
  }
}
