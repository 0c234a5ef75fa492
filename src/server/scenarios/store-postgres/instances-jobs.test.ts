/**
 * Two instances on one PostgreSQL database and one sandbox processor (issue 21): the reconciler and
 * inbound provider events, run by both instances at the same moment, record each outcome once.
 * The second instance shares the first's processor (BuildOptions.sandbox), as instances share one
 * processor that runs alone.
 */
import { describe, expect, it } from 'vitest';
import { bearer, loseAnswer, testApp } from '../../testing.ts';
import { reconcile } from '../../engine/payments/reconcile/reconcile.ts';
import { drainInbound } from '../../engine/webhooks/inbound-events.ts';
import { pgAvailable, useCluster } from '../../store/postgres/cluster.fixtures.ts';

const cluster = useCluster();
const KEY = Buffer.alloc(32, 7).toString('base64');

async function twoInstances(name: string) {
  const url = await cluster().createDatabase(name);
  const one = await testApp({ SVCPAY_DATABASE_URL: url, SVCPAY_SEALING_KEY: KEY });
  const two = await testApp({ SVCPAY_DATABASE_URL: url, SVCPAY_SEALING_KEY: KEY }, { sandbox: one.sandbox });
  const count = async (sql: string) => ((await one.pg!.sql.unsafe(sql)) as unknown as { n: number }[])[0]!.n;
  return { one, two, count, close: async () => void (await Promise.all([one.deps.store.close(), two.deps.store.close()])) };
}

describe.runIf(pgAvailable)('two instances, one processor: each outcome recorded once', () => {
  it('records a charge whose answer was lost once when both reconcilers look it up at the same moment', async () => {
    const { one, two, count, close } = await twoInstances('two_reconcilers');
    try {
      const m = await one.merchant();
      const h = bearer(m.keys.secret);
      const ids: string[] = [];
      const restore = loseAnswer(one.processor, 'chargeVaulted');
      for (let i = 0; i < 4; i++) {
        const token = (await (await one.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, h)).json()) as { id: string };
        const res = await one.json('POST', '/v1/payment_intents', { amount: 700 + i, currency: 'usd', payment_method: { id: token.id } }, h);
        const lost = (await res.json()) as { code: string; payment_intent: string };
        expect(lost.code).toBe('payment_outcome_unknown');
        ids.push(lost.payment_intent);
      }
      restore();
      expect(await count('select count(*)::int as n from settlements')).toBe(0);
      // The look-ups are due on the shared clock; both reconcilers run them at once, twice over.
      await one.deps.clock.advance(60);
      await two.deps.clock.refresh();
      let recorded = 0;
      for (let round = 0; round < 2; round++) for (const r of await Promise.all([reconcile(one.deps), reconcile(two.deps)])) recorded += r.recorded;
      for (const id of ids) expect((await (await two.json('GET', `/v1/payment_intents/${id}`, undefined, h)).json()) as { status: string }).toMatchObject({ status: 'succeeded' });
      expect(await count('select count(*)::int as n from settlements')).toBe(4);
      expect(await count("select count(*)::int as n from events where type = 'payment_intent.succeeded'")).toBe(4);
      expect((one.sandbox.db.prepare("SELECT count(*) AS n FROM transactions WHERE status = 'approved'").get() as { n: number }).n).toBe(4);
      expect(recorded).toBe(4);
    } finally {
      await close();
    }
  });

  it('applies a provider event once when it reaches both instances at the same moment and both drain their inbound queue', async () => {
    const { one, two, count, close } = await twoInstances('two_inbound');
    try {
      const m = await one.merchant();
      const h = bearer(m.keys.secret);
      const token = (await (await one.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, h)).json()) as { id: string };
      const intent = (await (await one.json('POST', '/v1/payment_intents', { amount: 2000, currency: 'usd', payment_method: { id: token.id } }, h)).json()) as { id: string };
      // The processor's delivery of the event reaches both instances at once (a retry racing the
      // first attempt, or two balancer paths); each answers the processor.
      one.sandbox.setDeliver(async (url, init) => {
        const path = new URL(url).pathname;
        const [a, b] = await Promise.all([one.app.request(path, init), two.app.request(path, init)]);
        return a.ok ? a : b;
      });
      const sent = await one.json('POST', '/_sandbox/provider_events', { type: 'dispute.created', payment_intent: intent.id });
      expect(sent.status).toBe(202);
      for (let round = 0; round < 2; round++) await Promise.all([drainInbound(one.deps), drainInbound(two.deps)]);
      expect(await count('select count(*)::int as n from inbound_events')).toBe(1);
      expect(await count("select count(*)::int as n from inbound_events where state = 'applied'")).toBe(1);
      expect(await count("select count(*)::int as n from events where type = 'charge.dispute.created' or type = 'dispute.created'")).toBe(1);
    } finally {
      await close();
    }
  });
});
