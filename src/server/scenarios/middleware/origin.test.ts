import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';

/*
 * Doc 3, decisions table: the checkout endpoints and the card-carrying charge route take only the
 * service's exact origin. Each lookalike below is what a prefix, suffix, substring or
 * case-insensitive comparison would wrongly let through. `LOCALHOST` is refused: browsers send
 * the host in lowercase, so only a hand-made request would differ.
 */
const LOOKALIKES: [string, [string, string][]][] = [
  ['a longer host', [['Origin', 'http://localhost:4242.evil.test']]],
  ['a longer port', [['Origin', 'http://localhost:42420']]],
  ['a shorter port', [['Origin', 'http://localhost:424']]],
  ['another scheme', [['Origin', 'https://localhost:4242']]],
  ['upper case', [['Origin', 'http://LOCALHOST:4242']]],
  ['a trailing slash', [['Origin', 'http://localhost:4242/']]],
  ['an opaque origin', [['Origin', 'null']]],
  ['no origin', []],
  ['two origin headers', [['Origin', SERVICE], ['Origin', SERVICE]]],
  ['the service origin after another', [['Origin', 'http://evil.test'], ['Origin', SERVICE]]],
];

async function setup() {
  const t = await testApp();
  const m = await t.merchant();
  const created = await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true }, bearer(m.keys.secret));
  const session = (await created.json()) as { id: string };
  const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
  const routes = [
    { path: '/api/checkout/init', body: { sessionId: session.id }, headers: {} },
    { path: '/api/checkout/complete', body: { sessionId: session.id, transactionId: 'sbx_txn_x' }, headers: {} },
    { path: '/api/checkout/client-error', body: { message: 'boom' }, headers: {} },
    { path: `/v1/public/sessions/${session.id}/charge`, body: { card }, headers: bearer(m.keys.publishable) },
  ];
  return { t, routes };
}

describe('same-origin check on checkout and charge routes', () => {
  it.each(LOOKALIKES)('refuses %s with 403 origin_forbidden and changes nothing', async (_, origin) => {
    const { t, routes } = await setup();
    for (const route of routes) {
      const headers = new Headers({ 'Content-Type': 'application/json', ...route.headers });
      for (const [k, v] of origin) headers.append(k, v);
      const res = await t.app.request(route.path, { method: 'POST', headers, body: JSON.stringify(route.body) });
      expect(res.status, route.path).toBe(403);
      expect((await res.json()).code, route.path).toBe('origin_forbidden');
    }
    expect([(await t.count('client_errors')), t.sandbox.db.prepare('SELECT count(*) AS n FROM transactions').get()]).toEqual([0, { n: 0 }]);
  });

  it('lets the exact service origin through (the control case for the table above)', async () => {
    const { t, routes } = await setup();
    for (const route of routes) {
      const res = await t.json('POST', route.path, route.body, { ...route.headers, Origin: SERVICE });
      const body = (await res.json()) as { code?: string };
      expect(body.code ?? 'ok', route.path).not.toBe('origin_forbidden');
    }
  });
});
