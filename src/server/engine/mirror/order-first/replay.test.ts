/**
 * Order before charge, the branches the stand-ins cannot reach (issue 20): a request that replays
 * the one holding the purchase (an Idempotency-Key whose reservation a crash left behind) goes on
 * to its reservation, which answers the payment already made; a store that makes the order in
 * another currency than it was asked refuses the charge; a store that refuses the voucher or the
 * lines refuses it with its reason.
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../domain/errors.ts';
import type { Merchant } from '../../../domain/index.ts';
import type { OrderFirstPurchase } from '../../../domain/mirror.ts';
import { MUG_SPEC } from './spec.fixtures.ts';
import type { UnpaidAnswer } from '../../../processors/stores/store-clients.ts';
import { orderBeforeCharge, purchaseIdOf, type OrderFirstDeps } from './before-charge.ts';

const merchant = { id: 'm_1', settings: { orderFirst: true } } as unknown as Merchant;
const spec = MUG_SPEC;
const charge = { amount: 1500, currency: 'USD', sessionId: null, idemKey: 'k-1' };
const made = { kind: 'made', number: 'B-1', statusUrl: 'https://b.example/s', storeOrderId: 'B-1', total: 1500, currency: 'USD' } as const;

function fakeDeps(found: Partial<OrderFirstPurchase> | undefined, answer: UnpaidAnswer, holderKey: string | null = null) {
  const writes: OrderFirstPurchase[] = [];
  const repo = {
    // The stored record: the last one written, else the one the test starts with.
    get: async () => (writes.length ? structuredClone(writes.at(-1)) : found ? ({ id: purchaseIdOf('m_1', false, spec, null), generation: 1, state: 'ordered', order: null, ...found } as OrderFirstPurchase) : undefined),
    insertNew: async (p: OrderFirstPurchase) => (writes.push(p), true),
    update: async (p: OrderFirstPurchase) => void writes.push(p),
  };
  const deps = {
    store: { read: { orderFirst: repo, payments: { get: async () => ({ idemKey: holderKey, status: 'requires_action' }) } }, tx: async (fn: (r: unknown) => unknown) => fn({ orderFirst: repo }) },
    clock: { iso: () => '2026-11-27T00:00:00.000Z', nowMs: () => 0 },
    sealer: { seal: (v: unknown) => `sealed:${String(v)}` },
    log: { warn: () => undefined },
    stores: { platform_b: { createUnpaid: async () => answer } },
  } as unknown as OrderFirstDeps;
  return { deps, writes };
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
};

describe('orderBeforeCharge', () => {
  it('lets a replay of the request holding the purchase through to its reservation, and no other request', async () => {
    const holding = { state: 'charging' as const, paymentIntentId: 'pi_1' };
    expect(await orderBeforeCharge(fakeDeps(holding, made, 'k-1').deps, merchant, false, spec, charge)).toBeNull();
    expect((await refusal(orderBeforeCharge(fakeDeps(holding, made, 'k-2').deps, merchant, false, spec, charge))).code).toBe('order_first_payment_unresolved');
    expect((await refusal(orderBeforeCharge(fakeDeps(holding, made, 'k-1').deps, merchant, false, spec, { ...charge, idemKey: null }))).code).toBe('order_first_payment_unresolved');
  });

  it('refuses an order the store made in another currency, with the store’s', async () => {
    const err = await refusal(orderBeforeCharge(fakeDeps(undefined, { ...made, currency: 'eur' }).deps, merchant, false, spec, charge));
    expect([err.code, err.extra]).toEqual(['order_first_currency_mismatch', { order_currency: 'eur' }]);
  });

  it('names why the store refused: a voucher, or its own message', async () => {
    const voucher = await refusal(orderBeforeCharge(fakeDeps(undefined, { kind: 'voucher_refused' }).deps, merchant, false, spec, charge));
    expect([voucher.code, voucher.message]).toEqual(['order_first_order_rejected', 'b.example.com does not honour the voucher.']);
    const lines = await refusal(orderBeforeCharge(fakeDeps(undefined, { kind: 'refused', code: 'mirror_line_invalid', message: 'The store refused a line (items.0).' }).deps, merchant, false, spec, charge));
    expect([lines.code, lines.message]).toEqual(['order_first_order_rejected', 'The store refused a line (items.0).']);
  });

  it('keeps the store’s order on the purchase before judging its price', async () => {
    const { deps, writes } = fakeDeps(undefined, { ...made, total: 1700 });
    expect((await refusal(orderBeforeCharge(deps, merchant, false, spec, charge))).code).toBe('order_first_amount_mismatch');
    expect(writes.at(-1)).toMatchObject({ order: { storeOrderId: 'B-1', total: 1700, currency: 'USD' }, statusUrlSealed: 'sealed:https://b.example/s' });
  });
});
