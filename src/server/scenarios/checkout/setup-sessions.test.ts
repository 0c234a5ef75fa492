/**
 * Setup sessions on the hosted page and in the embedded checkout (issue 35; Doc 1, `mode: setup`):
 * the buyer's card is saved for later and nothing is charged. The session ends `succeeded` and
 * `unpaid`, with no payment intent; the card is the buyer's saved `vp_pmt_*`; the processor's ledger
 * shows no money moved; the signed return says `unpaid`.
 */
import { describe, expect, it } from 'vitest';
import { verifyRedirect } from '../../../../embed/webhooks/index.ts';
import { CARD, HOSTED, INSUFFICIENT, bearer, origin, session, testApp, type T } from '../payments/payments.fixtures.ts';

const SETUP = { ...HOSTED, mode: 'setup', buyerId: 'cust_setup' };

/** What the sandbox fields page does with the form's token: the buyer's card goes to the processor. */
async function atProcessor(t: T, token: string, card: object = CARD): Promise<string> {
  const res = await t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, card }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { transactionId: string }).transactionId;
}

const init = (t: T, id: string) => t.json('POST', '/api/checkout/init', { sessionId: id }, origin);
const complete = async (t: T, sessionId: string, transactionId: string) => (await t.json('POST', '/api/checkout/complete', { sessionId, transactionId }, origin)).json();
const ledger = async (t: T, merchant: string) => ((await (await t.json('GET', `/_sandbox/processor/transactions?merchant=${merchant}`)).json()) as { data: { amount: number; captured: number; status: string }[] }).data;
const savedCards = async (t: T, secret: string, buyer = 'cust_setup') => ((await (await t.json('GET', `/v1/payment_methods?buyer_id=${buyer}`, undefined, bearer(secret))).json()) as { data: { id: string; card: { last4: string }; setup_for_future_use: string }[] }).data;

/** Saved, charged nothing: the session, the buyer's cards, the processor's ledger and the events agree. */
async function expectSaved(t: T, s: Awaited<ReturnType<typeof session>>) {
  expect(await s.read()).toMatchObject({ status: 'succeeded', mode: 'setup', paymentStatus: 'unpaid', paymentIntentId: null, vp_tx_count: 0, vp_tx_id: null });
  const cards = await savedCards(t, s.m.keys.secret);
  expect(cards).toEqual([expect.objectContaining({ id: expect.stringMatching(/^vp_pmt_test_/), card: expect.objectContaining({ last4: '4242' }), setup_for_future_use: 'on_session' })]);
  // No money moved: every transaction the processor holds for the merchant is a check of 0, never captured.
  const rows = await ledger(t, s.m.merchant.id);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row).toMatchObject({ amount: 0, captured: 0 });
  expect(await s.events()).toEqual([]);
  return cards[0]!.id;
}

