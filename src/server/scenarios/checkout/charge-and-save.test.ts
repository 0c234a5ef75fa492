/**
 * Charge and save on every path a session is paid by (Doc 1: "a buyer on the session makes a
 * charge-and-save flow vault a reusable `vp_pmt_*` alongside the charge; a guest session charges
 * once and vaults nothing"; issue 35), on the sandbox processor: the hosted page's complete, the
 * embedded checkout's public complete, a payment the provider's event settles (the buyer never came
 * back), and a wallet at submit. Each saves the card exactly as elements charge-at-submit does: a
 * `vp_pmt_*` for the session's buyer, named by the intent and the charge webhook, that the merchant
 * can charge again. Stripe and Braintree are scenarios/providers/charge-and-save.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';
import { expectSavedAndReusable, origin, payOnProcessor } from './fixtures.ts';

const SAVE = { buyerId: 'cust_save', setupForFutureUse: 'on_session' };
const saved = (w: World, last4: string, walletType: string | null = null) => expectSavedAndReusable(w.t, w.sk, w.id, 'cust_save', last4, walletType);

async function world(extra: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) {
  const t = await testApp();
  const m = await t.merchant({ settings });
  const sk = bearer(m.keys.secret);
  const res = await t.json('POST', '/v1/sessions', { amount: 1000, currency: 'usd', successUrl: 'http://127.0.0.1:4244/success', ...extra }, sk);
  expect(res.status).toBe(201);
  const session = (await res.json()) as { id: string };
  const read = async () => (await t.json('GET', `/v1/sessions/${session.id}`, undefined, sk)).json();
  return { t, m, sk, id: session.id, read };
}
type World = Awaited<ReturnType<typeof world>>;

const complete = (w: World, transactionId: string) => w.t.json('POST', '/api/checkout/complete', { sessionId: w.id, transactionId }, origin);

describe('charge and save through a provider’s form (hosted page, embedded checkout)', () => {
  it('the hosted page’s complete saves the card the buyer paid with for the session’s buyer', async () => {
    const w = await world(SAVE);
    const paid = await payOnProcessor(w.t, w.id);
    expect((await complete(w, paid.id)).status).toBe(200);
    await saved(w, '4242');
  });

  it('the embedded checkout’s public complete saves it the same way', async () => {
    const w = await world({ ...SAVE, successUrl: undefined });
    const paid = await payOnProcessor(w.t, w.id);
    const done = await w.t.json('POST', `/v1/public/sessions/${w.id}/complete`, { transactionId: paid.id }, { ...bearer(w.m.keys.publishable), ...origin });
    expect(await done.json()).toMatchObject({ status: 'succeeded' });
    await saved(w, '4242');
  });

  it('a payment the buyer never came back from, settled by the provider’s event, saves it too', async () => {
    const w = await world(SAVE);
    await payOnProcessor(w.t, w.id);
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 });
    await saved(w, '4242');
  });

  it('saves nothing for a guest session or without consent; the payment is as before', async () => {
    const guest = await world({ setupForFutureUse: 'on_session' });
    expect(await (await complete(guest, (await payOnProcessor(guest.t, guest.id)).id)).json()).toMatchObject({ status: 'succeeded' });
    const noConsent = await world({ buyerId: 'cust_save' });
    expect(await (await complete(noConsent, (await payOnProcessor(noConsent.t, noConsent.id)).id)).json()).toMatchObject({ status: 'succeeded' });
    for (const w of [guest, noConsent]) expect(await w.t.count('payment_methods')).toBe(0);
  });
});

describe('charge and save with a wallet at submit', () => {
  it('a Google Pay payment of an elements session saves the wallet’s card, marked as saved through it', async () => {
    const w = await world({ ...SAVE, successUrl: undefined, integrationMode: 'elements', chargeAtSubmit: true }, { elements: true, chargeAtSubmit: true });
    const paid = await w.t.json('POST', `/v1/public/sessions/${w.id}/charge`, { wallet: { type: 'google_pay', token: 'tok_sandbox_mastercard_4444' } }, { ...bearer(w.m.keys.publishable), ...origin });
    expect(await paid.json()).toMatchObject({ status: 'succeeded' });
    await saved(w, '4444', 'google_pay');
  });
});
