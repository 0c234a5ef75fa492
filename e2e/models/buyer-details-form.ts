/**
 * The buyer details above the card on the hosted page (issue 10), found by their accessible
 * names: the contact inputs, and the shipping and billing address groups.
 */
import type { Locator, Page } from '@playwright/test';

/** A postal address as a buyer types it; `state` is picked from the list where the country has one. */
export interface TestAddress {
  name?: string;
  country: string;
  line1: string;
  city: string;
  state?: string;
  postalCode: string;
}

export const sanFrancisco: TestAddress = { name: 'Ada Lovelace', country: 'US', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105' };

export class BuyerDetailsForm {
  readonly contact: Locator;
  readonly email: Locator;
  readonly name: Locator;
  readonly phone: Locator;
  readonly shipping: Locator;
  readonly billing: Locator;

  constructor(readonly page: Page) {
    this.contact = page.getByRole('region', { name: 'Contact information' });
    // By role and accessible name: an optional input's label also reads "(optional)", hidden from assistive technology.
    this.email = this.contact.getByRole('textbox', { name: 'Email', exact: true });
    this.name = this.contact.getByRole('textbox', { name: 'Full name', exact: true });
    this.phone = this.contact.getByRole('textbox', { name: 'Phone', exact: true });
    this.shipping = page.getByRole('group', { name: 'Shipping address' });
    this.billing = page.getByRole('group', { name: 'Billing address' });
  }

  /** An input of an address group by its accessible name. */
  addressInput(group: Locator, name: string): Locator {
    return group.getByRole('textbox', { name, exact: true });
  }

  async fillAddress(group: Locator, a: TestAddress): Promise<void> {
    await group.getByRole('combobox', { name: 'Country', exact: true }).selectOption(a.country);
    if (a.name !== undefined) await this.addressInput(group, 'Full name').fill(a.name);
    await this.addressInput(group, 'Address line 1').fill(a.line1);
    await this.addressInput(group, 'City').fill(a.city);
    if (a.state !== undefined) await group.getByRole('combobox', { name: 'State', exact: true }).selectOption(a.state);
    await this.addressInput(group, a.country === 'US' ? 'ZIP code' : 'Postal code').fill(a.postalCode);
  }
}
