/**
 * `POST /v1/mirror/quote` (Document 1's endpoint list, Document 2's "Other merchant endpoints"): a
 * basket priced by a connected store, with a voucher it may take off. Read only: nothing is kept,
 * and the store makes no order. Order-before-charge totals are authoritative: a quote is a
 * preview, not the way to resolve `order_first_amount_mismatch`.
 */
import type { MirrorQuote, MirrorQuoteBody } from '../../../../api/mirror.ts';
import { DomainError } from '../../../domain/errors.ts';
import type { AuthContext } from '../../../domain/index.ts';
import type { EngineDeps } from '../../deps.ts';

const invalid = (what: string) => new DomainError('validation_error', `Invalid order: ${what}`);

export async function quoteBasket(deps: Pick<EngineDeps, 'stores'>, auth: AuthContext, body: MirrorQuoteBody): Promise<MirrorQuote> {
  const b = body.platform === 'platform_b';
  if (!b && body.shipping) throw invalid('platform A takes shipping as a line item; shipping is for platform B.');
  if (!b && body.voucher) throw invalid('platform A prices no store voucher; voucher is for platform B.');
  const missingVariant = b ? body.lineItems.findIndex((l) => l.variantId === undefined) : -1;
  if (missingVariant >= 0) throw invalid(`lineItems.${missingVariant}.variantId is required on platform B.`);
  // Pricing reads the store: a connection without write access may still quote.
  const connected = auth.merchant.settings.connectedStores.some((s) => s.platform === body.platform && s.store === body.store);
  if (!connected) throw new DomainError('mirror_shop_not_authorized', `${body.store} is not a connected ${body.platform} store of this account.`);
  const currency = body.currency.toUpperCase();
  const lines = body.lineItems.map((l) => ({ name: l.name, quantity: l.quantity, unitAmount: l.unitAmount, variantId: l.variantId === undefined ? null : String(l.variantId), sku: l.sku ?? null, productRef: null }));
  const voucherCode = body.voucher?.code ?? null;
  const q = await deps.stores[body.platform].quote(body.store, { currency, lines, shipping: body.shipping?.amount ?? 0, voucherCode });
  switch (q.kind) {
    case 'priced':
      return {
        object: 'mirror_quote',
        livemode: auth.livemode,
        platform: body.platform,
        store: body.store,
        currency,
        line_items: q.lines.map((l, i) => ({ name: lines[i]!.name, quantity: l.quantity, unit_amount: l.unitAmount, amount: l.unitAmount * l.quantity })),
        subtotal: q.subtotal,
        shipping: q.shipping,
        discount: q.discount,
        total: q.total,
        voucher: voucherCode === null ? null : { code: voucherCode, amount: q.discount },
      };
    case 'voucher_refused':
      throw new DomainError('mirror_voucher_rejected', `${body.store} does not honour the voucher ${voucherCode}.`);
    case 'currency':
      throw new DomainError('mirror_currency_mismatch', `${body.store} sells in ${q.storeCurrency}, not ${currency}.`, { order_currency: q.storeCurrency.toLowerCase() });
    case 'unavailable':
      throw new DomainError(voucherCode ? 'mirror_voucher_unverifiable' : 'mirror_store_unavailable', `${body.store} could not price the basket now (${q.message}); retry shortly.`);
    case 'refused':
      throw invalid(`${body.store} refused the basket: ${q.message}`);
  }
}
