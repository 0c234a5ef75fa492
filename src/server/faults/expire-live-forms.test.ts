/**
 * Finding 4 (issue 17): expiring a session with a live browser form revokes the form in the same
 * step, so nothing pays the session after the 200; when the form cannot be revoked the answer is
 * 409 and the session stays open. The expiry sweep does the same. Over real HTTP.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { faultWorld, type FaultWorld } from './world.ts';

let w: FaultWorld;
beforeEach(async () => (w = await faultWorld()));
afterEach(() => w.close());

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

async function hosted(expiresIn = 86400) {
  const s = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/ok', expiresIn })).body;
  const init = await w.t.call('POST', '/api/checkout/init', { sessionId: s.id }, { Origin: w.t.url });
  expect(init.status).toBe(200);
  const pay = async () => {
    const res = await w.t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: init.body.token, card: CARD }) });
    const text = await res.text();
    return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : {}) as { code?: string } };
  };
  return { id: s.id as string, pay };
}

it('expire revokes the live form before it answers: a payment after the 200 is refused, nothing charged', async () => {
  const s = await hosted();
  const expired = await w.post(`/v1/sessions/${s.id}/expire`);
  expect(expired.status).toBe(200);
  expect(expired.body.status).toBe('expired');
  expect(await s.pay()).toMatchObject({ status: 409, body: { code: 'token_revoked' } });
  expect(await w.ledger()).toEqual([]);
});

it('expire answers 409 while the form cannot be revoked, and the session stays open', async () => {
  const s = await hosted();
  const down = await w.arm({ operation: 'any', kind: 'down', count: 5 });
  const refused = await w.post(`/v1/sessions/${s.id}/expire`);
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ code: 'session_not_expirable', reason: 'payment_may_be_in_flight' });
  expect((await w.get(`/v1/sessions/${s.id}`)).body.status).not.toBe('expired');
  await w.t.control('DELETE', `/faults/${down}`);
  expect((await w.post(`/v1/sessions/${s.id}/expire`)).body.status).toBe('expired');
  expect((await s.pay()).status).toBe(409);
});

it('a form that paid just before expire makes expire refuse; the payment is recorded and the session is paid, not expired', async () => {
  const s = await hosted();
  await w.arm({ operation: 'browser_charge', kind: 'lose_answer' });
  expect((await s.pay()).status).toBe(502);
  const refused = await w.post(`/v1/sessions/${s.id}/expire`);
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ code: 'session_not_expirable', reason: 'payment_may_be_in_flight' });
  // The processor's event or the reconciler records it, as every browser payment.
  await w.advance(20);
  expect((await w.get(`/v1/sessions/${s.id}`)).body).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  expect((await w.ledger()).map((e) => e.captured)).toEqual([2500]);
});

it('the expiry sweep revokes the forms of the sessions it closes', async () => {
  const s = await hosted(300);
  await w.advance(301);
  expect((await w.get(`/v1/sessions/${s.id}`)).body.status).toBe('expired');
  expect((await s.pay()).status).toBe(409);
  expect(await w.ledger()).toEqual([]);
});

it('the sweep marks the forms it revoked closed; a form the processor no longer knows counts as revoked', async () => {
  const s = await hosted(300);
  const attempts = () => w.t.store.db.prepare("SELECT state FROM payment_attempts WHERE kind = 'client' AND session_id = ?").all(s.id);
  expect(attempts()).toEqual([{ state: 'pending' }]);
  await w.advance(301);
  expect(attempts()).toEqual([{ state: 'failed' }]);

  // A form whose token the processor never issued (or forgot): its revocation is refused as unknown, which cannot pay.
  const other = await hosted();
  await w.t.store.db.prepare("UPDATE payment_attempts SET reference = 'sbx_tok_unknown' WHERE kind = 'client' AND session_id = ?").run(other.id);
  expect((await w.post(`/v1/sessions/${other.id}/expire`)).body.status).toBe('expired');
});

it('a new form is refused while the older form’s charge is at the bank challenge', async () => {
  const s = await hosted();
  // The processor's own event would record the payment; held back here, as a bank holding the charge would.
  w.t.sandbox.setDeliver(async () => new Response(null, { status: 503 }));
  const processor = w.t.deps.processorFor('sandbox')!;
  const lookup = processor.lookup.bind(processor);
  // The sandbox answers a browser charge at once; a real provider may hold it at the buyer's bank.
  expect((await s.pay()).status).toBe(200);
  processor.lookup = async (m, ref) => {
    const t = await lookup(m, ref);
    return t && { ...t, status: 'requires_action' };
  };
  const again = await w.t.call('POST', '/api/checkout/init', { sessionId: s.id }, { Origin: w.t.url });
  expect(again.status).toBe(409);
  expect(again.body.code).toBe('charge_in_progress');
  expect(again.body.error).toContain('bank challenge');
  processor.lookup = lookup;
});
