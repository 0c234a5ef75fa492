/**
 * Stripe's card element as a buyer meets it on a `card_element` merchant's checkout (issue 19):
 * stripe.js's frame (here the sandbox stand-in's) with the four inputs by their accessible names,
 * and stripe.js's bank-check dialog over the page.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { CardForm } from './card-form.ts';

export class StripeCardElement {
  readonly frame: FrameLocator;
  readonly card: CardForm;

  /** `within`: the page, or the frame that runs stripe.js (the embedded checkout frame). */
  constructor(readonly within: Page | FrameLocator) {
    this.frame = within.frameLocator('iframe[title="Secure card payment input frame"]');
    this.card = new CardForm(this.frame);
  }

  /** The bank's page inside stripe.js's 3-D Secure dialog. */
  bankCheck(): FrameLocator {
    return this.within.frameLocator('iframe[title="3D Secure authentication"]');
  }

  /** stripe.js's dialog itself (its Cancel button closes the check as failed). */
  dialog(): Locator {
    return this.within.getByRole('dialog', { name: '3D Secure authentication' });
  }
}
