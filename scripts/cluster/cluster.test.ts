/**
 * Issue 21, "Must hold", on real processes: two instances on one PostgreSQL database behind the
 * balancer, and the sandbox processor alone, as `npm run start:cluster` runs them (./cluster.ts).
 * A session is made on one instance and paid through the other; a clock move on one is the clock
 * of both; one instance is SIGKILLed in the middle of a burst of payments, and the survivor keeps
 * every acknowledged write, replays the unanswered keys without charging anything twice, and its
 * reconciler finishes what the dead one left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgAvailable, useCluster } from '../../src/server/store/postgres/cluster.fixtures.ts';
import { startSvcPayCluster, type SvcPayCluster } from './cluster.ts';

const pg = useCluster();
let c: SvcPayCluster;
beforeAll(async () => {
  if (pgAvailable) c = await startSvcPayCluster({ databaseUrl: await pg().createDatabase('cluster'), env: { SVCPAY_RATE_LIMITS: 'off' } });
}, 180_000);
afterAll(async () => c?.stop(), 60_000);

type Answer = { status: number; body: Record<string, any> };
async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, { method, headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, any>) : {} };
}
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

describe.runIf(pgAvailable)('two instances and the processor alone, as npm run start:cluster runs them', () => {
  it('pays through one instance a session made on the other, and both keep the clock one of them moved', async () => {
    const [a, b] = c.instances.map((i) => i.url) as [string, string];
    const m = (await call(a, 'POST', '/_sandbox/merchants', {})).body;
    const session = (await call(a, 'POST', '/v1/sessions', { amount: 2500, currency: 'usd', successUrl: 'https://shop.example/ok' }, bearer(m.keys.secret))).body;
    // The buyer's browser reaches the service at its public address; here, instance b answers.
    const origin = { Origin: c.serviceUrl };
    const init = (await call(b, 'POST', '/api/checkout/init', { sessionId: session.id }, origin)).body;
    const charged = (await call(c.processorUrl, 'POST', '/v1/charges', { token: init.token, card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123', postalCode: '12345' } })).body;
    expect(charged.status).toBe('approved');
    expect((await call(b, 'POST', '/api/checkout/complete', { sessionId: session.id, transactionId: charged.transactionId }, origin)).status).toBe(200);
    expect((await call(a, 'GET', `/v1/sessions/${session.id}`, undefined, bearer(m.keys.secret))).body).toMatchObject({ paymentStatus: 'paid', status: 'succeeded' });

    const moved = (await call(a, 'POST', '/_sandbox/clock', { advanceSeconds: 3600 })).body;
    const seen = (await call(b, 'GET', '/_sandbox/clock')).body;
    expect(seen.unix - moved.unix).toBeGreaterThanOrEqual(0);
    expect(seen.unix - moved.unix).toBeLessThan(30);
    // And requests through the balancer reach both.
    for (let i = 0; i < 6; i++) expect((await call(c.serviceUrl, 'GET', '/api/health')).status).toBe(200);
    expect(Object.values(c.balancer!.served).every((n) => n >= 3)).toBe(true);
  });

  it('SIGKILL of one instance mid-burst: acknowledged writes read back on the other, unanswered keys replay without a second charge, the reconciler settles the rest', async () => {
    const [dying, survivor] = c.instances as [SvcPayCluster['instances'][0], SvcPayCluster['instances'][0]];
    const m = (await call(survivor.url, 'POST', '/_sandbox/merchants', {})).body;
    const auth = bearer(m.keys.secret);
    const N = 40;
    const tokens: string[] = [];
    for (let i = 0; i < N; i++) tokens.push((await call(survivor.url, 'POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, auth)).body.id);
    const bodyOf = (i: number) => ({ amount: 1000 + i, currency: 'usd', payment_method: { id: tokens[i] } });
    const acked = new Map<number, Record<string, any>>();
    const unanswered: number[] = [];
    let next = 0;
    let killed = false;
    const writer = async () => {
      for (let i = next++; i < N; i = next++) {
        const base = i % 2 === 0 ? dying.url : survivor.url;
        try {
          const res = await call(base, 'POST', '/v1/payment_intents', bodyOf(i), { ...auth, 'Idempotency-Key': `burst-${i}` });
          if (res.status === 201) acked.set(i, res.body);
          else unanswered.push(i);
        } catch {
          unanswered.push(i); // the socket died with the process, or nothing listens any more
        }
        if (!killed && acked.size >= 8) {
          killed = true;
          dying.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, writer));
    expect(killed).toBe(true);
    expect(acked.size, 'acknowledged before and after the kill').toBeGreaterThanOrEqual(8);
    expect(unanswered.length, 'requests the dead instance never answered').toBeGreaterThan(0);

    // Every acknowledged intent reads back on the survivor as it was answered.
    for (const [i, answer] of acked) {
      const read = (await call(survivor.url, 'GET', `/v1/payment_intents/${answer.id}`, undefined, auth)).body;
      expect(read, `intent of burst-${i}`).toMatchObject({ id: answer.id, status: answer.status, amount: 1000 + i });
    }
    // The dead instance's reservations hold for two minutes of service clock; past them the
    // survivor takes its keys over and finishes each payment the same key began.
    await call(survivor.url, 'POST', '/_sandbox/clock', { advanceSeconds: 130 });
    const replayed = new Map<number, Record<string, any>>();
    for (const i of unanswered) {
      const res = await call(survivor.url, 'POST', '/v1/payment_intents', bodyOf(i), { ...auth, 'Idempotency-Key': `burst-${i}` });
      expect([200, 201], `replay of burst-${i}: ${JSON.stringify(res.body)}`).toContain(res.status);
      replayed.set(i, res.body);
    }
    // The reconciler (on the survivor's clock) settles whatever is left between charge and outcome:
    // a charge the processor made is recorded, one it never received is fenced and failed.
    const all = [...acked.values(), ...replayed.values()];
    const read = () => Promise.all(all.map(async (p) => (await call(survivor.url, 'GET', `/v1/payment_intents/${p.id}`, undefined, auth)).body));
    const unsettled = async () => {
      await call(survivor.url, 'POST', '/_sandbox/clock', { advanceSeconds: 30 });
      return (await read()).filter((p) => p.status === 'processing' || p.status === 'requires_action').map((p) => `${p.id} ${p.status}`);
    };
    await expect.poll(unsettled, { timeout: 60_000, interval: 500 }).toEqual([]);
    const final = await read();
    // One intent per key; almost every one paid (only a request the dead instance took and never
    // sent on can have failed).
    expect(new Set(final.map((p) => p.id)).size).toBe(N);
    const paid = final.filter((p) => p.status === 'succeeded').map((p) => p.amount as number).sort((x, y) => x - y);
    expect(paid.length).toBeGreaterThanOrEqual(N - unanswered.length);
    // The processor charged each paid amount once, and nothing else.
    const ledger = (await call(survivor.url, 'GET', `/_sandbox/processor/transactions?merchant=${m.id}`)).body.data as { amount: number; captured: number }[];
    const charged = ledger.filter((t) => t.captured > 0).map((t) => t.amount).sort((x, y) => x - y);
    expect(charged).toEqual(paid);
  }, 180_000);
});
