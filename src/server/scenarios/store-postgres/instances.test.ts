/**
 * Two instances on one PostgreSQL database (issue 21): each job's work done once however many
 * instances run it. Both instances here are whole services (their own app, store pool, clock and
 * workers) on the same database; only the test decides when their workers run, at the same moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testApp, webhookReceiver } from '../../testing.ts';
import { deliverDue } from '../../engine/webhooks/webhook-delivery.ts';
import { sweepExpired } from '../../engine/sessions/sessions.ts';
import { pgAvailable, useCluster } from '../../store/postgres/cluster.fixtures.ts';

const cluster = useCluster();
const KEY = Buffer.alloc(32, 5).toString('base64');
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
beforeAll(async () => {
  receiver = await webhookReceiver();
});
afterAll(() => receiver.close());

/** Two whole services on one new database; `close` stops both stores. */
async function twoInstances(name: string) {
  const url = await cluster().createDatabase(name);
  const one = await testApp({ SVCPAY_DATABASE_URL: url, SVCPAY_SEALING_KEY: KEY });
  // One processor for both, as instances share one that runs alone (a card vaulted through one
  // instance is charged through either).
  const two = await testApp({ SVCPAY_DATABASE_URL: url, SVCPAY_SEALING_KEY: KEY }, { sandbox: one.sandbox });
  return { one, two, close: async () => void (await Promise.all([one.deps.store.close(), two.deps.store.close()])) };
}

describe.runIf(pgAvailable)('two instances on one database', () => {
  it('deliver each webhook event once when both delivery workers run at the same moment', async () => {
    const { one, two, close } = await twoInstances('two_webhooks');
    try {
      const m = await one.merchant();
      const h = bearer(m.keys.secret);
      await one.json('POST', '/v1/webhook_subscriptions', { url: `${receiver.url}/${m.merchant.id}`, enabledEvents: ['charge.succeeded', 'payment_intent.succeeded'] }, h);
      for (let i = 0; i < 8; i++) {
        const token = (await (await one.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, h)).json()) as { id: string };
        expect((await one.json('POST', '/v1/payment_intents', { amount: 1200, currency: 'usd', payment_method: { id: token.id } }, h)).status).toBe(201);
      }
      // Both instances' workers take the backlog at once, twice over.
      for (let round = 0; round < 2; round++) await Promise.all([deliverDue(one.deps), deliverDue(two.deps)]);
      const mine = receiver.hits.filter((x) => x.status === 200 && x.body.includes(m.merchant.id)).map((x) => (JSON.parse(x.body) as { id: string }).id);
      expect(mine).toHaveLength(16);
      expect(new Set(mine).size).toBe(16);
    } finally {
      await close();
    }
  });

  it('expire each due session once when both expiry sweeps run at the same moment', async () => {
    const { one, two, close } = await twoInstances('two_sweeps');
    try {
      const m = await one.merchant();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const made = await one.json('POST', '/v1/sessions', { amount: 500, currency: 'usd', successUrl: 'https://shop.example/ok', expiresIn: 300 }, bearer(m.keys.secret));
        ids.push(((await made.json()) as { id: string }).id);
      }
      // The clock moves on one instance; the other takes it from the database.
      await one.deps.clock.advance(301);
      await two.deps.clock.refresh();
      const [a, b] = await Promise.all([sweepExpired(one.deps), sweepExpired(two.deps)]);
      expect(a + b).toBe(5);
      const statuses = await Promise.all(ids.map(async (id) => (await two.deps.store.read.sessions.get(id))!.status));
      expect(statuses).toEqual(Array(5).fill('expired'));
    } finally {
      await close();
    }
  });

  it('charge once for 40 concurrent requests under one Idempotency-Key split across both instances', async () => {
    const { one, two, close } = await twoInstances('two_charges');
    try {
      const m = await one.merchant();
      const h = bearer(m.keys.secret);
      const token = (await (await one.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, h)).json()) as { id: string };
      const body = { amount: 1500, currency: 'usd', payment_method: { id: token.id } };
      const answers = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const res = await (i % 2 ? two : one).json('POST', '/v1/payment_intents', body, { ...h, 'Idempotency-Key': 'split-key' });
          return { status: res.status, body: (await res.json()) as { id?: string; code?: string } };
        }),
      );
      const made = answers.filter((a) => a.status === 201 || a.status === 200);
      expect(new Set(made.map((a) => a.body.id)).size).toBe(1);
      for (const a of answers.filter((x) => x.status !== 201 && x.status !== 200)) expect(a.body.code).toMatch(/^(charge_in_progress|charge_already_in_flight|charge_reservation_unavailable|service_unavailable)$/);
      expect(await one.pg!.sql`select count(*)::int as n from payment_intents`).toEqual([{ n: 1 }]);
      // The processor both instances share made one transaction.
      expect((one.sandbox.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n).toBe(1);
    } finally {
      await close();
    }
  });
});
