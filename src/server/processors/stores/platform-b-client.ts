/** Platform B as the service calls it: cents, variants, shipping of its own, appends to an existing order, `external_ref`. */
import type { MirrorPostalAddress } from '../../domain/mirror.ts';
import { call, failure, findFirst, ok, type Json, type StoreAnswer, type StoreBasket, type StoreClient, type StoreClientOptions, type StoreOrderInput } from './store-api.ts';

const address = (a: MirrorPostalAddress | null) => a && { line1: a.line1, line2: a.line2, city: a.city, state: a.state, postal_code: a.postalCode, country: a.country, name: a.name, phone: a.phone };

export function platformBClient(opts: StoreClientOptions): StoreClient {
  const orders = (store: string) => `${opts.baseUrl('platform_b', store)}/api/v2/orders`;
  const made = (o: Json): Extract<StoreAnswer, { kind: 'made' }> => ({ kind: 'made', number: String(o.number), statusUrl: String(o.status_page), storeOrderId: String(o.number) });
  const itemsOf = (lines: StoreBasket['lines']) => lines.map((l) => ({ variant_id: l.variantId, quantity: l.quantity, unit_price_cents: l.unitAmount, name: l.name, sku: l.sku, product_ref: l.productRef }));
  const bodyOf = ({ reference, spec, currency }: StoreOrderInput, paid: boolean) =>
    spec.parentOrderRef
      ? { external_ref: reference, items: itemsOf(spec.lines) }
      : {
          external_ref: reference,
          currency,
          items: itemsOf(spec.lines),
          shipping: spec.shipping && { amount_cents: spec.shipping.amount, label: spec.shipping.label },
          customer: spec.customer && { email: spec.customer.email, first_name: spec.customer.firstName, last_name: spec.customer.lastName },
          ship_to: address(spec.shippingAddress),
          bill_to: address(spec.billingAddress),
          coupon_code: spec.coupon?.code,
          ...(spec.voucher ? { voucher_code: spec.voucher.code } : {}),
          attribution: spec.attribution,
          metadata: spec.metadata,
          paid,
        };
  const field = (r: { body?: Json }) => String((r.body?.error as Json | undefined)?.field ?? '');
  const pricingRefusal = (r: { status: number; body?: Json }) => {
    const code = (r.body?.error as Json | undefined)?.code;
    if (r.status !== 422) return null;
    if (code === 'currency_mismatch') return { kind: 'currency', storeCurrency: String((r.body!.error as Json).store_currency) } as const;
    return code === 'voucher_invalid' ? ({ kind: 'voucher_refused' } as const) : null;
  };

  return {
    find: (store, reference) => findFirst(opts, `${orders(store)}?external_ref=${encodeURIComponent(reference)}`, 'data', made),
    async create(store, input) {
      const url = input.spec.parentOrderRef ? `${orders(store)}/${encodeURIComponent(input.spec.parentOrderRef)}/items` : orders(store);
      const r = await call(opts, url, { method: 'POST', body: bodyOf(input, true) });
      if (ok(r) && r.body.data) return made(r.body.data as Json);
      return pricingRefusal(r)?.kind === 'voucher_refused'
        ? { kind: 'refused', code: 'mirror_rejected', message: 'The store no longer honours the voucher.' }
        : failure(r, 'body' in r ? field(r) : '');
    },
    async quote(store, basket) {
      const body = { currency: basket.currency, items: itemsOf(basket.lines), shipping: { amount_cents: basket.shipping }, ...(basket.voucherCode ? { voucher_code: basket.voucherCode } : {}) };
      const r = await call(opts, `${opts.baseUrl('platform_b', store)}/api/v2/quotes`, { method: 'POST', body });
      if (ok(r) && r.body.data) {
        const q = r.body.data as Json;
        return {
          kind: 'priced',
          currency: String(q.currency),
          lines: (q.items as Json[]).map((i) => ({ unitAmount: Number(i.unit_price_cents), quantity: Number(i.quantity) })),
          subtotal: Number(q.subtotal_cents),
          shipping: Number(q.shipping_cents),
          discount: Number(q.discount_cents),
          total: Number(q.total_cents),
        };
      }
      return pricingRefusal(r) ?? failure(r, 'body' in r ? field(r) : '');
    },
    async createUnpaid(store, input) {
      const r = await call(opts, orders(store), { method: 'POST', body: bodyOf(input, false) });
      if (ok(r) && r.body.data) {
        const o = r.body.data as Json;
        return { ...made(o), total: Number(o.total_cents), currency: String(o.currency) };
      }
      return pricingRefusal(r) ?? failure(r, 'body' in r ? field(r) : '');
    },
    async settle(store, storeOrderId, to) {
      const r = await call(opts, `${orders(store)}/${encodeURIComponent(storeOrderId)}/${to === 'paid' ? 'pay' : 'cancel'}`, { method: 'POST', body: {} });
      return ok(r) ? 'done' : failure(r, '').kind === 'unavailable' ? 'unavailable' : 'refused';
    },
  };
}
