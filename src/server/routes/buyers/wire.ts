/** The wire shapes of this resource: domain records shaped as the spec spells them (STYLE.md, habit 7). */
import { Buyer } from '../../../api/buyers.ts';
import type { BuyerRecord } from '../../domain/index.ts';

/** Doc 2, Buyer: every key always present, null when nothing is stored. */
export const toBuyer = (b: BuyerRecord): Buyer => ({
  id: b.id,
  external_id: b.externalId,
  email: b.email,
  name: b.name,
  phone: b.phone,
  company: b.company,
  address: b.address && {
    address_line1: b.address.address_line1,
    address_line2: b.address.address_line2 ?? null,
    city: b.address.city ?? null,
    state: b.address.state ?? null,
    postal_code: b.address.postal_code,
    country: b.address.country,
  },
  metadata: b.metadata,
  created_at: b.createdAt,
  last_seen_at: b.lastSeenAt,
});
