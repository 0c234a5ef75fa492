/**
 * What `POST /v1/payment_intents` checks before any write or processor call (Doc 2: currency,
 * return_url, rule_tags, metadata, buyer rules, MIT chains, saved-card ownership), and what its
 * answer echoes of the request.
 */
import { isDeepStrictEqual } from 'node:util';
import { mirrorSpecOf } from '../../mirror/mirror-spec.ts';
import type { MirrorSpec } from '../../../domain/mirror.ts';
import type { CreatePaymentIntentBody } from '../../../../api/payment-intents.ts';
import type { Address } from '../../../../api/buyers.ts';
import type { EngineDeps } from '../../deps.ts';
import { sealedIn } from '../../sealed.ts';
import { DomainError } from '../../../domain/errors.ts';
import type { Reads } from '../../../store/types.ts';
import { isSupportedCurrency } from '../../../../vocab/currencies.ts';
import { validateChargeBuyer, type ChargeBuyer } from '../../buyers/buyers.ts';
import type { ResolvedDescriptor } from '../../descriptors/descriptors.ts';
import { intentSends } from './intent-sends.ts';
import { acceptMetadata } from '../../../domain/metadata.ts';
import { checkReturnUrl } from './return-url.ts';
import { validateRuleTags } from './rule-tags.ts';
import type { AuthContext, BuyerRecord, PaymentIntentRecord, PaymentMethodRecord } from '../../../domain/index.ts';
import type { BuyerDetails } from '../../../../buyer/buyer-fields.ts';

/** What create answers beyond the stored intent: echoes of the request (Doc 2, create response only). */
export interface CreateEcho {
  buyer: ChargeBuyer['echo'];
  buyerId: string | null;
  buyerEmail: string | null;
  buyerIpForwarded: boolean | undefined;
  resolvedDescriptor: ResolvedDescriptor;
}

/** The checks that need no store and no processor: a refused request changes nothing. */
export function checkRequest(auth: AuthContext, body: CreatePaymentIntentBody) {
  if (!isSupportedCurrency(body.currency)) throw new DomainError('currency_not_supported');
  const returnUrl = body.return_url === undefined ? null : checkReturnUrl(body.return_url, auth.livemode);
  if (body.rule_tags !== undefined) validateRuleTags(body.rule_tags);
  if (!body.payment_method) throw new DomainError('payment_method_required');
  if (body.amount === 0) throw new DomainError('validation_invalid_amount', 'A charge needs an amount of at least 1; save a card without charging with POST /v1/tokens.');
  const { mirror: alias, ...metadata } = body.metadata ?? {};
  return { metadata: acceptMetadata(body.metadata === undefined ? undefined : metadata), buyer: validateChargeBuyer(body), mirror: intentMirror(auth, body, alias), returnUrl };
}

/**
 * The store order an intent describes (Document 2): `order` + `mirrorTo`, or the raw block as
 * top-level `mirror` or `metadata.mirror` (the key is reserved: never kept as metadata). Two
 * copies must be the same block.
 */
function intentMirror(auth: AuthContext, body: CreatePaymentIntentBody, alias: unknown): MirrorSpec | null {
  if (alias !== undefined && body.mirror !== undefined && !isDeepStrictEqual(alias, body.mirror)) throw new DomainError('mirror_alias_conflict');
  const mirror = body.mirror ?? alias;
  if (body.order === undefined && body.mirrorTo === undefined && mirror === undefined) return null;
  const b = body.buyer;
  const a = b?.address;
  return mirrorSpecOf({
    surface: 'intent',
    merchant: auth.merchant,
    livemode: auth.livemode,
    amount: body.amount,
    order: body.order,
    mirrorTo: body.mirrorTo,
    mirror,
    // The buyer as this request names it; the top-level billing_address is no fallback (Document 2).
    // A charge's first_name / last_name (flat first) win over buyer.name (Document 2, Buyers).
    buyer: { email: body.buyer_email ?? b?.email, name: b?.name, firstName: body.first_name ?? b?.first_name, lastName: body.last_name ?? b?.last_name, address: a && { line1: a.address_line1, line2: a.address_line2, city: a.city, state: a.state, postalCode: a.postal_code, country: a.country } },
  });
}

