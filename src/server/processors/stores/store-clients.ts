/**
 * The service's side of the two store platforms (issue 20): a MirrorSpec becomes an order in
 * platform A's or platform B's own shape, and each platform's answers become one of three
 * outcomes the worker (engine/mirror/store-orders.ts) acts on: made (the order's number and its
 * private status page), refused (a `failed` code of Document 2; no try again), or unavailable
 * (the store is down or did not answer; tried again later). Orders carry the payment's reference,
 * by which `find` looks before any second `create`.
 *
 * Offline and in every test the stores are the sandbox's stand-ins (sandbox-processor/stores/),
 * reached with the processor secret in place of a store connection's token.
 */
import { majorAmount } from '../../../vocab/currencies.ts';
import type { StorePlatform } from '../../../api/mirror.ts';
import type { MirrorFailureCode, MirrorPostalAddress, MirrorSpec } from '../../domain/mirror.ts';
import type { FetchLike } from '../../../platform/http-transport.ts';

export type StoreAnswer =
  | { kind: 'made'; number: string; statusUrl: string }
  | { kind: 'refused'; code: Exclude<MirrorFailureCode, 'mirror_order_cancelled'>; message: string }
  | { kind: 'unavailable'; message: string };

export interface StoreOrderInput {
  reference: string;
  spec: MirrorSpec;
  amount: number;
  currency: string;
}

export interface StoreClient {
  /** The order made under `reference`; null when the store has none. */
  find(store: string, reference: string): Promise<StoreAnswer | null>;
  create(store: string, input: StoreOrderInput): Promise<StoreAnswer>;
}

export interface StoreClientOptions {
  /** Where a store's API is: the sandbox's stand-in of its platform. */
  baseUrl(platform: StorePlatform, store: string): string;
  /** The store connection's token (the sandbox: the processor secret). */
  token: string;
  fetch: FetchLike;
  timeoutMs: number;
}

type Json = Record<string, any>;

