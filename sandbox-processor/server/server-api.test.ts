import { describe, expect, it } from 'vitest';
import { CARD, SECRET, serverAuth, testProcessor } from '../testing.ts';

const charge = { sessionId: 'cs_1', livemode: false, amount: 700, currency: 'USD', card: CARD };

describe('sandbox processor server-to-server API', () => {
  it('refuses every call without the service secret, or with another one', async () => {
    const { call } = testProcessor();
    const calls: [string, string, unknown][] = [
      ['POST', '/v1/client_tokens', { sessionId: 'cs_1', livemode: false, amount: 700, currency: 'USD' }],
      ['POST', '/v1/transactions', charge],
      ['GET', '/v1/transactions/sbx_txn_x', undefined],
      ['GET', '/v1/transactions?reference=r1', undefined],
    ];
    for (const [method, path, body] of calls) {
      const attempts: Record<string, string>[] = [{}, serverAuth('merchant_test_1', `${SECRET}x`), { Authorization: SECRET }];
      for (const headers of attempts) {
        const res = await call(method, path, body, headers);
        expect(res.status, `${method} ${path}`).toBe(401);
        expect((await res.json()).code).toBe('unauthorized');
      }
    }
  });

  it('charges a card, reads it back and keeps it to the account that made it', async () => {
    const { call } = testProcessor();
    const res = await call('POST', '/v1/transactions', charge);
    expect(res.status).toBe(201);
    const t = await res.json();
    expect(t).toMatchObject({ status: 'approved', amount: 700, sessionId: 'cs_1', card: { brand: 'visa', last4: '4242' }, reference: null });
    expect(await (await call('GET', `/v1/transactions/${t.id}`)).json()).toEqual(t);
    expect((await call('GET', `/v1/transactions/${t.id}`, undefined, serverAuth('another_merchant'))).status).toBe(404);
  });

  it('charges one reference once, even when two charges race', async () => {
    const { call, count } = testProcessor();
    const body = { ...charge, reference: 'att_1' };
    const [a, b] = await Promise.all([call('POST', '/v1/transactions', body), call('POST', '/v1/transactions', body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const [ta, tb] = [await a.json(), await b.json()];
    expect(ta.id).toBe(tb.id);
    expect(count("SELECT count(*) AS n FROM transactions WHERE reference = 'att_1'")).toBe(1);
    expect(count('SELECT count(*) AS n FROM transactions')).toBe(1);
    const found = await call('GET', '/v1/transactions?reference=att_1');
    expect((await found.json()).id).toBe(ta.id);
  });

  it('refuses a reference reused for a different charge, and looks up an unknown one as 404', async () => {
    const { call, count } = testProcessor();
    await call('POST', '/v1/transactions', { ...charge, reference: 'att_2' });
    const other = await call('POST', '/v1/transactions', { ...charge, amount: 900, reference: 'att_2' });
    expect(other.status).toBe(409);
    expect((await other.json()).code).toBe('reference_reused');
    expect(count('SELECT count(*) AS n FROM transactions')).toBe(1);
    expect((await call('GET', '/v1/transactions?reference=att_9')).status).toBe(404);
  });

  it('keeps references apart per account', async () => {
    const { call, count } = testProcessor();
    await call('POST', '/v1/transactions', { ...charge, reference: 'att_3' });
    const res = await call('POST', '/v1/transactions', { ...charge, reference: 'att_3' }, serverAuth('another_merchant'));
    expect(res.status).toBe(201);
    expect(count('SELECT count(*) AS n FROM transactions')).toBe(2);
  });
});
