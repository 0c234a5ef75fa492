/**
 * Charge and save (Doc 1: "a buyer on the session makes a charge-and-save flow vault a reusable
 * `vp_pmt_*` alongside the charge; a guest session charges once and vaults nothing"), one step for
 * every path a session is paid by: charge at submit (a typed card, a wallet), the hosted page's and
 * the embedded checkout's `complete` (a provider's form, a nonce), the provider's event and the
 * reconciler. settle.ts asks it before it settles a new approved payment; the card it gives is
 * recorded for the buyer in the settle's own transaction (settle-cards.ts `saveForBuyer`).
 *
 * How the provider saves it: after the approval, by `vault` (the typed card itself, or the card of
 * the approved transaction a provider's form or wallet made); or, for a provider that saves only as
 * part of the charge under the buyer's customer (`Processor.savesWithCharge`, Braintree), by the
 * charge itself, which is why such a session needs a buyer before anything moves (Doc 2
 * `buyer_required_for_saved_card`).
 */
import { DomainError } from '../../../domain/errors.ts';
import type { Merchant, SessionRecord } from '../../../domain/index.ts';
import type { Processor, ProcessorTransaction, VaultedCard } from '../../../processors/types.ts';
import type { PaymentDeps } from '../payments.ts';
import type { ChargeCard } from '../../../../api/checkout.ts';

/** Whether an approved payment of the session also saves the card for the session's buyer. */
export const savesCard = (s: SessionRecord) => s.setupForFutureUse !== null && s.buyerId !== null;

/**
 * Doc 2, `buyer_required_for_saved_card` (422): the session asks to save the card, its provider
 * saves only with the charge under a buyer, and the session has none. Checked before any money moves
 * (a form's init, a charge); nothing is written. A provider that saves after the approval charges a
 * guest session once and saves nothing, as Doc 1 says.
 */
export function refuseUnsavable(processor: Processor, s: SessionRecord) {
  if (processor.savesWithCharge && s.setupForFutureUse !== null && s.buyerId === null) throw new DomainError('buyer_required_for_saved_card');
}

/**
 * The card an approved payment `t` of the session saves for its buyer, or undefined (a guest, no
 * consent, a decline, a payment already recorded, a provider that could not save it). Saving is
 * best effort: a vault that fails leaves the payment as it is, with nothing saved (logged).
 * `typed`: the card the buyer typed into the service's own fields, when that paid (vaulted as typed).
 */
export async function cardToSave(deps: PaymentDeps, processor: Processor, merchant: Merchant, sessionId: string, t: ProcessorTransaction, typed?: ChargeCard): Promise<VaultedCard | undefined> {
  if (t.status !== 'approved') return undefined;
  const s = await deps.store.read.sessions.get(sessionId);
  if (!s || !savesCard(s) || s.status === 'succeeded' || s.status === 'expired') return undefined;
  if (t.savedCard) return t.savedCard;
  // Saved with the charge or not at all; and a payment already recorded saved its card then.
  if (processor.savesWithCharge || (await deps.store.read.payments.byProcessorRef(t.id))) return undefined;
  const input = typed ? { card: typed, livemode: s.livemode } : { transactionId: t.id, livemode: s.livemode };
  return processor.vault(merchant, input, { buyerId: s.buyerId }).catch((err: unknown) => {
    deps.log.warn('charge and save: the provider saved no card; the payment stands', { session: s.id, error: err instanceof Error ? err.message : String(err) });
    return undefined;
  });
}
