/**
 * Braintree's Drop-in as a buyer meets it on a `vault_hosted_fields` merchant's checkout (issue 19;
 * here the sandbox's stand-in): the saved cards as radio buttons named as Drop-in names them
 * ("Visa ending in 4242"), "Choose another way to pay", and the card form made of Hosted Fields
 * frames with "Save card for next time".
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { BraintreeHostedFields } from './braintree-hosted-fields.ts';

export class BraintreeDropIn {
  readonly savedCards: Locator;
  readonly anotherWay: Locator;
  readonly saveCard: Locator;
  readonly fields: BraintreeHostedFields;
  readonly alert: Locator;

  /** `within`: the page, or the frame that runs Drop-in (the embedded checkout frame). */
  constructor(readonly within: Page | FrameLocator) {
    const dropin = within.locator('[data-braintree-id="wrapper"]');
    this.savedCards = dropin.getByRole('group', { name: 'Saved cards' }).getByRole('radio');
    this.anotherWay = dropin.getByRole('button', { name: 'Choose another way to pay' });
    this.saveCard = dropin.getByRole('checkbox', { name: 'Save card for next time' });
    this.fields = new BraintreeHostedFields(within);
    this.alert = dropin.getByRole('alert');
  }

  /** A saved card by the name Drop-in gives it, e.g. `Visa ending in 4242`. */
  saved(name: string): Locator {
    return this.within.locator('[data-braintree-id="wrapper"]').getByRole('radio', { name, exact: true });
  }
}
