/**
 * Finding 3 (issue 17): one session never has two live ways to pay. A second tab gets the live form
 * back (issue 18, finding 8); a fresh form, a charge at submit or a direct intent with `session_id`
 * goes ahead only after the session's older form is revoked; when the revocation fails it is refused
 * and the older form stays the only one. Over real HTTP.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { faultWorld, type FaultWorld } from './world.ts';
import { FORM_HANDBACK_MS } from '../engine/attempts/attempts.ts';

let w: FaultWorld;
beforeEach(async () => (w = await faultWorld()));
afterEach(() => w.close());

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

async function hostedSession(expiresIn?: number) {
  const s = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/ok', ...(expiresIn ? { expiresIn } : {}) })).body;
  const open = () => w.t.call('POST', '/api/checkout/init', { sessionId: s.id }, { Origin: w.t.url });
  const pay = async (token: string) => {
    const res = await w.t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, card: CARD }) });
    return res.status;
  };
  return { id: s.id as string, open, pay };
}

it('a second tab gets the first tab’s live form back, not a second one: only one payment can be made with it', async () => {
  const s = await hostedSession();
  const first = await s.open();
  const second = await s.open();
  expect(second.status).toBe(200);
  expect(second.body.token).toBe(first.body.token);
  expect(await s.pay(second.body.token)).toBe(200);
  expect(await s.pay(first.body.token)).toBe(409);
  expect((await w.ledger()).map((e) => e.captured)).toEqual([2500]);
});

it('a fresh form is refused while the stale one cannot be revoked: only one of them can pay', async () => {
  const s = await hostedSession(7200);
  const first = await s.open();
  expect(first.status).toBe(200);
  // Half an hour on, init makes a fresh form and must revoke the first. That revocation fails (the
  // look-up before it passes, taken by a harmless fault armed first): the fresh form is not handed out.
  await w.advance(FORM_HANDBACK_MS / 1000 + 60);
  await w.arm({ operation: 'lookup', kind: 'slow', delayMs: 0 });
  await w.arm({ operation: 'any', kind: 'down' });
  const second = await s.open();
  expect(second.status).toBe(502);
  expect(second.body.code).toBe('provider_unavailable');
  expect(await s.pay(first.body.token)).toBe(200);
  // Once the first form's payment is recorded (the processor's event), another form finds the session paid.
  await w.advance(1);
  expect((await w.get(`/v1/sessions/${s.id}`)).body).toMatchObject({ status: 'succeeded', vp_tx_count: 1 });
  const third = await s.open();
  expect([third.status, third.body.code]).toEqual([409, 'session_already_completed']);
  expect((await w.ledger()).map((e) => e.captured)).toEqual([2500]);
});

it('a fresh form revokes the stale one before it is handed out: the stale one cannot pay after', async () => {
  const s = await hostedSession(7200);
  const first = await s.open();
  await w.advance(FORM_HANDBACK_MS / 1000 + 60);
  const second = await s.open();
  expect(second.status).toBe(200);
  expect(second.body.token).not.toBe(first.body.token);
  expect(await s.pay(first.body.token)).toBe(409);
  expect(await s.pay(second.body.token)).toBe(200);
  expect((await w.ledger()).map((e) => e.captured)).toEqual([2500]);
});

it('a direct intent with session_id revokes the session’s live form before it charges', async () => {
  const s = await hostedSession();
  const form = await s.open();
  const pm = await w.card();
  const paid = await w.pay(pm, 'order-s', { amount: 2500, session_id: s.id });
  expect(paid.body.status).toBe('succeeded');
  expect(await s.pay(form.body.token)).toBe(409);
  expect((await w.ledger()).map((e) => e.captured)).toEqual([2500]);
  expect((await w.get(`/v1/sessions/${s.id}`)).body).toMatchObject({ status: 'succeeded', vp_tx_count: 1 });
});

it('a direct intent with session_id for another amount than the session’s is refused, and nothing is charged (finding 7)', async () => {
  const s = await hostedSession();
  const pm = await w.card();
  const refused = await w.pay(pm, 'order-x', { amount: 1000, session_id: s.id });
  expect(refused.status).toBe(400);
  expect(refused.body.code).toBe('validation_error');
  expect(refused.body.error).toContain('2500 usd');
  expect((await w.pay(pm, 'order-y', { amount: 2500, currency: 'eur', session_id: s.id })).status).toBe(400);
  expect(await w.ledger()).toEqual([]);
  expect((await w.get(`/v1/sessions/${s.id}`)).body).toMatchObject({ status: 'pending', vp_tx_count: 0 });
});
