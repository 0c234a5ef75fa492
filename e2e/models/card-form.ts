/**
 * The four card inputs, found by their accessible names (spec 3) inside whichever frame holds them:
 * the sandbox processor's fields page on the hosted page, svcpay's card field frame on a merchant
 * page. Typed key by key, as a buyer does, so the fields' formatting runs.
 */
import type { FrameLocator, Locator } from '@playwright/test';
import type { TestCard } from '../fixtures/cards.ts';

/** The inputs' accessible names: English by default (spec 3), a catalogue's for other languages. */
export interface CardFieldNames {
  number: string;
  expiry: string;
  cvc: string;
  postalCode: string;
}

const english: CardFieldNames = { number: 'Card number', expiry: 'Expiration date', cvc: 'Security code', postalCode: 'Postal code' };

export class CardForm {
  readonly number: Locator;
  readonly expiry: Locator;
  readonly cvc: Locator;
  readonly postalCode: Locator;

  constructor(
    readonly frame: FrameLocator,
    names: CardFieldNames = english,
  ) {
    this.number = frame.getByLabel(names.number, { exact: true });
    this.expiry = frame.getByLabel(names.expiry, { exact: true });
    this.cvc = frame.getByLabel(names.cvc, { exact: true });
    this.postalCode = frame.getByLabel(names.postalCode, { exact: true });
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
