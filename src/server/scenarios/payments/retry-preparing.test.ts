/**
 * Doc 1, `retry` (issue 35): `{ allowed: false, attempts_remaining > 0 }` is a session re-opened
 * whose next card form is still preparing. A decline the buyer's page did not wait for (the bank
 * check failed and the provider's event told the service first, while the page is still at the
 * bank) re-opens the session that way; once the page comes back (`complete`) the next card may be
 * tried (`allowed: true`). A decline answered to the waiting page re-opens it ready at once.
 */
import { expect, it } from 'vitest';
import { answerChallenge } from '../../testing.ts';
import { CARD, INSUFFICIENT, SERVICE, bearer, session, testApp } from './payments.fixtures.ts';

const CHALLENGE = { ...CARD, number: '4000000000003220' };
const SHOP = 'http://127.0.0.1:4244';

it('a decline the page did not wait for: re-opened with the next card form preparing, ready once the page is back', async () => {
  const t = await testApp();
  const s = await session(t, {}, { sameSessionRetry: 2 });
  const res = await s.charge(CHALLENGE, { pageOrigin: SHOP });
  const url = (await res.json()).next_action.redirect_to_url.url as string;
  expect((await answerChallenge(t, s.m.merchant.id, url, 'fail')).status).toBe(200);
  // The provider's event is applied on the service clock.
  expect((await t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 })).status).toBe(200);
  expect(await s.read()).toMatchObject({ status: 'pending', retry: { allowed: false, attempts_remaining: 2 }, last_payment_error: { code: 'card_declined' } });
  const failed = (await t.store.read.events.forSession(s.id)).find((e) => e.type === 'charge.failed')!;
  expect(failed.data).toMatchObject({ retry: { allowed: false, attempts_remaining: 2 } });

  const back = await t.json('POST', `/v1/public/sessions/${s.id}/complete`, {}, { ...bearer(s.m.keys.publishable), Origin: SERVICE });
  expect(back.status).toBe(200);
  expect(await s.read()).toMatchObject({ status: 'pending', retry: { allowed: true, attempts_remaining: 2 } });
  expect((await (await s.charge(CARD)).json()).status).toBe('succeeded');
});

it('a page that does not come back: the session reads ready a few seconds after the decline', async () => {
  const t = await testApp();
  const s = await session(t, {}, { sameSessionRetry: 2 });
  const url = (await (await s.charge(CHALLENGE, { pageOrigin: SHOP })).json()).next_action.redirect_to_url.url as string;
  await answerChallenge(t, s.m.merchant.id, url, 'fail');
  expect((await t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 })).status).toBe(200);
  expect(await s.read()).toMatchObject({ retry: { allowed: false, attempts_remaining: 2 } });
  expect((await t.json('POST', '/_sandbox/clock', { advanceSeconds: 5 })).status).toBe(200);
  expect(await s.read()).toMatchObject({ status: 'pending', retry: { allowed: true, attempts_remaining: 2 } });
});

it('a decline answered to the waiting page re-opens the session ready for the next card', async () => {
  const t = await testApp();
  const s = await session(t, {}, { sameSessionRetry: 2 });
  await s.charge(INSUFFICIENT);
  expect(await s.read()).toMatchObject({ status: 'pending', retry: { allowed: true, attempts_remaining: 2 } });
});

it('the buyer closes the bank check and the provider\'s event of it lands first: the page that asked is answered ready for the next card', async () => {
  const t = await testApp();
  const s = await session(t, {}, { sameSessionRetry: 1 });
  await s.charge(CHALLENGE, { pageOrigin: SHOP });
  // The processor sends its event as it ends the check; here it is applied before `complete` settles.
  const cancel = t.processor.cancelChallenge.bind(t.processor);
  t.processor.cancelChallenge = async (m, id) => {
    const ended = await cancel(m, id);
    expect((await t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 })).status).toBe(200);
    return ended;
  };
  const back = await t.json('POST', `/v1/public/sessions/${s.id}/complete`, { cancel: true }, { ...bearer(s.m.keys.publishable), Origin: SERVICE });
  expect(back.status).toBe(200);
  expect(await back.json()).toMatchObject({ status: 'failed', retry: { allowed: true, attempts_remaining: 1 } });
  expect(await s.read()).toMatchObject({ status: 'pending', retry: { allowed: true, attempts_remaining: 1 } });
  expect((await (await s.charge(CARD)).json()).status).toBe('succeeded');
});
