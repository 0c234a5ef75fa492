/**
 * The buyer details a checkout session holds for the merchant (issue 35): what the merchant
 * prefilled at create and what the buyer typed on the hosted page. The session itself never
 * returns the email, name or billing address (Doc 1, `buyerId`), so the merchant reads them on
 * the payment intent the session's payment made (`buyer_details` on retrieve, capture and void,
 * with the secret key), opened from the session's sealed copy at read time: no second copy is kept.
 */
import type { PostalAddress } from '../../../buyer/buyer-fields.ts';
import type { EngineDeps } from '../deps.ts';
import { sealedIn } from '../sealed.ts';
import type { SessionRecord } from '../../domain/index.ts';

export interface CheckoutDetails {
  email: string | null;
  name: string | null;
  phone: string | null;
  shippingAddress: PostalAddress | null;
  billingAddress: PostalAddress | null;
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const address = (v: unknown) => (v !== null && typeof v === 'object' ? (v as PostalAddress) : null);

/** The session's buyer details, or null when it holds none. */
export function checkoutDetailsOf(deps: Pick<EngineDeps, 'sealer'>, s: SessionRecord): CheckoutDetails | null {
  const sealed = s.buyerSealed ? (deps.sealer.open(s.buyerSealed, sealedIn.sessionBuyer(s.id)) as Record<string, unknown>) : {};
  const details: CheckoutDetails = {
    email: text(sealed.email),
    name: text(sealed.name),
    phone: text(s.buyerPhone),
    shippingAddress: address(s.shippingAddress),
    billingAddress: address(sealed.billingAddress),
  };
  return Object.values(details).some((v) => v !== null) ? details : null;
}
