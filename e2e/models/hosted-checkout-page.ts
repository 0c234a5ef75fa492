/** The hosted checkout page at /pay/{sessionId}, as a buyer sees it. */
import { expect, type Locator, type Page } from '@playwright/test';
import type { TestCard } from '../fixtures/cards.ts';
import { BuyerDetailsForm } from './buyer-details-form.ts';
import { CardForm } from './card-form.ts';

export class HostedCheckoutPage {
  /** The sandbox processor's fields page, mounted in an iframe titled for screen readers. */
  readonly cardFrame: Locator;
  readonly card: CardForm;
  /** Named `Pay` followed by the formatted amount (spec 3). */
  readonly payButton: Locator;
  /**
   * Shown instead of the card fields and Pay while the session lacks buyer details it requires
   * (issue 35): it saves them, then the card fields show.
   */
  readonly continueButton: Locator;
  readonly success: Locator;
  readonly declineAlert: Locator;
  /** Over the declined form, dimmed and inert, while the retry's fresh one is prepared (issue 38). */
  readonly preparing: Locator;
  /** Email, name, phone and addresses, as the session asks for them (issue 10). */
  readonly buyer: BuyerDetailsForm;

  constructor(readonly page: Page) {
    this.buyer = new BuyerDetailsForm(page);
    this.cardFrame = page.locator('iframe[title="Card details"]');
    this.card = new CardForm(page.frameLocator('iframe[title="Card details"]'));
    this.payButton = page.getByRole('button', { name: /^Pay\b/ });
    this.continueButton = page.getByRole('button', { name: 'Continue to payment' });
    this.success = page.getByText('Payment successful');
    this.declineAlert = page.getByRole('alert').filter({ hasText: /declined/i });
    this.preparing = page.getByRole('status').filter({ hasText: 'Preparing a new card form' });
  }

  async open(checkoutUrl: string): Promise<void> {
    await this.page.goto(checkoutUrl);
  }

  /**
   * Stops the page's redirect to `urlPrefix` and resolves with the URL it was sent to. The success
   * panel shows for only 1.5 s before the page leaves for the merchant: with the redirect stopped
   * (ERR_ABORTED commits no error page) it stays, and a slow runner cannot miss it.
   */
  async stopRedirect(urlPrefix: string): Promise<{ url: Promise<URL> }> {
    let sent!: (url: URL) => void;
    const url = new Promise<URL>((resolve) => (sent = resolve));
    await this.page.route(
      (u) => u.href.startsWith(urlPrefix),
      async (route) => {
        sent(new URL(route.request().url()));
        await route.abort('aborted');
      },
    );
    return { url };
  }

  async pay(card: TestCard): Promise<void> {
    await this.card.fill(card);
    await this.payButton.click();
  }

  /**
   * After a decline: the buyer is told, and the retry runs on fresh fields (a new init, a new
   * processor token). Waits until they are empty and payable, so the next card is not typed into
   * the frame being replaced.
   */
  async expectDeclinedThenReady(): Promise<void> {
    await expect(this.declineAlert).toBeVisible();
    await expect(this.card.number).toHaveValue('');
    await expect(this.payButton).toBeEnabled();
  }
}