/** A call's answer as JSON, or why there is none a caller can act on. */
async function call(opts: StoreClientOptions, url: string, init: { method: string; body?: unknown }): Promise<{ status: number; body: Json } | { status: 0; error: string }> {
  try {
    const res = await opts.fetch(url, {
      method: init.method,
      headers: { Authorization: `Bearer ${opts.token}`, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    const text = await res.text();
    let body: Json = {};
    try {
      body = (JSON.parse(text) ?? {}) as Json;
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    return { status: res.status, body };
  } catch (err) {
    return { status: 0, error: err instanceof Error ? err.name : 'network error' };
  }
}

/** A refusal or failure as the worker reads it; `field` says which part of the order a 422 was about. */
function failure(r: { status: number; body?: Json; error?: string }, field: string): StoreAnswer {
  if (r.status === 0 || r.status >= 500 || r.status === 429) return { kind: 'unavailable', message: r.status === 0 ? `the store did not answer (${r.error})` : `the store answered ${r.status}` };
  if (r.status === 401 || r.status === 403) return { kind: 'refused', code: 'mirror_connection_error', message: 'The store connection was refused; reauthorize the store.' };
  if (r.status === 422 && /line|item/.test(field)) return { kind: 'refused', code: 'mirror_line_invalid', message: `The store refused a line (${field}).` };
  if (r.status === 422 && /ship|country/.test(field)) return { kind: 'refused', code: 'mirror_shipping_country_unsupported', message: 'The store does not ship to this country.' };
  return { kind: 'refused', code: 'mirror_rejected', message: `The store refused the order (${r.status}${field ? `, ${field}` : ''}).` };
}

/** A platform's look-up by reference: the first order its list (`list` in the answer) holds, or null. */
async function findFirst(opts: StoreClientOptions, url: string, list: string, made: (o: Json) => StoreAnswer): Promise<StoreAnswer | null> {
  const r = await call(opts, url, { method: 'GET' });
  if (r.status !== 200 || !('body' in r)) return failure(r, '');
  const first = (r.body[list] as Json[] | undefined)?.[0];
  return first ? made(first) : null;
}

const aAddress = (a: MirrorPostalAddress | null) =>
  a && { address1: a.line1, address2: a.line2, city: a.city, province: a.state, zip: a.postalCode, country_code: a.country, name: a.name, phone: a.phone };
const bAddress = (a: MirrorPostalAddress | null) => a && { line1: a.line1, line2: a.line2, city: a.city, state: a.state, postal_code: a.postalCode, country: a.country, name: a.name, phone: a.phone };

/** Platform A: decimal prices, shipping as a line, the reference as `source_identifier`. */
function platformA(opts: StoreClientOptions): StoreClient {
  const orders = (store: string) => `${opts.baseUrl('platform_a', store)}/admin/orders.json`;
  const made = (o: Json): StoreAnswer => ({ kind: 'made', number: String(o.name), statusUrl: String(o.order_status_url) });
  return {
    find: (store, reference) => findFirst(opts, `${orders(store)}?source_identifier=${encodeURIComponent(reference)}`, 'orders', made),
    async create(store, { reference, spec, amount, currency }) {
      const order = {
        line_items: spec.lines.map((l) => ({ title: l.name ?? l.productRef ?? l.sku ?? 'Item', quantity: l.quantity, price: majorAmount(l.unitAmount, currency), sku: l.sku, variant_id: l.variantId, product_id: l.productRef })),
        email: spec.customer?.email,
        customer: spec.customer && { first_name: spec.customer.firstName, last_name: spec.customer.lastName },
        shipping_address: aAddress(spec.shippingAddress),
        billing_address: aAddress(spec.billingAddress),
        discount_codes: spec.coupon ? [{ code: spec.coupon.code, amount: spec.coupon.amount === null ? null : majorAmount(spec.coupon.amount, currency) }] : [],
        note_attributes: Object.entries(spec.metadata).map(([name, value]) => ({ name, value })),
        financial_status: 'paid',
        currency,
        total_price: majorAmount(amount, currency),
        source_identifier: reference,
      };
      const r = await call(opts, orders(store), { method: 'POST', body: { order } });
      if ((r.status === 200 || r.status === 201) && 'body' in r && r.body.order) return made(r.body.order as Json);
      return failure(r, 'body' in r ? Object.keys((r.body.errors as Json | undefined) ?? {})[0] ?? '' : '');
    },
  };
}

/** Platform B: cents, variants, shipping of its own, appends to an existing order, `external_ref`. */
function platformB(opts: StoreClientOptions): StoreClient {
  const orders = (store: string) => `${opts.baseUrl('platform_b', store)}/api/v2/orders`;
  const made = (o: Json): StoreAnswer => ({ kind: 'made', number: String(o.number), statusUrl: String(o.status_page) });
  return {
    find: (store, reference) => findFirst(opts, `${orders(store)}?external_ref=${encodeURIComponent(reference)}`, 'data', made),
    async create(store, { reference, spec, currency }) {
      const items = spec.lines.map((l) => ({ variant_id: l.variantId, quantity: l.quantity, unit_price_cents: l.unitAmount, name: l.name, sku: l.sku, product_ref: l.productRef }));
      const body = spec.parentOrderRef
        ? { external_ref: reference, items }
        : {
            external_ref: reference,
            currency,
            items,
            shipping: spec.shipping && { amount_cents: spec.shipping.amount, label: spec.shipping.label },
            customer: spec.customer && { email: spec.customer.email, first_name: spec.customer.firstName, last_name: spec.customer.lastName },
            ship_to: bAddress(spec.shippingAddress),
            bill_to: bAddress(spec.billingAddress),
            coupon_code: spec.coupon?.code,
            attribution: spec.attribution,
            metadata: spec.metadata,
            paid: true,
          };
      const url = spec.parentOrderRef ? `${orders(store)}/${encodeURIComponent(spec.parentOrderRef)}/items` : orders(store);
      const r = await call(opts, url, { method: 'POST', body });
      if ((r.status === 200 || r.status === 201) && 'body' in r && r.body.data) return made(r.body.data as Json);
      return failure(r, 'body' in r ? String((r.body.error as Json | undefined)?.field ?? '') : '');
    },
  };
}

/**
 * The stand-ins' QA routes (sandbox-processor/stores/index.ts), which the control API forwards:
 * what a store holds, and its switches. Answers are passed on as they come.
 */
export interface StoreStandInControl {
  orders(platform: StorePlatform, store: string): Promise<{ status: number; body: unknown }>;
  switches(platform: StorePlatform, store: string, body: unknown): Promise<{ status: number; body: unknown }>;
}

export type StoreClients = Record<StorePlatform, StoreClient> & { standIns: StoreStandInControl };

export function storeClients(opts: StoreClientOptions & { standInsUrl: string }): StoreClients {
  const qa = (platform: StorePlatform, store: string) => `${opts.standInsUrl}/v1/stores/${platform}/${encodeURIComponent(store)}`;
  const passOn = (r: Awaited<ReturnType<typeof call>>) => ('body' in r ? { status: r.status, body: r.body } : { status: 502, body: { error: r.error } });
  return {
    platform_a: platformA(opts),
    platform_b: platformB(opts),
    standIns: {
      orders: async (platform, store) => passOn(await call(opts, `${qa(platform, store)}/orders`, { method: 'GET' })),
      switches: async (platform, store, body) => passOn(await call(opts, `${qa(platform, store)}/switches`, { method: 'PUT', body })),
    },
  };
}
