import { describe, expect, it } from 'vitest';
import { verifySignature } from '../../src/platform/signature.ts';
import { CARD, SECRET, WEBHOOK_SECRET, serverAuth, testClock, testProcessor, webhookReceiver } from '../testing.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('sandbox provider events', () => {
  it('tells the service of a browser charge: transaction.updated, signed with the webhook secret, to /api/webhooks/sandbox', async () => {
    const receiver = webhookReceiver();
    const { token, charge, count } = testProcessor({ deliver: receiver.deliver });
    const res = await charge({ token: await token(), card: CARD });
    const { transactionId } = await res.json();
    await settle();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.url).toBe('http://localhost:4242/api/webhooks/sandbox');
    expect(delivery!.headers.get('content-type')).toBe('application/json');
    expect(verifySignature(delivery!.headers.get('x-svc-signature'), [WEBHOOK_SECRET], delivery!.body, nowSeconds())).toBe(true);
    expect(verifySignature(delivery!.headers.get('x-svc-signature'), ['whsec_other'], delivery!.body, nowSeconds())).toBe(false);
    const event = JSON.parse(delivery!.body);
    expect(event).toMatchObject({ type: 'transaction.updated', transaction: { id: transactionId, status: 'approved', capture: 'settled' } });
    expect(event.id).toMatch(/^sbx_evt_/);
    expect(delivery!.body).not.toContain(CARD.number);
    expect(count('SELECT count(*) AS n FROM events WHERE delivered_at IS NOT NULL')).toBe(1);
  });

  it('keeps an event the service did not take (non-2xx or no answer) and retries it on run_due until a 2xx', async () => {
    const receiver = webhookReceiver(500);
    const { call, direct, count } = testProcessor({ deliver: receiver.deliver });
    const t = (await direct({ card: CARD })).body;
    const emitted = await (await call('POST', '/v1/events', { type: 'dispute.created', transactionId: t.id })).json();
    expect(emitted).toMatchObject({ type: 'dispute.created', delivered: false });
    expect(count('SELECT count(*) AS n FROM events WHERE delivered_at IS NULL')).toBe(1);
    expect(await (await call('POST', '/v1/_run_due')).json()).toEqual({ processed: 0 });
    receiver.status = 200;
    expect(await (await call('POST', '/v1/_run_due')).json()).toEqual({ processed: 1 });
    expect(receiver.events().map((e) => e.id)).toEqual([emitted.id, emitted.id, emitted.id]);
    expect(count('SELECT count(*) AS n FROM events WHERE delivered_at IS NOT NULL AND attempts = 3')).toBe(1);
    await call('POST', '/v1/_run_due');
    expect(receiver.received).toHaveLength(3);
  });

  it('gives up on an event after 3 days of clock without a 2xx', async () => {
    const clock = testClock();
    const receiver = webhookReceiver(503);
    const { call, direct } = testProcessor({ deliver: receiver.deliver, now: clock.now });
    const t = (await direct({ card: CARD })).body;
    await call('POST', '/v1/events', { type: 'dispute.created', transactionId: t.id });
    clock.advance(3 * 24 * 3600);
    await call('POST', '/v1/_run_due');
    expect(receiver.received).toHaveLength(2);
    clock.advance(1);
    receiver.status = 200;
    expect(await (await call('POST', '/v1/_run_due')).json()).toEqual({ processed: 0 });
    expect(receiver.received).toHaveLength(2);
  });

  it('survives a delivery that throws, and answers delivered: true when the service takes the event', async () => {
    let fail = true;
    const { call, direct, count } = testProcessor({
      deliver: async () => {
        if (fail) throw new Error('connection refused');
        return new Response(null, { status: 204 });
      },
    });
    const t = (await direct({ card: CARD })).body;
    expect((await (await call('POST', '/v1/events', { type: 'dispute.created', transactionId: t.id })).json()).delivered).toBe(false);
    fail = false;
    expect((await (await call('POST', '/v1/events', { type: 'dispute.won', transactionId: t.id })).json()).delivered).toBe(true);
    await call('POST', '/v1/_run_due');
    expect(count('SELECT count(*) AS n FROM events WHERE delivered_at IS NULL')).toBe(0);
  });

  it('runs due work for every account, behind the service secret only', async () => {
    const { call } = testProcessor();
    expect((await call('POST', '/v1/_run_due', undefined, { Authorization: `Bearer ${SECRET}` })).status).toBe(200);
    expect((await call('POST', '/v1/_run_due', undefined, {})).status).toBe(401);
    expect((await call('POST', '/v1/events', { type: 'capture.settled', transactionId: 'x' }, {})).status).toBe(401);
  });
});

describe('sandbox client tokens', () => {
  it('a revoked token can no longer charge, and nothing is recorded', async () => {
    const { call, token, charge, count } = testProcessor();
    const tok = await token();
    const res = await call('POST', `/v1/client_tokens/${tok}/revoke`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ token: tok, revoked: true });
    expect((await call('POST', `/v1/client_tokens/${tok}/revoke`)).status).toBe(200);
    const refused = await charge({ token: tok, card: CARD });
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe('token_revoked');
    expect(count('SELECT count(*) AS n FROM transactions')).toBe(0);
    expect(count('SELECT count(*) AS n FROM events')).toBe(0);
  });

  it("refuses to revoke another account's token or an unknown one, without the secret too", async () => {
    const { call, token, charge } = testProcessor();
    const tok = await token();
    expect((await call('POST', `/v1/client_tokens/${tok}/revoke`, undefined, serverAuth('another_merchant'))).status).toBe(404);
    expect((await call('POST', '/v1/client_tokens/sbx_tok_nope/revoke')).status).toBe(404);
    expect((await call('POST', `/v1/client_tokens/${tok}/revoke`, undefined, {})).status).toBe(401);
    expect((await charge({ token: tok, card: CARD })).status).toBe(200);
  });

  it('a browser charge is found by its client token, even when its answer was lost (0090)', async () => {
    const { call, token, charge } = testProcessor();
    const tok = await token();
    const res = await charge({ token: tok, card: { ...CARD, number: '4000000000110090' } });
    expect(res.status).toBe(502);
    const found = await call('GET', `/v1/transactions?reference=${tok}`);
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({ reference: tok, status: 'approved', capture: 'settled', sessionId: 'cs_1' });
    expect((await charge({ token: tok, card: CARD })).status).toBe(409);
  });
});
