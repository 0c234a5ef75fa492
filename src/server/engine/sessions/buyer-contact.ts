/**
 * `buyerContact` at session create (Doc 1, POST /v1/sessions: "phone and addresses, secret key
 * only"; Doc 2, `required_fields_missing`: "set them at session create"). Decided here, since the
 * documents name the field and not its keys: `phone` (a string), `shippingAddress` and
 * `billingAddress` (an address as the hosted page sends it: `name`, `line1`, `line2`, `city`,
 * `state`, `postalCode`, `country`; `addressLine1` / `addressLine2` are read as `line1` / `line2`,
 * the spelling of the session's `buyer.address`). Other keys are not kept. A value that is not
 * valid (or holds a card number) is refused at create, 400 `validation_error`, so it never
 * reaches the store. What is kept is sealed, like the buyer's email and name, and never returned
 * on the session (Doc 1 returns only what the buyer typed, `buyerPhone`, `shippingAddress`).
 */
import { addressEmpty, addressValid, holdsCardNumber, phoneValid, type BuyerDetails, type PostalAddress } from '../../../buyer/buyer-fields.ts';
import type { EngineDeps } from '../deps.ts';
import { sealedIn } from '../sealed.ts';
import { DomainError } from '../../domain/errors.ts';
import type { SessionRecord } from '../../domain/index.ts';

/** What a session keeps of `buyerContact`: the details a payment may need and the buyer need not type. */
export type BuyerContact = Pick<BuyerDetails, 'phone' | 'shippingAddress' | 'billingAddress'>;

const ADDRESS_KEYS = ['name', 'line1', 'line2', 'city', 'state', 'postalCode', 'country'] as const;
const ALIASES: Record<string, (typeof ADDRESS_KEYS)[number]> = { addressLine1: 'line1', addressLine2: 'line2' };

const refuse = (field: string, why: string): never => {
  throw new DomainError('validation_error', `buyerContact.${field} ${why}.`);
};

function addressOf(field: string, sent: unknown): PostalAddress | undefined {
  if (sent === undefined || sent === null) return undefined;
  if (typeof sent !== 'object' || Array.isArray(sent)) return refuse(field, 'must be an address object');
  const out: PostalAddress = {};
  for (const [key, value] of Object.entries(sent)) {
    const part = ALIASES[key] ?? (ADDRESS_KEYS as readonly string[]).find((k) => k === key);
    if (!part) return refuse(`${field}.${key}`, 'is not an address field (name, line1, line2, city, state, postalCode, country)');
    if (typeof value !== 'string' || value.length > 200) return refuse(`${field}.${key}`, 'must be a string of at most 200 characters');
    const text = value.trim();
    if (text) out[part as keyof PostalAddress] = part === 'country' ? text.toUpperCase() : text;
  }
  if (addressEmpty(out)) return undefined;
  if (!addressValid(out)) refuse(field, "is not a complete, valid address for its country");
  return out;
}

/** The contact a create request sent, checked; throws 400 on a value the session could not use. */
export function contactOf(sent: Record<string, unknown> | undefined): BuyerContact {
  if (!sent) return {};
  const out: BuyerContact = {};
  if (sent.phone !== undefined && sent.phone !== null) {
    if (typeof sent.phone !== 'string' || !phoneValid(sent.phone) || holdsCardNumber(sent.phone)) refuse('phone', 'must be a phone number (digits, an optional leading +)');
    out.phone = (sent.phone as string).trim();
  }
  const shipping = addressOf('shippingAddress', sent.shippingAddress);
  const billing = addressOf('billingAddress', sent.billingAddress);
  return { ...out, ...(shipping ? { shippingAddress: shipping } : {}), ...(billing ? { billingAddress: billing } : {}) };
}

/** The session fields a checked contact becomes: which details it gives (unsealed flags the page plan reads) and the sealed values. */
export function keptContact(deps: Pick<EngineDeps, 'sealer'>, contact: BuyerContact, sessionId: string) {
  const given = { phone: Boolean(contact.phone), shippingAddress: Boolean(contact.shippingAddress), billingAddress: Boolean(contact.billingAddress) };
  const any = given.phone || given.shippingAddress || given.billingAddress;
  return { given, buyerContactSealed: any ? deps.sealer.seal(contact, sealedIn.sessionContact(sessionId)) : null };
}

/** The contact the merchant sent at create, opened (none on sessions made before it was kept). */
export function openContact(deps: Pick<EngineDeps, 'sealer'>, s: SessionRecord): BuyerContact {
  return s.buyerContactSealed ? (deps.sealer.open(s.buyerContactSealed, sealedIn.sessionContact(s.id)) as BuyerContact) : {};
}
