/**
 * The buyer a checkout session names (Doc 2, "Buyer rules (this call, sessions, tokens)" and
 * Buyers; Doc 1, POST /v1/sessions). A session's buyer fields are camelCase: the flat `buyerId`,
 * `buyerEmail`, `buyerName` and the nested `buyer`. They follow the rules of a charge's buyer: a
 * nested `buyer` needs an identity (`externalId` or `email`, directly or through the flat field),
 * a value sent twice must be equal, else 400 `validation_error`; the session then links the buyer
 * record (found or created by the external id, else the email, with the upsert's rules) and keeps
 * the profile fields sent (`name`, `phone`, `company`, `address`, `metadata`) on it, touching its
 * `last_seen_at`. An email that belongs to a buyer with another reference does not fail the
 * session: it is just not linked. Only a secret key may send these (sessions.ts checkCreate).
 */
import type { BuyerInput } from '../../../api/buyers.ts';
import type { CreateSessionBody } from '../../../api/sessions.ts';
import { DomainError } from '../../domain/errors.ts';
import type { BuyerOwner, Repos } from '../../store/types.ts';
import { linkChargeBuyer, sameEmail, validateChargeBuyer, type ChargeBuyerInput } from './buyers.ts';

type SessionBuyerFields = Pick<CreateSessionBody, 'buyerId' | 'buyerEmail' | 'buyerName' | 'buyer'>;

/** The flat fields and the nested copies they must agree with. */
const PAIRS = [
  ['buyerId', 'externalId'],
  ['buyerEmail', 'email'],
  ['buyerName', 'name'],
] as const;

/** The session's buyer as a charge's (snake_case, Doc 2), the flat name carried to the record when a buyer is named. */
function asChargeBuyer(body: SessionBuyerFields): ChargeBuyerInput {
  const b = body.buyer;
  const a = b?.address;
  const name = b?.name ?? body.buyerName;
  const named = (b?.externalId ?? body.buyerId ?? b?.email ?? body.buyerEmail) !== undefined;
  const nested: BuyerInput | undefined = b
    ? {
        external_id: b.externalId,
        email: b.email,
        name,
        phone: b.phone,
        company: b.company,
        address: a && {
          address_line1: a.addressLine1,
          ...(a.addressLine2 !== undefined ? { address_line2: a.addressLine2 } : {}),
          ...(a.city !== undefined ? { city: a.city } : {}),
          ...(a.state !== undefined ? { state: a.state } : {}),
          postal_code: a.postalCode,
          country: a.country.toUpperCase(),
        },
        metadata: b.metadata,
      }
    : named && name !== undefined
      ? { name }
      : undefined;
  return { buyer_id: body.buyerId, buyer_email: body.buyerEmail, buyer: nested };
}

/** Doc 2's buyer rules on a session's fields, named as the session spells them; throws 400 `validation_error`. */
export function checkSessionBuyer(body: SessionBuyerFields): void {
  for (const [flat, nested] of PAIRS) {
    const x = body[flat];
    const y = body.buyer?.[nested];
    if (x === undefined || y === undefined) continue;
    if (flat === 'buyerEmail' ? !sameEmail(x, y) : x !== y) {
      throw new DomainError('validation_error', `${flat} and buyer.${nested} differ; send one, or the same value in both.`);
    }
  }
  const b = body.buyer;
  if (b !== undefined && (b.externalId ?? body.buyerId ?? b.email ?? body.buyerEmail) === undefined) {
    throw new DomainError('validation_error', 'buyer needs an identity: buyer.externalId or buyer.email (or buyerId / buyerEmail).');
  }
  // The rest of the charge's rules: buyer.metadata's own 8 KB budget and depth.
  validateChargeBuyer(asChargeBuyer(body));
}

/**
 * Links the buyer a new session names, inside the session's own transaction: the buyer record's
 * `vp_by_*` id, or null when the session names none or its email belongs to a buyer with another
 * reference. Runs after `checkSessionBuyer`.
 */
export async function linkSessionBuyer(r: Repos, owner: BuyerOwner, body: SessionBuyerFields, now: string): Promise<string | null> {
  const link = await linkChargeBuyer(r, owner, asChargeBuyer(body), now);
  return link.buyer?.id ?? null;
}

/** Doc 2, `last_seen_at`: "touched by any write referencing the buyer" (a payment of a session that links it). */
export async function touchBuyer(r: Repos, buyerRecordId: string | null | undefined, now: string): Promise<void> {
  if (!buyerRecordId) return;
  const b = await r.buyers.get(buyerRecordId);
  if (b && b.lastSeenAt < now) await r.buyers.update({ ...b, lastSeenAt: now });
}
