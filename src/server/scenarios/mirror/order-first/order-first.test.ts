/**
 * Order before charge (issue 20; Document 2, `settings.orderFirst` and the `order_first_*` table),
 * against the sandbox's store stand-ins: the store order is made, unpaid and priced by the store,
 * before the charge; a refusal charges nothing; a retry attaches to the order already made; a
 * purchase is paid once however many requests race for it; the order is paid at the store once
 * the payment is captured, and released when it ends without money.
 */
import type { Repos } from '../../../store/types.ts';
import { describe, expect, it } from 'vitest';
import { expectRefused, nothingCharged } from '../../payment-intents/fixtures.ts';
import { DECLINED, ORDER, world } from './order-first.fixtures.ts';

describe('order before charge', () => {
  it('makes the store order first, shows it as created at once, and pays it at the store after capture', async () => {
    const w = await world();
    const paid = await w.c.payJson(await w.c.vault(), { ...ORDER() });
    expect([paid.status, paid.body.status]).toEqual([201, 'succeeded']);
    // Created before the worker ran: on these accounts `created` comes with the charge.
    expect(await w.poll(paid.body.id)).toEqual({ status: 'created', order_number: 'B-000001', order_status_url: expect.stringContaining('/status?key=') });
    const events = (await w.t.query<{ data: string }>("SELECT data FROM events WHERE type = 'mirror.order.created'")).map((e) => e.data);
    expect(events.map((e) => JSON.parse(e))).toEqual([expect.objectContaining({ payment_intent_id: paid.body.id, order_number: 'B-000001', order_first: true })]);
    expect(await w.states()).toEqual(['unpaid']);
    await w.run();
    expect(await w.states()).toEqual(['paid']);
    expect((await w.held())[0]!.order.total_cents).toBe(1500);
  });

  it('refuses a charge the store prices otherwise, keeps the order, and a corrected retry attaches to it', async () => {
    const w = await world();
    await w.switches({ prices: { '7': 1200 } });
    const card = await w.c.vault();
    const refused = await expectRefused(w.c, await w.c.pay(card, { ...ORDER() }), 400, 'order_first_amount_mismatch');
    expect([refused.order_total, refused.order_currency]).toEqual([1700, 'usd']);
    await nothingCharged(w.c);
    expect(await w.states()).toEqual(['unpaid']);
    // Charging the store's total (the lines as the store prices them): the same order.
    const paid = await w.c.payJson(card, { amount: 1700, ...ORDER(1200) });
    expect([paid.status, paid.body.status]).toEqual([201, 'succeeded']);
    await w.run();
    expect(await w.held()).toEqual([expect.objectContaining({ createRequests: 2, order: expect.objectContaining({ paid: true, total_cents: 1700 }) })]);
  });

  it('never charges a purchase twice: paid, it is refused; a decline releases its order, and the next card makes a new one', async () => {
    const w = await world();
    const declined = await w.c.payJson(await w.c.vault(DECLINED), { ...ORDER() });
    expect([declined.status, declined.body.status]).toEqual([201, 'failed']);
    expect(await w.poll(declined.body.id)).toMatchObject({ status: 'created' });
    // The charge's outcome is first looked at 2 s after it.
    await w.run(1);
    expect(await w.states()).toEqual(['unpaid']);
    await w.run(2);
    expect(await w.poll(declined.body.id)).toEqual({ status: 'failed', order_number: null, order_status_url: null, code: 'mirror_order_cancelled', message: expect.any(String) });
    expect(await w.states()).toEqual(['cancelled']);
    const paid = await w.c.payJson(await w.c.vault(), { ...ORDER() });
    expect(paid.body.status).toBe('succeeded');
    await w.run();
    expect(await w.states()).toEqual(['cancelled', 'paid']);
    const again = await expectRefused(w.c, await w.c.pay(await w.c.vault(), { ...ORDER() }), 409, 'order_first_already_paid');
    expect(again.original_payment_intent_id).toBe(paid.body.id);
    // Another purchase of the same things is told apart by its metadata (a cart id).
    expect((await w.c.payJson(await w.c.vault(), { ...ORDER(1000, { metadata: { cart: 'c-2' } }) })).body.status).toBe('succeeded');
    expect(w.charged()).toBe(2);
  });

  it('a retry right after a decline releases the order itself, without waiting for the worker', async () => {
    const w = await world();
    await w.c.payJson(await w.c.vault(DECLINED), { ...ORDER() });
    const paid = await w.c.payJson(await w.c.vault(), { ...ORDER() });
    expect(paid.body.status).toBe('succeeded');
    expect(await w.states()).toEqual(['cancelled', 'unpaid']);
  });

  it('of requests that race for one purchase, one charges; the rest are refused and charge nothing', async () => {
    const w = await world();
    const cards = await Promise.all(Array.from({ length: 6 }, () => w.c.vault()));
    const answers = await Promise.all(cards.map((card) => w.c.payJson(card, { ...ORDER() })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) expect(['order_first_payment_unresolved', 'order_first_already_paid']).toContain(a.body.code);
    expect(w.charged()).toBe(1);
    expect((await w.t.count('payment_intents'))).toBe(1);
    expect(await w.held()).toHaveLength(1);
  });

  it('answers an idempotent retry of the paying request with its payment, not a refusal', async () => {
    const w = await world();
    const card = await w.c.vault();
    const first = await w.c.pay(card, { ...ORDER() }, { 'Idempotency-Key': 'k-1' });
    const again = await w.c.pay(card, { ...ORDER() }, { 'Idempotency-Key': 'k-1' });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(((await again.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id);
  });

  it('a hold keeps the order unpaid until its capture; a voided hold releases it', async () => {
    const w = await world();
    const held = await w.c.payJson(await w.c.vault(), { ...ORDER(), capture_method: 'manual' });
    await w.run(5);
    expect(await w.states()).toEqual(['unpaid']);
    expect((await w.c.post(`/v1/payment_intents/${held.body.id}/capture`, {})).status).toBe(200);
    await w.run();
    expect(await w.states()).toEqual(['paid']);
    const other = await w.c.payJson(await w.c.vault(), { ...ORDER(1000, { metadata: { cart: 'c-2' } }), capture_method: 'manual' });
    expect((await w.c.post(`/v1/payment_intents/${other.body.id}/void`, {})).status).toBe(200);
    await w.run(5);
    expect(await w.states()).toEqual(['paid', 'cancelled']);
    expect(await w.poll(other.body.id)).toMatchObject({ status: 'failed', code: 'mirror_order_cancelled' });
  });

  it('refuses before money moves when the store is down, refuses the lines, sells in another currency, or cannot take the order first', async () => {
    const w = await world();
    const card = await w.c.vault();
    await w.switches({ down: true });
    await expectRefused(w.c, await w.c.pay(card, { ...ORDER() }), 503, 'order_first_store_unavailable');
    await w.switches({ down: false, refuseLines: true });
    await expectRefused(w.c, await w.c.pay(card, { ...ORDER() }), 400, 'order_first_order_rejected');
    await w.switches({ refuseLines: false, currency: 'eur' });
    const currency = await expectRefused(w.c, await w.c.pay(card, { ...ORDER() }), 400, 'order_first_currency_mismatch');
    expect(currency.order_currency).toBe('eur');
    const append = { order: { lineItems: [{ name: 'Mug', quantity: 1, unitAmount: 1500, variantId: 7 }] }, mirrorTo: { platform: 'platform_b', store: 'b.example.com', parentOrderRef: 'B-000001' } };
    await expectRefused(w.c, await w.c.pay(card, append), 400, 'order_first_unsupported_destination');
    await nothingCharged(w.c);
  });

  it('a store that does not answer in time refuses with order_first_store_timeout; the retry attaches to the order it kept', async () => {
    const w = await world({ SVCPAY_PROCESSOR_TIMEOUT_MS: '300' });
    const card = await w.c.vault();
    await w.switches({ answerDelayMs: 1000 });
    await expectRefused(w.c, await w.c.pay(card, { ...ORDER() }), 503, 'order_first_store_timeout');
    await w.switches({ answerDelayMs: 0 });
    expect((await w.c.payJson(card, { ...ORDER() })).body.status).toBe('succeeded');
    expect(await w.held()).toEqual([expect.objectContaining({ createRequests: 2 })]);
  });

  it('when our record of the purchase cannot be read or written, refuses with the order_first_*_unavailable codes and charges nothing', async () => {
    const w = await world();
    const card = await w.c.vault();
    // The purchase records fail where the engine reads them (`get`) or inside its transactions (the
    // writes), on either database: each transaction's repositories are the ones handed to it.
    const store = w.t.deps.store as unknown as { read: Repos; tx: <T>(fn: (r: Repos) => Promise<T> | T) => Promise<T> };
    const fail = async () => {
      throw new Error('disk I/O error');
    };
    const broken = (what: 'get' | 'insertNew' | 'update') => {
      if (what === 'get') {
        const real = store.read.orderFirst.get;
        store.read.orderFirst.get = fail;
        return () => void (store.read.orderFirst.get = real);
      }
      const realTx = store.tx.bind(store);
      store.tx = (fn) => realTx((r) => fn({ ...r, orderFirst: { ...r.orderFirst, [what]: fail } }));
      return () => void (store.tx = realTx);
    };
    let restore = broken('get');
    await expectRefused(w.c, await w.c.pay(card, { ...ORDER() }), 503, 'order_first_lookup_unavailable');
    restore();
    restore = broken('insertNew');
    await expectRefused(w.c, await w.c.pay(card, { ...ORDER() }), 503, 'order_first_record_unavailable');
    restore();
    expect(await w.held()).toEqual([]);
    // A purchase recorded before (its order priced otherwise), whose order cannot be re-linked now.
    await w.switches({ prices: { '7': 900 } });
    await expectRefused(w.c, await w.c.pay(card, { ...ORDER() }), 400, 'order_first_amount_mismatch');
    restore = broken('update');
    await expectRefused(w.c, await w.c.pay(card, { amount: 1400, ...ORDER(900) }), 503, 'order_first_repoint_unavailable');
    restore();
    await nothingCharged(w.c);
    // Retried once the record is back: the same order, charged once.
    expect((await w.c.payJson(card, { amount: 1400, ...ORDER(900) })).body.status).toBe('succeeded');
    expect(await w.held()).toHaveLength(1);
  });

  it('tells the store it is paid when the store is back: tried again 15 s, then 30 s later, on the service clock', async () => {
    const w = await world();
    await w.c.payJson(await w.c.vault(), { ...ORDER() });
    await w.switches({ down: true });
    await w.run(1); // first try: down; again 15 s later
    await w.run(16); // second try: down; again 30 s later
    await w.switches({ down: false });
    await w.run(20);
    expect(await w.states()).toEqual(['unpaid']);
    await w.run(11);
    expect(await w.states()).toEqual(['paid']);
  });

  it('releases the order when the store is back, the same way, and the next card makes generation 2 of the purchase', async () => {
    const w = await world();
    await w.c.payJson(await w.c.vault(DECLINED), { ...ORDER() });
    await w.switches({ down: true });
    await w.run(3); // the watch finds the decline; the release finds the store down
    await w.switches({ down: false });
    await w.run(10);
    expect(await w.states()).toEqual(['unpaid']);
    await w.run(6);
    expect(await w.states()).toEqual(['cancelled']);
    await w.c.payJson(await w.c.vault(), { ...ORDER() });
    expect((await w.held()).map((o) => o.reference.slice(-2))).toEqual(['.1', '.2']);
  });

  it('refuses another charge of a purchase whose hold is not captured yet, naming it', async () => {
    const w = await world();
    const held = await w.c.payJson(await w.c.vault(), { ...ORDER(), capture_method: 'manual' });
    const again = await expectRefused(w.c, await w.c.pay(await w.c.vault(), { ...ORDER() }), 409, 'order_first_payment_unresolved');
    expect(again.original_payment_intent_id).toBe(held.body.id);
    expect(w.charged()).toBe(1);
  });

  it('is not used on accounts that order after payment', async () => {
    const w = await world();
    await w.t.json('PATCH', `/_sandbox/merchants/${w.m.merchant.id}`, { settings: { orderFirst: false } });
    const paid = await w.c.payJson(await w.c.vault(), { ...ORDER() });
    expect(await w.poll(paid.body.id)).toMatchObject({ status: 'pending' });
    expect(await w.held()).toEqual([]);
  });
});
