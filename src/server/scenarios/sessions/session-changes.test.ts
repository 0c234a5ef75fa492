import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';
import { QUIET_PERIOD_MS } from '../../engine/sessions/session-changes.ts';

const ELEMENTS = { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true };
const year = new Date().getUTCFullYear() + 3;
const card = (number: string) => ({ number, expMonth: 12, expYear: year, cvc: '123' });

async function setup(settings: Record<string, unknown> = {}) {
  const t = await testApp({ SVCPAY_RATE_LIMITS: 'off' });
  const { keys } = await t.merchant({ settings });
  const create = async (body: Record<string, unknown> = ELEMENTS) => (await t.json('POST', '/v1/sessions', body, bearer(keys.secret))).json();
  const patch = (id: string, body: unknown) => t.json('PATCH', `/v1/sessions/${id}`, body, bearer(keys.secret));
  const expire = (id: string) => t.json('POST', `/v1/sessions/${id}/expire`, undefined, bearer(keys.secret));
  const charge = (id: string, number: string) => t.json('POST', `/v1/public/sessions/${id}/charge`, { card: card(number) }, { ...bearer(keys.publishable), Origin: SERVICE });
  return { t, keys, create, patch, expire, charge };
}

describe('PATCH /v1/sessions/{id}', () => {
  it('changes the total of an open elements session and answers the write view', async () => {
    const { create, patch } = await setup();
    const s = await create();
    const res = await patch(s.id, { amount: 2100, currency: 'eur', lineItems: [{ name: 'Tee', quantity: 1, unitAmount: 2100 }] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: s.id, amount: 2100, currency: 'EUR', amount_refunded: null, last_payment_error: null });
  });

  it('keeps the currency and line items a PATCH leaves out, and replaces the line items it sends', async () => {
    const { create, patch, t } = await setup();
    const s = await create({ ...ELEMENTS, lineItems: [{ name: 'Mug', quantity: 1, unitAmount: 1500 }] });
    expect((await patch(s.id, { amount: 1800 })).status).toBe(200);
    expect(await t.store.read.sessions.get(s.id)).toMatchObject({ amount: 1800, currency: 'USD', lineItems: [{ name: 'Mug', quantity: 1, unitAmount: 1500 }] });
    expect((await patch(s.id, { amount: 2000, lineItems: [{ name: 'Tee', quantity: 2, unitAmount: 1000 }] })).status).toBe(200);
    expect((await t.store.read.sessions.get(s.id))!.lineItems).toEqual([{ name: 'Tee', quantity: 2, unitAmount: 1000 }]);
  });

  it('refuses with the first reason of Doc 3’s order, and changes nothing', async () => {
    const { create, patch, t } = await setup({ inPageBankCheck: true });
    const reason = async (body: Record<string, unknown>) => {
      const s = await create(body);
      const res = await patch(s.id, { amount: 5 });
      expect(res.status).toBe(409);
      const err = await res.json();
      expect(err.code).toBe('session_not_modifiable');
      expect((await t.store.read.sessions.get(s.id))!.amount).toBe(s.amount);
      return err.reason;
    };
    // A setup session on an embed integration with the bank check on: setup_session comes first.
    expect(await reason({ mode: 'setup', currency: 'usd' })).toBe('setup_session');
    expect(await reason({ amount: 100, currency: 'usd' })).toBe('integration_mode');
    expect(await reason(ELEMENTS)).toBe('in_page_bank_check');
  });

  it('refuses not_open once paid, while a charge runs, and past the time limit; bad input is 400/422', async () => {
    const { create, patch, charge, t } = await setup();
    const paid = await create();
    expect((await charge(paid.id, '4242424242424242')).status).toBe(200);
    expect((await (await patch(paid.id, { amount: 5 })).json()).reason).toBe('not_open');

    const running = await create();
    const slow = t.processor.charge.bind(t.processor);
    let release!: () => void;
    let reached!: () => void;
    const atProcessor = new Promise<void>((r) => (reached = r));
    t.processor.charge = async (...a) => {
      const held = new Promise<void>((r) => (release = r));
      reached();
      await held;
      return slow(...a);
    };
    const inFlight = charge(running.id, '4242424242424242');
    // The charge is at the processor, its lock on the session taken before.
    await atProcessor;
    expect((await (await patch(running.id, { amount: 5 })).json()).reason).toBe('not_open');
    release();
    expect((await (await inFlight).json()).status).toBe('succeeded');
    expect((await t.store.read.sessions.get(running.id))!.amount).toBe(1500);

    const old = await create({ ...ELEMENTS, expiresIn: 300 });
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 301 });
    expect((await (await patch(old.id, { amount: 5 })).json()).reason).toBe('not_open');

    const open = await create();
    expect((await patch(open.id, { amount: 0 })).status).toBe(400);
    expect((await patch(open.id, { amount: 100, currency: 'xyz' })).status).toBe(422);
    expect((await patch(open.id, { currency: 'usd' })).status).toBe(400);
  });
});

