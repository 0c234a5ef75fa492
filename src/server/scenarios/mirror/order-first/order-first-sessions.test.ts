/**
 * Order before charge on a session (issue 20; Document 2): the store order is made with the
 * session, held by it for whichever of its payments succeeds (a declined card does not release
 * it), paid at the store once one is captured, and released when the session closes unpaid.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE } from '../../../testing.ts';
import { CARD, origin } from '../../checkout/fixtures.ts';
import { ORDER, world, type World } from './order-first.fixtures.ts';

describe('order before charge on a session', () => {
  const hosted = async (w: World, extra: Record<string, unknown> = {}) =>
    w.c.post('/v1/sessions', { amount: 1500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/ok', expiresIn: 1800, ...ORDER(), ...extra });
  const pollSession = async (w: World, id: string) =>
    (await w.t.json('GET', `/v1/public/sessions/${id}/mirror-order`, undefined, { Authorization: `Bearer ${w.m.keys.publishable}` })).json();
  /** The buyer pays on the hosted page with `card` (the form the page gets from init, charged at the processor). */
  const payHosted = async (w: World, sessionId: string, number: string) => {
    const init = (await (await w.t.json('POST', '/api/checkout/init', { sessionId }, origin)).json()) as { token: string };
    const charge = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: init.token, card: { ...CARD, number } }) };
    const tx = (await (await w.t.sandbox.app.request('/v1/charges', charge)).json()) as { transactionId: string };
    return w.t.json('POST', '/api/checkout/complete', { sessionId, transactionId: tx.transactionId }, origin);
  };

  it('makes the order with the session; a declined card keeps it, and the paying one pays it', async () => {
    const w = await world();
    await w.t.json('PATCH', `/_sandbox/merchants/${w.m.merchant.id}`, { settings: { sameSessionRetry: 2 } });
    const session = await hosted(w);
    expect(session.status).toBe(201);
    expect(await w.states()).toEqual(['unpaid']);
    expect(await pollSession(w, session.body.id)).toEqual({ status: 'created', order_number: 'B-000001', order_status_url: expect.stringContaining('/status?key=') });
    await payHosted(w, session.body.id, '4000000000000002');
    await w.run(5);
    expect(await w.states()).toEqual(['unpaid']);
    expect((await payHosted(w, session.body.id, CARD.number)).status).toBe(200);
    await w.run();
    expect(await w.states()).toEqual(['paid']);
    const s = (await w.t.store.read.sessions.get(session.body.id))!;
    expect(await w.poll(s.paymentIntentId!)).toMatchObject({ status: 'created', order_number: 'B-000001', order_status_url: expect.stringContaining('/status?key=') });
  });

  it('releases the order of a session that expires unpaid', async () => {
    const w = await world();
    const session = await hosted(w);
    await w.run(1801);
    await w.run(60);
    expect(await w.states()).toEqual(['cancelled']);
    expect(await pollSession(w, session.body.id)).toEqual({ status: 'failed', order_number: null, order_status_url: null });
  });

  it('makes no session when the store cannot take the order, and the store’s price must be the session’s amount', async () => {
    const w = await world();
    await w.switches({ down: true });
    expect(await hosted(w)).toMatchObject({ status: 503, body: { code: 'order_first_store_unavailable' } });
    await w.switches({ down: false, prices: { '7': 1200 } });
    expect(await hosted(w)).toMatchObject({ status: 400, body: { code: 'order_first_amount_mismatch', order_total: 1700 } });
    expect((await w.t.count('sessions'))).toBe(0);
  });

  it('releases the order of a charge-at-submit session declined with no attempt left, and of one the merchant cancels', async () => {
    const w = await world();
    const session = await w.c.post('/v1/sessions', { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true, ...ORDER() });
    const charge = await w.t.json('POST', `/v1/public/sessions/${session.body.id}/charge`, { card: { ...CARD, number: '4000000000000002' } }, { Authorization: `Bearer ${w.m.keys.publishable}`, Origin: SERVICE });
    expect(((await charge.json()) as { status: string }).status).toBe('failed');
    await w.run(3);
    expect(await w.states()).toEqual(['cancelled']);
    const other = await w.c.post('/v1/sessions', { amount: 1500, currency: 'usd', ...ORDER(1000, { metadata: { cart: 'c-2' } }) });
    expect((await w.c.post(`/v1/sessions/${other.body.id}/expire`, {})).status).toBe(200);
    await w.run(3);
    expect(await w.states()).toEqual(['cancelled', 'cancelled']);
  });

  it('a server-side payment of the session pays the order made with it', async () => {
    const w = await world();
    const session = await w.c.post('/v1/sessions', { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: false, ...ORDER() });
    const paid = await w.c.payJson(await w.c.vault(), { session_id: session.body.id });
    expect(paid.body.status).toBe('succeeded');
    await w.run();
    expect(await w.held()).toEqual([expect.objectContaining({ createRequests: 1, order: expect.objectContaining({ paid: true }) })]);
  });
});
