/**
 * Document 2's `upsell_duplicate`: an `upsellKey` (with `parentOrderRef`, platform B) names one
 * add-on charge per store. Claimed in the transaction that reserves the charge, so two requests
 * racing with one key charge once; a key whose payment failed or was voided may be used again.
 */
import type { Repos } from '../../store/types.ts';
import type { MirrorSpec } from '../../domain/mirror.ts';
import { DomainError } from '../../domain/errors.ts';

export async function claimUpsell(r: Repos, merchantId: string, livemode: boolean, spec: MirrorSpec | null, intentId: string): Promise<void> {
  const key = spec?.upsellKey;
  if (!spec || !key) return;
  const holder = await r.upsellClaims.holder(merchantId, spec.store, key);
  const earlier = holder ? await r.payments.get(holder) : undefined;
  if (earlier && earlier.status !== 'failed' && earlier.status !== 'voided') {
    // The earlier payment's id, unless it is of the other mode (Document 2).
    throw new DomainError('upsell_duplicate', undefined, earlier.livemode === livemode ? { original_payment_intent_id: earlier.id } : {});
  }
  await r.upsellClaims.hold(merchantId, spec.store, key, intentId);
}
