/**
 * The buyer details a hosted checkout collects (issue 10): what its page asks for, and how what
 * the buyer typed reaches the session. The rules are src/buyer's, shared with the page.
 */
import { buyerFieldPlan, checkBuyerDetails, type BuyerDetails, type BuyerFieldPlan } from '../../../../buyer/buyer-fields.ts';
import type { EngineDeps } from '../../deps.ts';
import { sealedIn } from '../../sealed.ts';
import { refuseBuyerFields, requireBuyerFields } from '../charge/required-fields.ts';
import type { SessionRecord } from '../../../domain/index.ts';

/**
 * The inputs the session's hosted page shows. A phone or address the merchant gave in
 * `buyerContact` is not asked as required: the buyer may type another, or leave it to the contact.
 */
export function buyerFieldsOf(s: SessionRecord): BuyerFieldPlan {
  const given = s.buyerPrefill ?? { email: false, name: false };
  const plan = buyerFieldPlan({ ...s, prefilled: given });
  for (const k of ['phone', 'shippingAddress', 'billingAddress'] as const) if (given[k] && plan[k] === 'required') plan[k] = 'optional';
  return plan;
}

/**
 * Checks what the page sent against the session: a required input left blank or a value that is
 * not valid refuses the request (Doc 2, 422 `required_fields_missing`, with `missing_fields` and
 * `invalid_fields`) before anything is read from the processor or written, and so does the check
 * every charge of a session passes (charge/required-fields.ts), with what the page sent and what
 * the session holds. Returns the values to keep.
 */
export function requireBuyerDetails(deps: Pick<EngineDeps, 'sealer'>, s: SessionRecord, sent: BuyerDetails | undefined): BuyerDetails {
  // Saved before the charge (issue 22) and checked then: those are the payment's, whatever
  // `complete` carries (the page sends none; a copy sent after the payment must not rewrite them).
  if (s.buyerDetailsSaved) return {};
  const { missing, invalid, details } = checkBuyerDetails(buyerFieldsOf(s), sent);
  if (missing.length || invalid.length) refuseBuyerFields(missing, invalid);
  requireBuyerFields(deps, s, details);
  return details;
}

/**
 * The session once paid with these details: `buyerPhone` and `shippingAddress` as Doc 1 names
 * them (the shipping address shows only on a succeeded session); email, name and billing address
 * sealed beside what the merchant prefilled, never returned. Applied once per session.
 */
export function withBuyerDetails(deps: Pick<EngineDeps, 'sealer'>, s: SessionRecord, d: BuyerDetails): SessionRecord {
  const { email, name, phone, shippingAddress, billingAddress } = d;
  // Once: a later `complete` naming the same transaction cannot rewrite what the merchant may have read.
  if (s.buyerDetailsGiven || (!email && !name && !phone && !shippingAddress && !billingAddress)) return s;
  const known = s.buyerSealed ? (deps.sealer.open(s.buyerSealed, sealedIn.sessionBuyer(s.id)) as Record<string, unknown>) : {};
  const typed = { ...(email ? { email } : {}), ...(name ? { name } : {}), ...(billingAddress ? { billingAddress } : {}) };
  return {
    ...s,
    buyerDetailsGiven: true,
    ...(phone ? { buyerPhone: phone } : {}),
    ...(shippingAddress ? { shippingAddress: { ...shippingAddress } } : {}),
    ...(Object.keys(typed).length ? { buyerSealed: deps.sealer.seal({ ...known, ...typed }, sealedIn.sessionBuyer(s.id)) } : {}),
  };
}

/** The details the page shows that the merchant may have sent at create (kept when left blank). */
const SEALED_KEYS = ['email', 'name', 'billingAddress'] as const;

/**
 * The unpaid session with the details the page saves before the card is charged (issue 22). A
 * save replaces the one before (the buyer may correct an address after a decline): an input the
 * page shows and the buyer left blank is cleared, except a value the merchant prefilled. Phone and
 * shipping address as Doc 1 names them (the address shows once the session succeeded); email,
 * name and billing address sealed, never returned.
 */
export function withSavedBuyerDetails(deps: Pick<EngineDeps, 'sealer'>, s: SessionRecord, d: BuyerDetails): SessionRecord {
  const plan = buyerFieldsOf(s);
  const known = s.buyerSealed ? (deps.sealer.open(s.buyerSealed, sealedIn.sessionBuyer(s.id)) as Record<string, unknown>) : {};
  const prefilled = s.buyerPrefill ?? { email: false, name: false };
  const sealed: Record<string, unknown> = { ...known };
  for (const key of SEALED_KEYS) {
    if (plan[key] === 'none') continue;
    if (d[key] !== undefined) sealed[key] = d[key];
    else if (!(key === 'email' && prefilled.email)) delete sealed[key];
  }
  return {
    ...s,
    buyerDetailsSaved: true,
    ...(plan.phone !== 'none' ? { buyerPhone: d.phone ?? null } : {}),
    ...(plan.shippingAddress !== 'none' ? { shippingAddress: d.shippingAddress ? { ...d.shippingAddress } : null } : {}),
    buyerSealed: Object.keys(sealed).length ? deps.sealer.seal(sealed, sealedIn.sessionBuyer(s.id)) : null,
  };
}
