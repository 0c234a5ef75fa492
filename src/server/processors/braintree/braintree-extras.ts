/**
 * What a Braintree sale carries beyond the money (issue 34; Transaction: Sale). The resolved
 * statement descriptor as Braintree takes it (`descriptor: { name, phone, url }`, its "Descriptors"
 * guide): `name` is `company*product`, the company part 3, 7 or 12 characters, 22 in all, of
 * letters, digits, spaces and periods; `phone` 10 to 14 of digits, dashes, parentheses and periods;
 * `url` at most 13 letters, digits and periods; no place for city, country or postal code. A name
 * it cannot take makes the descriptor inexpressible (`invalid_for_provider`: the charge goes through
 * with the account default); a phone or url it cannot take is dropped alone, so the create answer
 * shows exactly what was sent. The charge's names go as `billing`, the buyer's IP as `riskData`.
 */
import { NO_EXTRAS, type SentDescriptor } from '../charge-extras.ts';
import type { VaultChargeRequest } from '../types.ts';

export const BRAINTREE_COMPANY_LENGTHS: readonly number[] = [3, 7, 12];
export const BRAINTREE_NAME_MAX = 22;
const NAME_TEXT = /^[A-Za-z0-9 .]+$/;
const PHONE = /^[0-9().-]{10,14}$/;
const URL_TEXT = /^[A-Za-z0-9.]{1,13}$/;

/** Braintree's `descriptor.name` of a resolved descriptor: the company part, `*`, the product part. */
export const braintreeName = (d: { name: string; description: string | null }) => `${d.name}*${d.description ?? ''}`;

/** The descriptor as Braintree takes it; null when its name cannot be Braintree's. */
export function braintreeDescriptor(resolved: SentDescriptor): SentDescriptor | null {
  if (resolved.kind !== 'descriptor') return null;
  const d = resolved.descriptor;
  if (!BRAINTREE_COMPANY_LENGTHS.includes(d.name.length) || d.description === null) return null;
  if (!NAME_TEXT.test(d.name) || !NAME_TEXT.test(d.description) || braintreeName(d).length > BRAINTREE_NAME_MAX) return null;
  const keep = (value: string | null, rule: RegExp) => (value !== null && rule.test(value) ? value : null);
  return {
    kind: 'descriptor',
    descriptor: { name: d.name, description: d.description, city: null, country: null, postalCode: null, phoneNumber: keep(d.phoneNumber, PHONE), url: keep(d.url, URL_TEXT) },
  };
}

/**
 * What a sale carries beyond the money (Transaction: Sale): the descriptor object (`name` is
 * `company*product`), the billing postal code and the charge's names, the buyer's IP as risk data.
 */
export function saleExtras(req: VaultChargeRequest) {
  const { descriptor, firstName, lastName, buyerIp } = req.extras ?? NO_EXTRAS;
  const d = descriptor?.kind === 'descriptor' ? descriptor.descriptor : null;
  const billing = { ...(req.billingPostalCode ? { postalCode: req.billingPostalCode } : {}), ...(firstName ? { firstName } : {}), ...(lastName ? { lastName } : {}) };
  return {
    ...(Object.keys(billing).length > 0 ? { billing } : {}),
    ...(d ? { descriptor: { name: braintreeName(d), ...(d.phoneNumber ? { phone: d.phoneNumber } : {}), ...(d.url ? { url: d.url } : {}) } } : {}),
    ...(buyerIp ? { riskData: { customerIp: buyerIp } } : {}),
  };
}