describe('POST /v1/sessions/{id}/expire', () => {
  it('closes a pending session (expiredFrom pending) and answers 200 again on a retry', async () => {
    const { create, expire } = await setup();
    const s = await create();
    const first = await expire(s.id);
    expect(await first.json()).toMatchObject({ status: 'expired', expiredFrom: 'pending' });
    expect((await expire(s.id)).status).toBe(200);
  });

  it('refuses a paid session and a session with a charge running', async () => {
    const { create, expire, charge, t } = await setup();
    const paid = await create();
    await charge(paid.id, '4242424242424242');
    expect((await (await expire(paid.id)).json()).code).toBe('session_not_expirable');

    const running = await create();
    await t.store.tx(async (r) => r.sessions.update({ ...(await r.sessions.get(running.id))!, status: 'processing', chargeLock: 'idr_running' }));
    const res = await expire(running.id);
    expect(res.status).toBe(409);
    expect((await res.json()).reason).toBe('payment_may_be_in_flight');
  });

  it('closes a declined charge-at-submit session at once when the decline is the latest attempt (expiredFrom failed)', async () => {
    const { create, expire, charge } = await setup();
    const s = await create();
    expect((await (await charge(s.id, '4000000000000002')).json()).status).toBe('failed');
    expect(await (await expire(s.id)).json()).toMatchObject({ status: 'expired', expiredFrom: 'failed' });
  });

  it('answers 200 again when asked to close a session it closed after a decline (nothing was charged)', async () => {
    const { create, expire, charge } = await setup();
    const s = await create();
    await charge(s.id, '4000000000000002');
    expect((await expire(s.id)).status).toBe(200);
    const again = await expire(s.id);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'expired', expiredFrom: 'failed' });
  });

  it('closes a session re-opened with retry.allowed at once', async () => {
    const { create, expire, charge } = await setup({ sameSessionRetry: 2 });
    const s = await create();
    expect((await (await charge(s.id, '4000000000000002')).json()).retry).toMatchObject({ allowed: true });
    expect(await (await expire(s.id)).json()).toMatchObject({ expiredFrom: 'failed' });
  });

  it('asks for 10 quiet minutes (recent_activity) when the decline may not be the latest attempt', async () => {
    const { create, expire, charge, t } = await setup();
    const s = await create();
    await charge(s.id, '4000000000000002');
    await t.store.tx(async (r) => r.sessions.update({ ...(await r.sessions.get(s.id))!, latestAttemptId: 'idr_newer', updatedAt: t.deps.clock.iso() }));
    const res = await expire(s.id);
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.reason).toBe('recent_activity');
    expect(body.retryAfterSeconds).toBe(QUIET_PERIOD_MS / 1000);
    expect(res.headers.get('retry-after')).toBe(String(QUIET_PERIOD_MS / 1000));
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: QUIET_PERIOD_MS / 1000 });
    expect((await expire(s.id)).status).toBe(200);
  });

  it('refuses a declined session whose hosted page was opened (payment_may_be_in_flight)', async () => {
    const { create, expire, charge, t } = await setup();
    const s = await create();
    await charge(s.id, '4000000000000002');
    await t.store.tx(async (r) => r.sessions.update({ ...(await r.sessions.get(s.id))!, hostedOpenedAt: t.deps.clock.iso() }));
    expect((await (await expire(s.id)).json()).reason).toBe('payment_may_be_in_flight');
  });

  it('refuses again a session that expired from processing, and hides other merchants’ sessions', async () => {
    const { create, expire, t } = await setup();
    const s = await create({ amount: 100, currency: 'usd', expiresIn: 300 });
    await t.json('POST', '/api/checkout/init', { sessionId: s.id }, { Origin: SERVICE });
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 301 });
    const res = await expire(s.id);
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('session_not_expirable');
    const other = (await t.merchant()).keys;
    expect((await t.json('POST', `/v1/sessions/${s.id}/expire`, undefined, bearer(other.secret))).status).toBe(404);
  });
});
