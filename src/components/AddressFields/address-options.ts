/**
 * The address element's props from the session (Doc 1, "Checkout session": `shipping`,
 * `billingAddress`, `phone`, `nameCollection`, and the account's `requiredBuyerFields`), so the
 * element asks for what the session collects and nothing more.
 */
import type { CollectionMode } from '../../vocab/sessions.ts';
import type { AddressFieldsProps, AddressMode } from './address-props.ts';
import type { FieldMode } from './address-state.ts';

/**
 * What addressOptionsFor reads of `GET /v1/public/sessions/{id}`. Every field is optional: a
 * field the public session does not carry reads as the default named beside it.
 */
export interface AddressSessionView {
  /** Default: 'auto' for the element asked for (the merchant mounted it), else 'none'. */
  shipping?: CollectionMode | null;
  billingAddress?: CollectionMode | null;
  /** Default 'none'. */
  phone?: CollectionMode | null;
  /** Default 'auto'. */
  nameCollection?: CollectionMode | null;
  /** Already folded into the modes by the server; honoured again when the view carries it. */
  requiredBuyerFields?: readonly string[] | null;
  /** The session's country: the country the select starts on. */
  country?: string | null;
  /** Countries the merchant ships to or bills in; every country when absent or empty. */
  allowedCountries?: readonly string[] | null;
  locale?: string | null;
}

export type AddressOptions = Pick<AddressFieldsProps, 'mode' | 'defaultCountry' | 'allowedCountries' | 'fields' | 'required' | 'locale'>;

const asField = (mode: CollectionMode): FieldMode => (mode === 'required' ? 'required' : mode === 'auto' ? 'optional' : 'never');

/**
 * The props for a `mode` address element on this session, or null when the session collects no
 * such address (`none`): the element then has nothing to ask.
 */
export function addressOptionsFor(session: AddressSessionView, mode: AddressMode): AddressOptions | null {
  const required = new Set(session.requiredBuyerFields ?? []);
  const raise = (field: string, m: CollectionMode): CollectionMode => (required.has(field) ? 'required' : m);

  // A mode the view lacks: 'auto' for the element asked for (the merchant mounted it), 'none' for the other.
  const shipping = raise('shipping_address', session.shipping ?? (mode === 'shipping' ? 'auto' : 'none'));
  const billing = raise('billing_address', session.billingAddress ?? (mode === 'billing' ? 'auto' : 'none'));
  const collection = mode === 'shipping' ? shipping : billing;
  if (collection === 'none') return null;

  let name = asField(raise('name', session.nameCollection ?? 'auto'));
  // A parcel needs a recipient: a shipping address always names one unless the session says none.
  if (mode === 'shipping' && name === 'optional') name = 'required';
  // The phone is asked once: with the shipping address when there is one (carriers call it),
  // else with the billing address.
  const phoneHere = mode === 'shipping' || shipping === 'none';
  const phone = phoneHere ? asField(raise('phone', session.phone ?? 'none')) : 'never';

  const options: AddressOptions = { mode, fields: { name, phone }, required: collection === 'required' };
  const country = session.country?.toUpperCase();
  if (country && /^[A-Z]{2}$/.test(country)) options.defaultCountry = country;
  const allowed = (session.allowedCountries ?? []).map((c) => c.toUpperCase()).filter((c) => /^[A-Z]{2}$/.test(c));
  if (allowed.length) options.allowedCountries = allowed;
  if (session.locale) options.locale = session.locale;
  return options;
}