describe('setup session on the hosted page (issue 35)', () => {
  it('saves the card without charging it, returns to the merchant signed `unpaid`, and the merchant can charge the card later', async () => {
    const t = await testApp();
    const s = await session(t, SETUP);
    const form = await init(t, s.id);
    expect(form.status).toBe(200);
    const tx = await atProcessor(t, ((await form.json()) as { token: string }).token);
    const done = await complete(t, s.id, tx);
    expect(done).toMatchObject({ status: 'succeeded', paymentStatus: 'unpaid', sessionId: s.id });
    expect(done.error).toBeUndefined();
    expect(verifyRedirect(done.redirectUrl, s.m.keys.secret)).toMatchObject({ sessionId: s.id, paymentStatus: 'unpaid' });
    const card = await expectSaved(t, s);
    // The same complete again (a lost answer) changes nothing.
    expect(await complete(t, s.id, tx)).toMatchObject({ status: 'succeeded', paymentStatus: 'unpaid' });
    expect(await savedCards(t, s.m.keys.secret)).toHaveLength(1);
    const later = await t.json('POST', '/v1/payment_intents', { amount: 900, currency: 'usd', payment_method: { id: card } }, bearer(s.m.keys.secret));
    expect(await later.json()).toMatchObject({ status: 'succeeded', amount: 900 });
  });

  it('re-opens the session after a declined card, saves nothing, and saves the next card', async () => {
    const t = await testApp();
    const s = await session(t, SETUP);
    const first = ((await (await init(t, s.id)).json()) as { token: string }).token;
    const declined = await complete(t, s.id, await atProcessor(t, first, INSUFFICIENT));
    expect(declined).toMatchObject({ status: 'pending', redirectUrl: null, error: { code: 'card_declined' } });
    expect(await savedCards(t, s.m.keys.secret)).toEqual([]);
    expect(await s.read()).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', last_payment_error: { code: 'card_declined' } });
    const next = ((await (await init(t, s.id)).json()) as { token: string }).token;
    expect(next).not.toBe(first);
    expect(await complete(t, s.id, await atProcessor(t, next))).toMatchObject({ status: 'succeeded', paymentStatus: 'unpaid' });
    await expectSaved(t, s);
  });

  it('saves the card from the processor’s event when the buyer never comes back, and records no payment', async () => {
    const t = await testApp();
    const s = await session(t, SETUP);
    await atProcessor(t, ((await (await init(t, s.id)).json()) as { token: string }).token);
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 });
    await expectSaved(t, s);
  });

  it('refuses a guest setup session before any card is asked for: 422 saved_card_buyer_required', async () => {
    const t = await testApp();
    const s = await session(t, { ...HOSTED, mode: 'setup' });
    const res = await init(t, s.id);
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([422, 'saved_card_buyer_required']);
    expect(await ledger(t, s.m.merchant.id)).toEqual([]);
    expect(await s.read()).toMatchObject({ status: 'pending' });
  });
});

describe('setup session in the embedded checkout (issue 35)', () => {
  it('hands out a form, and the public complete saves the card with no payment intent', async () => {
    const t = await testApp();
    const s = await session(t, { mode: 'setup', buyerId: 'cust_setup', integrationMode: 'embed', chargeAtSubmit: false });
    const ready = await t.json('GET', `/v1/public/sessions/${s.id}/embed-token`, undefined, bearer(s.m.keys.publishable));
    const body = (await ready.json()) as { ready: boolean; token: string };
    expect([ready.status, body.ready]).toEqual([200, true]);
    const tx = await atProcessor(t, body.token);
    const done = await t.json('POST', `/v1/public/sessions/${s.id}/complete`, { transactionId: tx }, bearer(s.m.keys.publishable));
    expect(await done.json()).toMatchObject({ status: 'succeeded', sessionId: s.id, paymentIntentId: null });
    await expectSaved(t, s);
  });
});

describe('setup session on a provider whose form cannot save a card without charging it (issue 35)', () => {
  it('card_element (Stripe, no SetupIntent here): no form and no complete, 409 session_wrong_state naming the other ways; nothing reaches the provider', async () => {
    const t = await testApp();
    const m = await t.merchant({ processor: 'card_element' });
    const created = await t.json('POST', '/v1/sessions', { ...SETUP, amount: 1000, currency: 'usd' }, bearer(m.keys.secret));
    const { id } = (await created.json()) as { id: string };
    const form = await init(t, id);
    const refusal = (await form.json()) as { code: string; error: string };
    expect([form.status, refusal.code]).toEqual([409, 'session_wrong_state']);
    expect(refusal.error).toMatch(/cannot save a card without charging it/);
    // A complete sent anyway is refused the same way.
    const done = await t.json('POST', '/api/checkout/complete', { sessionId: id, transactionId: 'tokencc_setup_nonce' }, origin);
    expect([done.status, ((await done.json()) as { code: string }).code]).toEqual([409, 'session_wrong_state']);
    expect(await ledger(t, m.merchant.id)).toEqual([]);
    expect(await (await t.json('GET', `/v1/sessions/${id}`, undefined, bearer(m.keys.secret))).json()).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
  });
});
