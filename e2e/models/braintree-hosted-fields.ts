/**
 * Braintree's Hosted Fields as a buyer meets them on a `hosted_fields` merchant's checkout (issue
 * 19): one frame per field (here the sandbox stand-in's), each input found by its accessible name,
 * typed key by key as a buyer types.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import type { TestCard } from '../fixtures/cards.ts';

export class BraintreeHostedFields {
  readonly number: Locator;
  readonly expiry: Locator;
  readonly cvv: Locator;
  readonly postalCode: Locator;

  /** `within`: the page, or the frame that runs braintree-web (the embedded checkout frame). */
  constructor(readonly within: Page | FrameLocator) {
    const field = (name: string, label: string) => within.frameLocator(`iframe[name^="braintree-hosted-field-${name}-"]`).getByLabel(label, { exact: true });
    this.number = field('number', 'Card number');
    this.expiry = field('expirationDate', 'Expiration date');
    this.cvv = field('cvv', 'Security code');
    this.postalCode = field('postalCode', 'Postal code');
  }

  async fill(card: TestCard): Promise<void> {
    for (const [input, value] of [[this.number, card.number], [this.expiry, card.expiry], [this.cvv, card.cvc], [this.postalCode, card.postalCode]] as const) {
      await input.click();
      await input.clear();
      await input.pressSequentially(value);
    }
  }
}
