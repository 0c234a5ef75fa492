/**
 * The buyer details a session requires, checked once before any charge of it (issue 35; Doc 2,
 * 422 `required_fields_missing`: "buyer not charged"). Every path that makes the service charge a
 * session, or hands out a form that charges it, calls `requireBuyerFields` before the processor
 * hears of the payment and before the session is written: charge at submit (the elements card
 * fields, wallets, a provider's nonce from the hosted page or the embedded checkout),
 * `POST /v1/payment_intents` with `session_id`, and the embedded checkout's form (embed-token).
 *
 * Required: the session's collection modes that read `required` (Doc 1; the account's
 * `requiredBuyerFields` are folded into them at create). A detail counts when the buyer sent it
 * with this request, or the session holds it: saved from the hosted page, prefilled at create
 * (`buyerEmail`, `buyerName`) or given by `buyerContact` (phone and addresses).
 */
import { addressEmpty, addressValid, buyerFieldKeys, buyerFieldWireNames, textProblem, type BuyerDetails, type BuyerFieldKey, type PostalAddress } from '../../../../buyer/buyer-fields.ts';
import type { EngineDeps } from '../../deps.ts';
import { sealedIn } from '../../sealed.ts';
import { openContact } from '../../sessions/buyer-contact.ts';
import { DomainError } from '../../../domain/errors.ts';
import type { SessionRecord } from '../../../domain/index.ts';

/** Doc 2's refusal, naming the fields left out and those not valid. */
export function refuseBuyerFields(missing: string[], invalid: string[]): never {
  const named = [...missing.map((f) => `${f} is required`), ...invalid.map((f) => `${f} is not valid`)].join('; ');
  throw new DomainError('required_fields_missing', `Buyer details: ${named}.`, { missing_fields: missing, invalid_fields: invalid });
}

/** The details this session requires, in the page's order. */
function requiredOf(s: SessionRecord): BuyerFieldKey[] {
  const required: Record<BuyerFieldKey, boolean> = {
    email: s.emailCollection === 'required',
    name: s.nameCollection === 'required',
    phone: s.phone === 'required',
    shippingAddress: s.shipping === 'required',
    billingAddress: s.billingAddress === 'required',
  };
  return buyerFieldKeys.filter((k) => required[k]);
}

/** What the session holds: the hosted page's saved details and the prefill first, then `buyerContact`. */
function heldBy(deps: Pick<EngineDeps, 'sealer'>, s: SessionRecord): BuyerDetails {
  const sealed = (s.buyerSealed ? deps.sealer.open(s.buyerSealed, sealedIn.sessionBuyer(s.id)) : {}) as BuyerDetails;
  const contact = openContact(deps, s);
  return {
    email: sealed.email,
    name: sealed.name,
    phone: s.buyerPhone ?? contact.phone,
    shippingAddress: (s.shippingAddress as PostalAddress | null) ?? contact.shippingAddress,
    billingAddress: sealed.billingAddress ?? contact.billingAddress,
  };
}

const isAddress = (k: BuyerFieldKey): k is 'shippingAddress' | 'billingAddress' => k === 'shippingAddress' || k === 'billingAddress';

/** What the buyer sent counts when it says anything; otherwise what the session holds. */
function valueOf(k: BuyerFieldKey, sent: BuyerDetails, held: BuyerDetails) {
  if (isAddress(k)) return addressEmpty(sent[k]) ? held[k] : sent[k];
  return sent[k]?.trim() ? sent[k] : held[k];
}

/** The required details missing and those not valid, by wire name; none for a setup session (it charges nothing). */
function unmetBuyerFields(deps: Pick<EngineDeps, 'sealer'>, s: SessionRecord, sent: BuyerDetails = {}) {
  const missing: string[] = [];
  const invalid: string[] = [];
  const required = s.mode === 'payment' ? requiredOf(s) : [];
  const held = required.length ? heldBy(deps, s) : {};
  for (const k of required) {
    const v = valueOf(k, sent, held);
    const problem = isAddress(k) ? (addressEmpty(v as PostalAddress | undefined) ? 'required' : addressValid(v as PostalAddress) ? null : 'invalid') : textProblem(k, 'required', (v as string | undefined) ?? '');
    if (problem === 'required') missing.push(buyerFieldWireNames[k]);
    if (problem === 'invalid') invalid.push(buyerFieldWireNames[k]);
  }
  return { missing, invalid };
}

/**
 * Refuses the charge (422 `required_fields_missing`) when a detail the session requires is
 * missing or not valid. Pure: nothing is read from the processor or written.
 */
export function requireBuyerFields(deps: Pick<EngineDeps, 'sealer'>, s: SessionRecord, sent: BuyerDetails = {}): void {
  const { missing, invalid } = unmetBuyerFields(deps, s, sent);
  if (missing.length || invalid.length) refuseBuyerFields(missing, invalid);
}

/**
 * After the money moved (issue 35): a payment a provider's form made at the provider (settled by
 * the reconciler, the provider's event or `complete`) for a session that lacks a detail it
 * requires can only come from a form handed out before init checked them. It stands: Document 2's
 * refusal promises "buyer not charged", which no refusal can make true any more, and refunds are
 * the merchant's (docs/merchant.md, "Required buyer details on every payment path"). It is
 * flagged in the operator's log by field names only, never values.
 */
export function flagUnmetBuyerFields(deps: Pick<EngineDeps, 'sealer' | 'log'>, s: SessionRecord): void {
  if (s.status !== 'succeeded') return;
  const { missing, invalid } = unmetBuyerFields(deps, s);
  if (missing.length || invalid.length) deps.log.warn('paid without buyer details the session requires; the payment stands', { session: s.id, missing_fields: missing, invalid_fields: invalid });
}
