/** The flows merchant page (e2e/fixtures/flows-page.ts): the card, Pay, and what svcpay answered. */
import { expect, type Locator, type Page } from '@playwright/test';
import type { FlowsPageOptions } from '../fixtures/flows-page.ts';
import type { TestCard } from '../fixtures/cards.ts';
import { CardForm } from './card-form.ts';

export class FlowsPage {
  readonly card: CardForm;
  readonly pay: Locator;
  readonly resultText: Locator;
  readonly errors: Locator;
  /** The bank-challenge dialog svcpay puts over the page. */
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.card = new CardForm(page.frameLocator('iframe[data-svcpay-element="card"]'));
    this.pay = page.getByRole('button', { name: 'Pay', exact: true });
    this.resultText = page.locator('#result');
    this.errors = page.locator('#errors');
    this.dialog = page.getByRole('dialog');
  }

  async open(url: string, opts: FlowsPageOptions): Promise<void> {
    await this.page.goto(`${url}/?o=${encodeURIComponent(JSON.stringify(opts))}`);
    await expect(this.page.locator('iframe[data-svcpay-ready]')).toHaveCount(1);
  }

  /** Fills the card and presses Pay; the result is read with `result()`. */
  async submit(card: TestCard): Promise<void> {
    await this.card.fill(card);
    await this.pay.click();
  }

  /** What confirmPayment / createToken resolved with, once it did. */
  async result(): Promise<Record<string, any>> {
    await expect(this.resultText).not.toBeEmpty();
    return JSON.parse((await this.resultText.textContent()) ?? '{}') as Record<string, any>;
  }
}
