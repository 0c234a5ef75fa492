import { describe, expect, it } from 'vitest';
import { SERVICE, answerChallenge, bearer, testApp } from '../../testing.ts';
import { futureExpiry } from '../../../card/test-cards.ts';

const expiry = futureExpiry();
const card = (number: string) => ({ number, expMonth: expiry.month, expYear: expiry.year, cvc: '123' });
const CHALLENGE = card('4000000000003220');
const SHOP = 'http://127.0.0.1:4244';
type T = Awaited<ReturnType<typeof testApp>>;

async function setup(settings: Record<string, unknown> = {}) {
  const t = await testApp();
  const m = await t.merchant({ settings });
  const session = await (await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'eur', integrationMode: 'elements', chargeAtSubmit: true }, bearer(m.keys.secret))).json();
  const pk = bearer(m.keys.publishable);
  const charge = (body: Record<string, unknown>) => t.json('POST', `/v1/public/sessions/${session.id}/charge`, body, { ...pk, Origin: SERVICE });
  const complete = (body: Record<string, unknown> = {}) => t.json('POST', `/v1/public/sessions/${session.id}/complete`, body, { ...pk, Origin: SERVICE });
  const read = async () => (await t.json('GET', `/v1/sessions/${session.id}`, undefined, bearer(m.keys.secret))).json();
  const approved = () => (t.sandbox.db.prepare("SELECT count(*) AS n FROM transactions WHERE status = 'approved'").get() as { n: number }).n;
  return { t, m, session, charge, complete, read, approved };
}

async function challenged(w: Awaited<ReturnType<typeof setup>>) {
  const res = await w.charge({ card: CHALLENGE, pageOrigin: SHOP });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ status: 'requires_action', sessionId: w.session.id, next_action: { type: 'redirect_to_url' } });
  return body.next_action.redirect_to_url.url as string;
}

const answer = (w: { t: T; m: { merchant: { id: string } } }, url: string, result: 'approve' | 'fail') => answerChallenge(w.t, w.m.merchant.id, url, result);

describe('charge at submit with a bank challenge, and POST /v1/public/sessions/{id}/complete', () => {
  it('answers requires_action with the challenge page, which the shop page and the service alone may frame, and returns to the service', async () => {
    const w = await setup();
    const url = await challenged(w);
    expect(new URL(url).origin).toBe('http://127.0.0.1:4243');
    expect(await w.read()).toMatchObject({ status: 'processing', paymentStatus: 'unpaid' });
    const page = await w.t.sandbox.app.request(new URL(url).pathname);
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${SERVICE} ${SHOP}`);
    // The bank sends the buyer back to the service's return page, which tells the shop page.
    const html = await page.text();
    expect(html).toContain('Complete authentication');
    const posted = await w.t.sandbox.app.request(new URL(url).pathname, { method: 'POST', body: 'result=approve', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    const back = new URL(posted.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(`${SERVICE}/frames/challenge-return.html`);
    expect(back.searchParams.get('parentOrigin')).toBe(SHOP);
  });

  it('while the buyer has not answered, complete says the challenge still waits; after approve, succeeded and the session is paid', async () => {
    const w = await setup();
    const url = await challenged(w);
    expect(await (await w.complete()).json()).toMatchObject({ status: 'requires_action', next_action: { redirect_to_url: { url } } });
    expect(w.approved()).toBe(0);
    expect((await answer(w, url, 'approve')).status).toBe(200);
    const done = await w.complete();
    expect(done.status).toBe(200);
    const body = await done.json();
    expect(body).toMatchObject({ status: 'succeeded', sessionId: w.session.id });
    expect(await w.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', paymentIntentId: body.paymentIntentId });
    // Asked again (a reload, a slow second tab): the same answer, nothing charged twice.
    expect(await (await w.complete()).json()).toMatchObject({ status: 'succeeded', paymentIntentId: body.paymentIntentId });
    expect(w.approved()).toBe(1);
  });

  it('a failed authentication is a decline, with the buyer-safe error and retry', async () => {
    const w = await setup({ sameSessionRetry: 2 });
    const url = await challenged(w);
    await answer(w, url, 'fail');
    const body = await (await w.complete()).json();
    expect(body).toMatchObject({ status: 'failed', error: { code: 'card_declined' }, retry: { allowed: true, attempts_remaining: 2 } });
    expect(await w.read()).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
  });

  it('cancel ends a waiting challenge: nothing charged, the bank page is answered, and with retry another card pays', async () => {
    const w = await setup({ sameSessionRetry: 1 });
    const url = await challenged(w);
    const body = await (await w.complete({ cancel: true })).json();
    expect(body).toMatchObject({ status: 'failed', retry: { allowed: true } });
    expect(w.approved()).toBe(0);
    // The bank no longer takes an answer for it: approving later charges nothing.
    expect((await answer(w, url, 'approve')).status).toBe(409);
    expect(w.approved()).toBe(0);
    const paid = await (await w.charge({ card: card('4242424242424242'), pageOrigin: SHOP })).json();
    expect(paid.status).toBe('succeeded');
  });

  it('answers 503 feature_unavailable when the account switched it off, changing nothing', async () => {
    const w = await setup({ completeEndpoint: false });
    await challenged(w);
    const res = await w.complete({ cancel: true });
    expect(res.status).toBe(503);
    expect((await res.json()).code).toBe('feature_unavailable');
    expect(await w.read()).toMatchObject({ status: 'processing' });
  });

  it('refuses a page origin that is not a bare http(s) origin, changing nothing', async () => {
    const w = await setup();
    for (const pageOrigin of ['http://127.0.0.1:4244/path', 'javascript:alert(1)', '*', 'shop.example']) {
      const res = await w.charge({ card: CHALLENGE, pageOrigin });
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('validation_error');
    }
    expect(await w.read()).toMatchObject({ status: 'pending' });
    expect(w.t.sandbox.db.prepare('SELECT count(*) AS n FROM transactions').get()).toEqual({ n: 0 });
  });

  it('with nothing to complete answers 409 session_wrong_state, from the frames or the merchant page alike; an embed session without its transaction 400', async () => {
    const w = await setup();
    const nothing = await w.complete();
    expect(nothing.status).toBe(409);
    expect((await nothing.json()).code).toBe('session_wrong_state');
    const hosted = await (await w.t.json('POST', '/v1/sessions', { amount: 100, currency: 'eur' }, bearer(w.m.keys.secret))).json();
    const res = await w.t.json('POST', `/v1/public/sessions/${hosted.id}/complete`, {}, { ...bearer(w.m.keys.publishable), Origin: SERVICE });
    expect([res.status, (await res.json()).code]).toEqual([400, 'validation_missing_field']);
    // No card data travels here, so the merchant's own page may ask too (embed sessions do).
    const fromShop = await w.t.json('POST', `/v1/public/sessions/${w.session.id}/complete`, {}, { ...bearer(w.m.keys.publishable), Origin: SHOP });
    expect([fromShop.status, (await fromShop.json()).code]).toEqual([409, 'session_wrong_state']);
  });
});
