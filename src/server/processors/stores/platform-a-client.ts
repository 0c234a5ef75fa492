/** Platform A as the service calls it: decimal prices, shipping as a line, the reference as `source_identifier`. */
import { majorAmount } from '../../../vocab/currencies.ts';
import type { MirrorPostalAddress } from '../../domain/mirror.ts';
import { call, failure, findFirst, minorOf, ok, type Json, type StoreAnswer, type StoreBasket, type StoreClient, type StoreClientOptions, type StoreOrderInput } from './store-api.ts';

const address = (a: MirrorPostalAddress | null) =>
  a && { address1: a.line1, address2: a.line2, city: a.city, province: a.state, zip: a.postalCode, country_code: a.country, name: a.name, phone: a.phone };

export function platformAClient(opts: StoreClientOptions): StoreClient {
  const base = (store: string) => `${opts.baseUrl('platform_a', store)}/admin/orders`;
  const made = (o: Json): Extract<StoreAnswer, { kind: 'made' }> => ({ kind: 'made', number: String(o.name), statusUrl: String(o.order_status_url), storeOrderId: String(o.id) });
  const lineItems = (lines: StoreBasket['lines'], currency: string) =>
    lines.map((l) => ({ title: l.name ?? l.productRef ?? l.sku ?? 'Item', quantity: l.quantity, price: majorAmount(l.unitAmount, currency), sku: l.sku, variant_id: l.variantId, product_id: l.productRef }));
  const orderOf = ({ reference, spec, amount, currency }: StoreOrderInput, paid: boolean) => ({
    line_items: lineItems(spec.lines, currency),
    email: spec.customer?.email,
    customer: spec.customer && { first_name: spec.customer.firstName, last_name: spec.customer.lastName },
    shipping_address: address(spec.shippingAddress),
    billing_address: address(spec.billingAddress),
    discount_codes: spec.coupon ? [{ code: spec.coupon.code, amount: spec.coupon.amount === null ? null : majorAmount(spec.coupon.amount, currency) }] : [],
    note_attributes: Object.entries(spec.metadata).map(([name, value]) => ({ name, value })),
    financial_status: paid ? 'paid' : 'pending',
    currency,
    ...(paid ? { total_price: majorAmount(amount, currency) } : {}),
    source_identifier: reference,
  });
  const field = (r: { body?: Json }) => Object.keys((r.body?.errors as Json | undefined) ?? {})[0] ?? '';
  /** A 422 about the currency or a discount code: the store priced the basket and refused it. */
  const pricingRefusal = (r: { status: number; body?: Json }) =>
    r.status !== 422 ? null : field(r) === 'currency' ? ({ kind: 'currency', storeCurrency: String(r.body?.store_currency) } as const) : field(r) === 'discount_codes' ? ({ kind: 'voucher_refused' } as const) : null;

  return {
    find: (store, reference) => findFirst(opts, `${base(store)}.json?source_identifier=${encodeURIComponent(reference)}`, 'orders', made),
    async create(store, input) {
      const r = await call(opts, `${base(store)}.json`, { method: 'POST', body: { order: orderOf(input, true) } });
      if (ok(r) && r.body.order) return made(r.body.order as Json);
      return failure(r, 'body' in r ? field(r) : '');
    },
    async quote(store, basket) {
      const order = { line_items: lineItems(basket.lines, basket.currency), discount_codes: basket.voucherCode ? [{ code: basket.voucherCode }] : [], currency: basket.currency };
      const r = await call(opts, `${base(store)}/calculate.json`, { method: 'POST', body: { order } });
      if (ok(r) && r.body.calculation) {
        const q = r.body.calculation as Json;
        const minor = (v: unknown) => minorOf(v, basket.currency);
        return {
          kind: 'priced',
          currency: String(q.currency),
          lines: (q.line_items as Json[]).map((l) => ({ unitAmount: minor(l.price), quantity: Number(l.quantity) })),
          subtotal: minor(q.subtotal_price),
          shipping: 0,
          discount: minor(q.total_discounts),
          total: minor(q.total_price),
        };
      }
      return pricingRefusal(r) ?? failure(r, 'body' in r ? field(r) : '');
    },
    async createUnpaid(store, input) {
      const r = await call(opts, `${base(store)}.json`, { method: 'POST', body: { order: orderOf(input, false) } });
      if (ok(r) && r.body.order) {
        const o = r.body.order as Json;
        return { ...made(o), total: minorOf(o.total_price, input.currency), currency: String(o.currency) };
      }
      return pricingRefusal(r) ?? failure(r, 'body' in r ? field(r) : '');
    },
    async settle(store, storeOrderId, to) {
      const url = `${base(store)}/${encodeURIComponent(storeOrderId)}/${to === 'paid' ? 'transactions' : 'cancel'}.json`;
      const r = await call(opts, url, { method: 'POST', body: to === 'paid' ? { transaction: { kind: 'capture' } } : {} });
      return ok(r) ? 'done' : failure(r, '').kind === 'unavailable' ? 'unavailable' : 'refused';
    },
  };
}
