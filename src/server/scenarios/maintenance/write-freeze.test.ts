/**
 * The maintenance write-freeze (Doc 1, Errors: `service_unavailable` "also during a maintenance
 * write-freeze with `Retry-After: 30`, where the write did not happen"), over real HTTP: switched
 * by SVCPAY_WRITE_FREEZE at start and by `POST /_sandbox/write_freeze` at runtime. Every write
 * answers the 503 and nothing is written (rows counted, the processor's ledger read); reads keep
 * answering; switched off, the same request succeeds. A provider's event refused under the freeze
 * is sent again by the provider and applied once the freeze is over.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { faultWorld, type FaultWorld } from '../../faults/world.ts';

let w: FaultWorld;
afterEach(() => w.close());

const TABLES = ['payment_intents', 'payment_attempts', 'idempotency', 'sessions', 'refunds', 'inbound_events', 'events', 'rate_limit_hits'] as const;
const rows = () => Object.fromEntries(TABLES.map((t) => [t, (w.t.store.db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n])) as Record<(typeof TABLES)[number], number>;
const freeze = (on: boolean) => w.t.control('POST', '/write_freeze', { on });

/** Doc 1's freeze answer: 503 `service_unavailable`, `Retry-After: 30`, the wait repeated in the envelope. */
function expectFrozen(res: { status: number; body: Record<string, unknown>; headers: Headers }) {
  expect([res.status, res.body.code, res.headers.get('retry-after')]).toEqual([503, 'service_unavailable', '30']);
  expect(res.body).toMatchObject({ retryAfterSeconds: 30, selfHeal: { retryable: true } });
}

describe('the maintenance write-freeze', () => {
  it('switched on through the control API, every write is 503 with Retry-After: 30 and nothing is written; reads answer; switched off, the same write succeeds', async () => {
    w = await faultWorld();
    const pm = await w.card();
    const first = await w.pay(pm, 'pay-before');
    expect(first.status).toBe(201);
    const intent = first.body.id as string;
    expect((await freeze(true)).body).toEqual({ on: true });
    expect((await w.t.control('GET', '/write_freeze')).body).toEqual({ on: true });
    const before = { rows: rows(), ledger: await w.ledger() };

    expectFrozen(await w.pay(pm, 'pay-during'));
    expectFrozen(await w.post('/v1/sessions', { amount: 1000, currency: 'usd' }, { 'Idempotency-Key': 'session-during' }));
    expectFrozen(await w.refund(intent, 'refund-during', 100));
    expectFrozen(await w.t.call('PATCH', '/v1/sessions/cs_unknown', { amount: 1200 }, { Authorization: `Bearer ${w.m.secret}` }));
    expect({ rows: rows(), ledger: await w.ledger() }).toEqual(before);

    // Reads keep answering: the merchant's own objects, health, discovery and the contract.
    expect((await w.get(`/v1/payment_intents/${intent}`)).status).toBe(200);
    for (const path of ['/api/health', '/.well-known/svcpay.json', '/openapi.json']) expect((await w.t.call('GET', path)).status, path).toBe(200);

    expect((await freeze(false)).body).toEqual({ on: false });
    const after = await w.pay(pm, 'pay-during');
    expect(after.status).toBe(201);
    expect((await w.ledger()).length).toBe(before.ledger.length + 1);
  });

  it('SVCPAY_WRITE_FREEZE=on starts the service frozen; the control API turns it off', async () => {
    w = await faultWorld({ SVCPAY_WRITE_FREEZE: 'on' });
    expect((await w.t.control('GET', '/write_freeze')).body).toEqual({ on: true });
    expectFrozen(await w.post('/v1/sessions', { amount: 1000, currency: 'usd' }));
    expect(rows().sessions).toBe(0);
    await freeze(false);
    expect((await w.post('/v1/sessions', { amount: 1000, currency: 'usd' })).status).toBe(201);
  });

  it('a provider event refused under the freeze is not kept, and is applied when the provider sends it again after the freeze', async () => {
    w = await faultWorld();
    const paid = await w.pay(await w.card(), 'pay-1');
    expect(paid.status).toBe(201);
    await freeze(true);
    const inbound = rows().inbound_events;
    const sent = await w.t.control('POST', '/provider_events', { type: 'dispute.created', payment_intent: paid.body.id });
    expect([sent.status, sent.body.delivered]).toEqual([202, false]);
    expect(rows().inbound_events).toBe(inbound);

    await freeze(false);
    await w.advance(60);
    expect(rows().inbound_events).toBe(inbound + 1);
  });

  it('is declared on every write of the published contract: a 503 response and `service_unavailable` among its codes', async () => {
    w = await faultWorld();
    const doc = (await w.t.call('GET', '/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, unknown>; 'x-error-codes': string[] }>> };
    const writes = Object.entries(doc.paths).flatMap(([path, item]) => ['post', 'put', 'patch', 'delete'].filter((m) => item[m]).map((m) => [`${m} ${path}`, item[m]!] as const));
    expect(writes.length).toBeGreaterThan(30);
    for (const [name, op] of writes) {
      expect(op.responses['503'], name).toBeDefined();
      expect(op['x-error-codes'], name).toContain('service_unavailable');
    }
  });
});
