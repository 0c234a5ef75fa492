/**
 * The four card inputs, found by their accessible names (spec 3) inside whichever frame holds them:
 * the sandbox processor's fields page on the hosted page, svcpay's card field frame on a merchant
 * page. Filled by `fillCard` from `svcpay/testing`, what merchants' own QA uses: key by key, as a
 * buyer types, so the fields' formatting runs.
 */
import type { FrameLocator, Locator } from '@playwright/test';
import { CARD_INPUT_NAMES, fillCard } from '../../embed/testing/index.ts';
import type { TestCard } from '../fixtures/cards.ts';

/** The inputs' accessible names: English by default (spec 3), a catalogue's for other languages. */
export interface CardFieldNames {
  number: string;
  expiry: string;
  cvc: string;
  postalCode: string;
}

export class CardForm {
  readonly number: Locator;
  readonly expiry: Locator;
  readonly cvc: Locator;
  readonly postalCode: Locator;

  constructor(
    readonly frame: FrameLocator,
    readonly names: CardFieldNames = CARD_INPUT_NAMES,
  ) {
    this.number = frame.getByLabel(names.number, { exact: true });
    this.expiry = frame.getByLabel(names.expiry, { exact: true });
    this.cvc = frame.getByLabel(names.cvc, { exact: true });
    this.postalCode = frame.getByLabel(names.postalCode, { exact: true });
  }

  /** A card element may be configured without a postal code; then it is skipped. */
  async fill(card: TestCard): Promise<void> {
    if (this.names === CARD_INPUT_NAMES) return fillCard(this.frame, card);
    // Translated labels: the same key-by-key typing, into this form's own inputs.
    for (const [input, value] of [[this.number, card.number], [this.expiry, card.expiry], [this.cvc, card.cvc]] as const) {
      await input.click();
      await input.clear();
      await input.pressSequentially(value);
    }
    if (card.postalCode !== undefined && (await this.postalCode.count()) > 0) {
      await this.postalCode.click();
      await this.postalCode.pressSequentially(card.postalCode);
    }
  }
}
