/**
 * What the service asks of a store platform (issue 20), whichever it is, and the HTTP both clients
 * share. Each platform's answers become outcomes the engine acts on:
 *
 * - a paid order after capture (`create`, found again by `find` before any second create):
 *   made, refused (a `failed` code of Document 2; no try again) or unavailable (tried again later);
 * - a basket priced by the store (`quote`: `POST /v1/mirror/quote` and store-priced vouchers);
 * - on order-before-charge accounts an unpaid order priced by the store (`createUnpaid`), later
 *   paid or released (`settle`).
 */
import type { MirrorFailureCode, MirrorLine, MirrorSpec } from '../../domain/mirror.ts';
import type { FetchLike } from '../../../platform/http-transport.ts';
import { minorUnitDigits } from '../../../vocab/currencies.ts';

export type StoreAnswer =
  | { kind: 'made'; number: string; statusUrl: string; storeOrderId: string }
  | { kind: 'refused'; code: Exclude<MirrorFailureCode, 'mirror_order_cancelled'>; message: string }
  | { kind: 'unavailable'; message: string; timedOut?: boolean };

export interface StoreOrderInput {
  reference: string;
  spec: MirrorSpec;
  amount: number;
  currency: string;
}

export interface StoreBasket {
  currency: string;
  lines: MirrorLine[];
  shipping: number;
  voucherCode: string | null;
}

/** Refusals a store gives a basket it prices, besides a refused line or country. */
type PricingRefusal = { kind: 'currency'; storeCurrency: string } | { kind: 'voucher_refused' };

export type StoreQuote =
  | { kind: 'priced'; currency: string; lines: { unitAmount: number; quantity: number }[]; subtotal: number; shipping: number; discount: number; total: number }
  | PricingRefusal
  | Exclude<StoreAnswer, { kind: 'made' }>;

export type UnpaidAnswer = (Extract<StoreAnswer, { kind: 'made' }> & { total: number; currency: string }) | PricingRefusal | Exclude<StoreAnswer, { kind: 'made' }>;

export interface StoreClient {
  /** The order made under `reference`; null when the store has none. */
  find(store: string, reference: string): Promise<StoreAnswer | null>;
  create(store: string, input: StoreOrderInput): Promise<StoreAnswer>;
  quote(store: string, basket: StoreBasket): Promise<StoreQuote>;
  /** Order before charge: an unpaid order the store prices, one per reference however often sent. */
  createUnpaid(store: string, input: StoreOrderInput): Promise<UnpaidAnswer>;
  /** An unpaid order paid, or released; done again is done. */
  settle(store: string, storeOrderId: string, to: 'paid' | 'released'): Promise<'done' | 'refused' | 'unavailable'>;
}

export interface StoreClientOptions {
  /** Where a store's API is: the sandbox's stand-in of its platform. */
  baseUrl(platform: 'platform_a' | 'platform_b', store: string): string;
  /** The store connection's token (the sandbox: the processor secret). */
  token: string;
  fetch: FetchLike;
  timeoutMs: number;
}

export type Json = Record<string, any>;
export type CallResult = { status: number; body: Json } | { status: 0; error: string };

/** A call's answer as JSON, or why there is none a caller can act on. */
export async function call(opts: StoreClientOptions, url: string, init: { method: string; body?: unknown }): Promise<CallResult> {
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

export const ok = (r: CallResult): r is { status: 200 | 201; body: Json } => r.status === 200 || r.status === 201;

/** A refusal or failure as the engine reads it; `field` says which part of the order a 422 was about. */
export function failure(r: CallResult, field: string): Exclude<StoreAnswer, { kind: 'made' }> {
  if ('error' in r) return { kind: 'unavailable', message: `the store did not answer (${r.error})`, ...(r.error === 'TimeoutError' ? { timedOut: true } : {}) };
  if (r.status >= 500 || r.status === 429) return { kind: 'unavailable', message: `the store answered ${r.status}` };
  if (r.status === 401 || r.status === 403) return { kind: 'refused', code: 'mirror_connection_error', message: 'The store connection was refused; reauthorize the store.' };
  if (r.status === 422 && /line|item/.test(field)) return { kind: 'refused', code: 'mirror_line_invalid', message: `The store refused a line (${field}).` };
  if (r.status === 422 && /ship|country/.test(field)) return { kind: 'refused', code: 'mirror_shipping_country_unsupported', message: 'The store does not ship to this country.' };
  return { kind: 'refused', code: 'mirror_rejected', message: `The store refused the order (${r.status}${field ? `, ${field}` : ''}).` };
}

/** A platform's look-up by reference: the first order its list (`list` in the answer) holds, or null. */
export async function findFirst(opts: StoreClientOptions, url: string, list: string, made: (o: Json) => StoreAnswer): Promise<StoreAnswer | null> {
  const r = await call(opts, url, { method: 'GET' });
  if (r.status !== 200 || !('body' in r)) return failure(r, '');
  const first = (r.body[list] as Json[] | undefined)?.[0];
  return first ? made(first) : null;
}

/** A decimal price (platform A) in minor units; NaN when it is none. */
export const minorOf = (price: unknown, currency: string): number =>
  typeof price === 'string' && /^\d+(\.\d+)?$/.test(price) ? Math.round(Number(price) * 10 ** minorUnitDigits(currency)) : Number.NaN;
