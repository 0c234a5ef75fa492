/**
 * The four card inputs, found by their accessible names (spec 3) inside whichever frame holds them:
 * the sandbox processor's fields page on the hosted page, svcpay's card field frame on a merchant
 * page. Filled by `fillCard` from `svcpay/testing`, what merchants' own QA uses: key by key, as a
 * buyer types, so the fields' formatting runs.
 */
import type { FrameLocator, Locator } from '@playwright/test';
import { CARD_INPUT_NAMES, fillCard } from '../../embed/testing/index.ts';
import type { TestCard } from '../fixtures/cards.ts';

export class CardForm {
  readonly number: Locator;
  readonly expiry: Locator;
  readonly cvc: Locator;
  readonly postalCode: Locator;

  constructor(readonly frame: FrameLocator) {
    this.number = frame.getByLabel(CARD_INPUT_NAMES.number, { exact: true });
    this.expiry = frame.getByLabel(CARD_INPUT_NAMES.expiry, { exact: true });
    this.cvc = frame.getByLabel(CARD_INPUT_NAMES.cvc, { exact: true });
    this.postalCode = frame.getByLabel(CARD_INPUT_NAMES.postalCode, { exact: true });
  }

  /** A card element may be configured without a postal code; then it is skipped. */
  async fill(card: TestCard): Promise<void> {
    await fillCard(this.frame, card);
  }
}