/** Doc 2, MIT: a chain needs off-session consent, a matching reason and a succeeded buyer-present start. */
export async function checkMit(reads: Pick<Reads, 'payments'>, auth: AuthContext, body: CreatePaymentIntentBody, token: PaymentMethodRecord) {
  const mit = body.mit;
  if (!mit) return;
  if (token.setupForFutureUse !== 'off_session') throw new DomainError('payment_method_consent_missing');
  if (token.storedCredentialUse !== null && token.storedCredentialUse !== mit.reason) {
    throw new DomainError('validation_error', `mit.reason is ${mit.reason}, but the card was saved for ${token.storedCredentialUse} use.`);
  }
  const original = await reads.payments.get(mit.original_transaction_id);
  const ok =
    original &&
    original.merchantId === auth.merchant.id &&
    original.livemode === auth.livemode &&
    original.status === 'succeeded' &&
    !original.mit &&
    original.paymentMethodId === token.id;
  if (!ok) {
    throw new DomainError(
      'validation_error',
      'mit.original_transaction_id must be a succeeded buyer-present payment intent of this card (the first charge of the chain).',
    );
  }
}

/** The stored buyer a charge is made for (Doc 2): the card's own buyer wins over the request's `buyer_id`. */
export async function effectiveBuyer(reads: Pick<Reads, 'buyers'>, auth: AuthContext, token: PaymentMethodRecord, body: CreatePaymentIntentBody): Promise<BuyerRecord | undefined> {
  const owner = { merchantId: auth.merchant.id, livemode: auth.livemode };
  if (token.buyerRecordId !== null) {
    const own = await reads.buyers.get(token.buyerRecordId);
    return own && own.merchantId === owner.merchantId && own.livemode === owner.livemode ? own : undefined;
  }
  const ref = body.buyer_id ?? body.buyer?.external_id;
  return ref === undefined ? undefined : reads.buyers.findByExternalId(owner, ref);
}

/** `buyer_id` asserts ownership of a saved card: naming another buyer finds no such card. */
export async function checkOwnership(reads: Pick<Reads, 'buyers'>, token: PaymentMethodRecord, buyerId: string | undefined) {
  if (buyerId === undefined || token.buyerRecordId === null) return;
  const owner = await reads.buyers.get(token.buyerRecordId);
  if (owner?.externalId !== buyerId) throw new DomainError('payment_method_not_found');
}


export async function echoOf(deps: Pick<EngineDeps, 'store' | 'config' | 'providers'>, auth: AuthContext, body: CreatePaymentIntentBody, intent: PaymentIntentRecord, buyer: ChargeBuyer): Promise<CreateEcho> {
  const stored = intent.buyerRecordId ? await deps.store.read.buyers.get(intent.buyerRecordId) : undefined;
  // What the charge carried (intent-sends.ts): the IP is never echoed, only whether it was sent.
  const sent = intentSends(deps, auth.merchant, body, intent);
  return {
    buyer: buyer.echo,
    buyerId: stored?.externalId ?? body.buyer_id ?? body.buyer?.external_id ?? null,
    buyerEmail: body.buyer_email ?? body.buyer?.email ?? stored?.email ?? null,
    buyerIpForwarded: sent.buyerIpForwarded,
    resolvedDescriptor: sent.resolvedDescriptor,
  };
}

/**
 * The buyer details an intent carries, for the required-fields check of the session it pays
 * (charge/required-fields.ts): `buyer_email` or `buyer.email`, `buyer.name` or the first and last
 * names, `buyer.phone`, `billing_address` (else the card's own billing address).
 */
export function intentBuyerDetails(body: CreatePaymentIntentBody, cardAddress: Address | null = null): BuyerDetails {
  const first = body.first_name ?? body.buyer?.first_name;
  const last = body.last_name ?? body.buyer?.last_name;
  const name = body.buyer?.name ?? ([first, last].filter(Boolean).join(' ') || undefined);
  const email = body.buyer_email ?? body.buyer?.email;
  const phone = body.buyer?.phone;
  const a = body.billing_address ?? cardAddress;
  const billingAddress = a && { line1: a.address_line1, line2: a.address_line2, city: a.city, state: a.state, postalCode: a.postal_code, country: a.country };
  return { ...(email ? { email } : {}), ...(name ? { name } : {}), ...(phone ? { phone } : {}), ...(billingAddress ? { billingAddress } : {}) };
}

/** The card's own billing address (vaulted with it, or picked up from its first approved charge), if it has one. */
export const cardAddressOf = (deps: Pick<EngineDeps, 'sealer'>, card: PaymentMethodRecord): Address | null =>
  card.billingAddressSealed ? (deps.sealer.open(card.billingAddressSealed, sealedIn.cardAddress(card.id)) as Address) : null;
