import { describe, expect, it } from 'vitest';
import { Session } from '../../../api/sessions.ts';
import { bearer, testApp } from '../../testing.ts';

const BODY = { amount: 1999, currency: 'usd', description: 'Tee' };

describe('POST /v1/sessions', () => {
  it('creates a pending session with every documented field and a checkoutUrl', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const res = await t.json('POST', '/v1/sessions', BODY, bearer(keys.secret));
    expect(res.status).toBe(201);
    const s = await res.json();
    Session.strict().extend({ checkoutUrl: Session.shape.id }).parse(s);
    expect(s).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', currency: 'USD', amount: 1999, mode: 'payment', integrationMode: 'embed' });
    expect(s.id).toMatch(/^vp_cs_test_[A-Za-z0-9]{16}$/);
    expect(s.checkoutUrl).toBe(`http://localhost:4242/pay/${s.id}`);
    expect(Date.parse(s.expiresAt) - Date.parse(s.createdAt)).toBe(30 * 60 * 1000);
  });

  it('replays the original for the same Idempotency-Key with 200, and refuses a different body with 422', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const h = { ...bearer(keys.secret), 'Idempotency-Key': 'order-1' };
    const first = await t.json('POST', '/v1/sessions', BODY, h);
    const again = await t.json('POST', '/v1/sessions', BODY, h);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect((await again.json()).id).toBe((await first.json()).id);
    const other = await t.json('POST', '/v1/sessions', { ...BODY, amount: 1 }, h);
    expect(other.status).toBe(422);
    expect((await other.json()).code).toBe('idempotency_replay_incompatible');
  });

  it('validates without creating on dry_run', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const res = await t.json('POST', '/v1/sessions?dry_run=true', BODY, bearer(keys.secret));
    expect(await res.json()).toEqual({ valid: true, warnings: [] });
    expect((await t.query('SELECT count(*) AS n FROM sessions'))[0]).toEqual({ n: 0 });
  });

  it('lets a publishable key create a session but not assert a buyer', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    expect((await t.json('POST', '/v1/sessions', BODY, bearer(keys.publishable))).status).toBe(201);
    const res = await t.json('POST', '/v1/sessions', { ...BODY, buyerEmail: 'a@example.com' }, bearer(keys.publishable));
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('auth_key_type_forbidden');
  });

  it('applies elements and chargeAtSubmit only where the account allows them', async () => {
    const t = await testApp();
    const on = (await t.merchant()).keys;
    const off = (await t.merchant({ settings: { elements: false } })).keys;
    const body = { ...BODY, integrationMode: 'elements', chargeAtSubmit: true };
    expect(await (await t.json('POST', '/v1/sessions', body, bearer(on.secret))).json()).toMatchObject({ integrationMode: 'elements', chargeAtSubmit: true });
    expect(await (await t.json('POST', '/v1/sessions', body, bearer(off.secret))).json()).toMatchObject({ integrationMode: 'embed', chargeAtSubmit: false });
  });

  it('enforces expiresIn bounds, live-mode URL rules, and ignores a mode it does not know', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    expect((await t.json('POST', '/v1/sessions', { ...BODY, expiresIn: 299 }, bearer(keys.secret))).status).toBe(400);
    const live = (await t.merchant({ environment: 'live' })).keys;
    const res = await t.json('POST', '/v1/sessions', { ...BODY, successUrl: 'http://localhost/ok' }, bearer(live.secret));
    expect((await res.json()).code).toBe('validation_url_scheme_forbidden');
    const liveOk = await (await t.json('POST', '/v1/sessions', { ...BODY, successUrl: 'https://shop.example.com/ok' }, bearer(live.secret))).json();
    expect(liveOk.id).toMatch(/^vp_cs_live_/);
    const modeLive = await (await t.json('POST', '/v1/sessions', { ...BODY, mode: 'live' }, bearer(keys.secret))).json();
    expect(modeLive).toMatchObject({ mode: 'payment' });
    expect(modeLive.id).toMatch(/^vp_cs_test_/);
  });

  it('answers 409 binder_unavailable when the account has no processor', async () => {
    const t = await testApp();
    const { keys } = await t.merchant({ processor: 'none' });
    const res = await t.json('POST', '/v1/sessions', BODY, bearer(keys.secret));
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('binder_unavailable');
  });
});

describe('session expiry', () => {
  it('expires an unpaid session once its time passes, on the sweep driven by the sandbox clock', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const s = await (await t.json('POST', '/v1/sessions', { ...BODY, expiresIn: 300 }, bearer(keys.secret))).json();
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 301 });
    const row = (await t.store.read.sessions.get(s.id))!;
    expect(row).toMatchObject({ status: 'expired', expiredFrom: 'pending' });
  });
});
