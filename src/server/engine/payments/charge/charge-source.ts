/**
 * One charge (issue 33): whatever pays, sent to the merchant's processor once under the engine's
 * reference. The sources differ only in what reaches the processor; the reservation before the
 * call and the settle after it (settle.ts) are the caller's, the same for every source.
 */
import type { ChargeCard, WalletCharge } from '../../../../api/checkout.ts';
import { savesCard } from './save-card.ts';
import { ProcessorRejectedError, type Processor, type ProcessorTransaction, type VaultChargeRequest } from '../../../processors/types.ts';
import type { Merchant, SessionRecord } from '../../../domain/index.ts';

/** A card in the processor's vault (a `vp_pmt_*` payment method) and the terms an intent charges it on. */
export type VaultedCharge = Omit<VaultChargeRequest, 'reference'>;

/**
 * What pays: card data from the service's fields, a wallet token, the payment method a provider's
 * own fields gave the browser (a nonce), or a vaulted card.
 */
export type ChargeSource = { card: ChargeCard } | { wallet: WalletCharge } | { nonce: string } | { vaulted: VaultedCharge };

/** What a buyer sends for a session (charge at submit, a form's `complete`): the charge is the session's. */
export type BuyerSource = Exclude<ChargeSource, { vaulted: VaultedCharge }>;

/** Where a bank challenge returns the buyer, and the page that may frame it (Doc 2, `next_action`). */
export interface ChallengeReturn {
  returnUrl?: string;
  frameAncestor?: string;
}

/** Charges a source once per `reference`; a buyer's source charges its session, a vaulted card carries its terms. */
export function chargeSource(processor: Processor, merchant: Merchant, source: { vaulted: VaultedCharge }, session: null, reference: string): Promise<ProcessorTransaction>;
export function chargeSource(processor: Processor, merchant: Merchant, source: BuyerSource, session: SessionRecord, reference: string, challenge?: ChallengeReturn): Promise<ProcessorTransaction>;
export async function chargeSource(processor: Processor, merchant: Merchant, source: ChargeSource, session: SessionRecord | null, reference: string, challenge: ChallengeReturn = {}) {
  if ('vaulted' in source) return processor.chargeVaulted(merchant, { reference, ...source.vaulted });
  // The overloads give every buyer's source its session.
  const s = session!;
  if ('card' in source) return processor.charge(merchant, s, source.card, { reference, ...challenge });
  if ('wallet' in source) return processor.chargeWallet(merchant, s, source.wallet, { reference });
  // A provider without nonces refuses one, with nothing moved.
  if (!processor.chargeNonce) throw new ProcessorRejectedError('unsupported', "This merchant's payment provider takes no payment method nonce.");
  // A provider that saves only with the charge is told whose card to save (save-card.ts).
  const saveFor = processor.savesWithCharge && savesCard(s) ? { saveFor: s.buyerId! } : {};
  return processor.chargeNonce(merchant, s, source.nonce, { reference, ...(challenge.returnUrl ? { returnUrl: challenge.returnUrl } : {}), ...saveFor });
}
