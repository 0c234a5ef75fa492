/**
 * The four card inputs, found by their accessible names (spec 3) inside whichever frame holds them:
 * the sandbox processor's fields page on the hosted page, svcpay's card field frame on a merchant
 * page. Typed key by key, as a buyer does, so the fields' formatting runs.
 */
import type { FrameLocator, Locator } from '@playwright/test';
import type { TestCard } from '../fixtures/cards.ts';

export class CardForm {
  readonly number: Locator;
  readonly expiry: Locator;
  readonly cvc: Locator;
  readonly postalCode: Locator;

  constructor(readonly frame: FrameLocator) {
    this.number = frame.getByLabel('Card number', { exact: true });
    this.expiry = frame.getByLabel('Expiration date', { exact: true });
    this.cvc = frame.getByLabel('Security code', { exact: true });
    this.postalCode = frame.getByLabel('Postal code', { exact: true });
  }

  async fill(card: TestCard): Promise<void> {
    await type(this.number, card.number);
    await type(this.expiry, card.expiry);
    await type(this.cvc, card.cvc);
    // A card element may be configured without a postal code; the processor's page always has one.
    if ((await this.postalCode.count()) > 0) await type(this.postalCode, card.postalCode);
  }
}

async function type(input: Locator, value: string): Promise<void> {
  await input.click();
  await input.clear();
  await input.pressSequentially(value);
}
