/**
 * The card side of a settle (settle.ts): the card a session payment saves for its buyer (which card:
 * save-card.ts), and the
 * vaulted card an intent charged (spent, freed, or given the charge's billing address).
 */
import type { EngineDeps } from '../../deps.ts';
import { sealedIn } from '../../sealed.ts';
import { newId } from '../../../ids.ts';
import type { ProcessorTransaction, VaultedCard } from '../../../processors/types.ts';
import type { Repos } from '../../../store/types.ts';
import type { Merchant, PaymentIntentRecord, PaymentMethodRecord, SessionRecord } from '../../../domain/index.ts';
import { linkChargeBuyer } from '../../buyers/buyers.ts';
import type { WalletType } from '../../../../vocab/wallets.ts';

/**
 * Doc 1: "a buyer on the session makes a charge-and-save flow vault a reusable `vp_pmt_*`
 * alongside the charge". The token is the buyer's, saved as the session says, and the intent
 * names it (`payment_method_id` on GET). A guest session charges once and vaults nothing. A card
 * the buyer had saved already (Braintree's Drop-in pays with one, and its sale answers the same
 * vault token) is that saved card, not a second one.
 */
export async function saveForBuyer(r: Repos, merchant: Merchant, session: SessionRecord, saved: VaultedCard, walletType: WalletType | null, now: string): Promise<PaymentMethodRecord> {
  const owner = { merchantId: merchant.id, livemode: session.livemode };
  const link = await linkChargeBuyer(r, owner, { buyer_id: session.buyerId! }, now);
  const known = link.buyer ? (await r.paymentMethods.listForBuyer(owner, link.buyer.id, 100)).find((p) => p.vaultId === saved.vaultId) : undefined;
  if (known) return known;
  const token: PaymentMethodRecord = {
    id: newId.paymentMethod(session.livemode),
    merchantId: merchant.id,
    livemode: session.livemode,
    status: 'active',
    vaultId: saved.vaultId,
    card: saved.card,
    buyerRecordId: link.buyer?.id ?? null,
    setupForFutureUse: session.setupForFutureUse,
    allowRedisplay: null,
    storedCredentialUse: session.storedCredentialUse,
    sessionId: session.id,
    // Doc 2, saved-card list: `wallet_type` set when saved through a wallet.
    walletType,
    billingAddressSealed: null,
    metadata: {},
    // Spent by this payment only when it is single-use; saved for later use here, so never.
    usedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await r.paymentMethods.insert(token);
  return token;
}

/**
 * The vaulted card an intent charged: a single-use card is spent by an approval and freed by a
 * decline; a card without an address picks up the approved charge's (unless the address check failed).
 */
export async function settleIntentCard(
  r: Repos,
  deps: Pick<EngineDeps, 'sealer'>,
  intent: PaymentIntentRecord,
  t: ProcessorTransaction,
  attemptId: string | null,
  billingAddress: unknown,
  now: string,
) {
  const card = intent.paymentMethodId ? await r.paymentMethods.get(intent.paymentMethodId) : undefined;
  if (!card) return;
  const approved = t.status === 'approved';
  const picksUpAddress = approved && billingAddress !== undefined && card.billingAddressSealed === null && t.avsResult !== 'no_match';
  const usedBy = card.usedBy === attemptId ? null : (card.usedBy ?? null);
  const usedAt = approved ? (card.usedAt ?? now) : card.usedAt;
  // Written only when it changes: a saved card charged again and again (its first use long
  // recorded) is not a row every charge writes, which on PostgreSQL made concurrent charges of
  // one saved card conflict and retry (issue 21, the bench's charge).
  if (picksUpAddress || usedBy !== (card.usedBy ?? null) || usedAt !== card.usedAt) {
    await r.paymentMethods.update({
      ...card,
      usedBy,
      usedAt,
      billingAddressSealed: picksUpAddress ? deps.sealer.seal(billingAddress, sealedIn.cardAddress(card.id)) : card.billingAddressSealed,
      updatedAt: now,
    });
  }
}
