/**
 * The whole service on PostgreSQL (issue 21, one instance): `SVCPAY_DATABASE_URL` selects the
 * Postgres store, and a merchant's day goes through it unchanged: a session, a card, a payment
 * and its replay, a refund, concurrent requests under one Idempotency-Key, and a restart that
 * keeps every answered write. The engine's whole suite on both backends is the next step.
 */
import { describe, expect, it } from 'vitest';
import { pgAvailable, useCluster } from '../../store/postgres/cluster.fixtures.ts';
import { bearer, testApp } from '../../testing.ts';
import { keyId, sealedIn } from '../../engine/sealed.ts';
import { migrations } from '../../store/schema/migrations.ts';

const cluster = useCluster();

// Instances of one database share its sealing key (as SVCPAY_SEALING_KEY on every instance).
const SEALING_KEY = Buffer.alloc(32, 7).toString('base64');

async function world(url: string) {
  const t = await testApp({ SVCPAY_DATABASE_URL: url, SVCPAY_SEALING_KEY: SEALING_KEY });
  const { keys, merchant } = await t.merchant();
  const sk = bearer(keys.secret);
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await t.json(method, path, body, { ...sk, ...headers });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  return { t, merchant, keys, call, sql: t.pg!.sql };
}

describe.runIf(pgAvailable)('the service on PostgreSQL', () => {
  it('runs a merchant’s day: a session, a payment and its replay, a refund', async () => {
    const url = await cluster().createDatabase('app_day');
    const w = await world(url);
    expect(w.t.pg).not.toBeNull();
    // Deep health names the backend and the schema step the database is at.
    const health = await w.t.json('GET', '/api/health?deep=true');
    expect(((await health.json()) as { database: unknown }).database).toEqual({ backend: 'postgres', migration: migrations.length });
    const session = await w.call('POST', '/v1/sessions', { amount: 2500, currency: 'usd', successUrl: 'https://shop.example/ok' });
    expect(session.status).toBe(201);
    expect((await w.call('GET', `/v1/sessions/${session.body.id}`)).body).toMatchObject({ id: session.body.id, amount: 2500, status: 'pending' });

    const card = await w.call('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' });
    const body = { amount: 1500, currency: 'usd', payment_method: { id: card.body.id } };
    const paid = await w.call('POST', '/v1/payment_intents', body, { 'Idempotency-Key': 'k-1' });
    expect([paid.status, paid.body.status]).toEqual([201, 'succeeded']);
    const again = await w.call('POST', '/v1/payment_intents', body, { 'Idempotency-Key': 'k-1' });
    expect([again.status, again.body.id]).toEqual([200, paid.body.id]);
    const refund = await w.call('POST', '/v1/refunds', { payment_intent: paid.body.id, amount: 500 }, { 'Idempotency-Key': 'r-1' });
    expect([refund.status, refund.body.status]).toEqual([201, 'succeeded']);
    expect(await w.sql`select count(*)::int as n from payment_intents`).toEqual([{ n: 1 }]);
    expect(await w.sql`select count(*)::int as n from refunds`).toEqual([{ n: 1 }]);
    await w.t.deps.store.close();
  });

  it('charges once for 20 concurrent requests under one Idempotency-Key', async () => {
    const w = await world(await cluster().createDatabase('app_race'));
    const card = await w.call('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242', setup_for_future_use: 'on_session', buyer_id: 'cust_1' });
    const body = { amount: 1500, currency: 'usd', payment_method: { id: card.body.id }, buyer_id: 'cust_1' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => w.call('POST', '/v1/payment_intents', body, { 'Idempotency-Key': 'same' })));
    const made = answers.filter((a) => a.status === 201 || a.status === 200);
    expect(new Set(made.map((a) => a.body.id)).size).toBe(1);
    for (const a of answers.filter((x) => x.status !== 201 && x.status !== 200)) expect(a.body.code).toMatch(/^charge_(in_progress|already_in_flight)$|^charge_reservation_unavailable$/);
    expect(await w.sql`select count(*)::int as n from payment_intents`).toEqual([{ n: 1 }]);
    const ledger = w.t.sandbox.db.prepare("SELECT count(*) AS n FROM transactions").get() as { n: number };
    expect(ledger.n).toBe(1);
    await w.t.deps.store.close();
  });

  it('keeps every answered write for the next instance on the same database', async () => {
    const url = await cluster().createDatabase('app_restart');
    const first = await world(url);
    const session = await first.call('POST', '/v1/sessions', { amount: 900, currency: 'eur', successUrl: 'https://shop.example/ok' });
    await first.t.deps.store.close();
    const second = await testApp({ SVCPAY_DATABASE_URL: url, SVCPAY_SEALING_KEY: SEALING_KEY });
    const read = await second.json('GET', `/v1/sessions/${session.body.id}`, undefined, bearer(first.keys.secret));
    expect([read.status, ((await read.json()) as { currency: string }).currency]).toEqual([200, 'EUR']);
    await second.deps.store.close();
  });

  it('seals again, under a new key, every sealed value a rotation finds (SVCPAY_SEALING_KEY_PREVIOUS)', async () => {
    const url = await cluster().createDatabase('app_rotation');
    const first = await world(url);
    const session = await first.call('POST', '/v1/sessions', { amount: 900, currency: 'eur', successUrl: 'https://shop.example/ok', buyerEmail: 'ada@example.com' });
    expect(session.status).toBe(201);
    await first.t.deps.store.close();
    const next = Buffer.alloc(32, 9).toString('base64');
    const rotated = await testApp({ SVCPAY_DATABASE_URL: url, SVCPAY_SEALING_KEY: next, SVCPAY_SEALING_KEY_PREVIOUS: SEALING_KEY });
    const prefix = `v2.${keyId(Buffer.from(next, 'base64'))}.`;
    const sql = rotated.pg!.sql;
    const [row] = await sql<{ buyer: string; key: string }[]>`
      select s.data::jsonb ->> 'buyerSealed' as buyer, k.redirect_key as key from sessions s, api_keys k where s.id = ${session.body.id} and k.merchant_id = ${first.merchant.id} and k.type = 'secret'`;
    expect([row!.buyer.startsWith(prefix), row!.key.startsWith(prefix)]).toEqual([true, true]);
    // Opened with the new key alone, and what the buyer gave is still there.
    const buyer = rotated.deps.sealer.open(row!.buyer, sealedIn.sessionBuyer(session.body.id));
    expect(buyer).toEqual({ email: 'ada@example.com' });
    await rotated.deps.store.close();
  });

  it('keeps one service clock for two instances: a move on one is seen by the other', async () => {
    const url = await cluster().createDatabase('app_clock');
    const one = await testApp({ SVCPAY_DATABASE_URL: url, SVCPAY_SEALING_KEY: SEALING_KEY });
    const two = await testApp({ SVCPAY_DATABASE_URL: url, SVCPAY_SEALING_KEY: SEALING_KEY });
    try {
      const before = two.deps.clock.nowMs();
      const moved = (await (await one.json('POST', '/_sandbox/clock', { advanceSeconds: 7200 })).json()) as { unix: number };
      // The other instance's engine hears the commit a moment later…
      await expect.poll(() => two.deps.clock.nowMs() - before).toBeGreaterThanOrEqual(7_200_000);
      // …and its control API reads the clock from the database at once.
      await one.json('POST', '/_sandbox/clock', { advanceSeconds: 60 });
      const seen = (await (await two.json('GET', '/_sandbox/clock')).json()) as { unix: number };
      expect(seen.unix).toBeGreaterThanOrEqual(moved.unix + 60);
    } finally {
      await one.deps.store.close();
      await two.deps.store.close();
    }
  });
});
