/**
 * Document 2's `upsell_duplicate`: an `upsellKey` (with `parentOrderRef`, platform B) names one
 * add-on charge per store. Claimed in the transaction that reserves the charge (an intent) or that
 * makes the session that will charge it, so two requests racing with one key charge once. A key
 * whose payment failed or was voided, or whose session closed unpaid, may be used again.
 */
import type { Repos } from '../../store/types.ts';
import type { MirrorSpec } from '../../domain/mirror.ts';
import { DomainError } from '../../domain/errors.ts';

/** What still holds a key: a payment not failed or voided, or a session not closed unpaid. */
async function heldBy(r: Repos, holder: string): Promise<{ livemode: boolean; paymentIntentId: string | null } | null> {
  const p = await r.payments.get(holder);
  if (p) return p.status !== 'failed' && p.status !== 'voided' ? { livemode: p.livemode, paymentIntentId: p.id } : null;
  const s = await r.sessions.get(holder);
  const closed = !s || s.status === 'expired' || (s.status === 'failed' && s.retry?.allowed !== true);
  return closed ? null : { livemode: s.livemode, paymentIntentId: s.paymentIntentId };
}

/** `holderId`: the intent about to charge, or the session that will. */
export async function claimUpsell(r: Repos, merchantId: string, livemode: boolean, spec: MirrorSpec | null, holderId: string): Promise<void> {
  const key = spec?.upsellKey;
  if (!spec || !key) return;
  const holder = await r.upsellClaims.holder(merchantId, spec.store, key);
  const held = holder ? await heldBy(r, holder) : null;
  if (held) {
    // The earlier payment's id, unless it is of the other mode (Document 2); none yet for a session not paid.
    throw new DomainError('upsell_duplicate', undefined, held.livemode === livemode && held.paymentIntentId ? { original_payment_intent_id: held.paymentIntentId } : {});
  }
  await r.upsellClaims.hold(merchantId, spec.store, key, holderId);
}
