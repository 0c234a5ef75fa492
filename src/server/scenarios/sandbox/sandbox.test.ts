import { describe, expect, it } from 'vitest';
import { bearer, fromIp, testApp } from '../../testing.ts';

describe('/_sandbox/merchants', () => {
  it('creates a merchant with Doc 3 defaults and working keys', async () => {
    const t = await testApp();
    const res = await t.json('POST', '/_sandbox/merchants', { settings: { sameSessionRetry: 2 } });
    expect(res.status).toBe(201);
    const m = await res.json();
    expect(m).toMatchObject({ environment: 'sandbox', keys: { secret: expect.stringMatching(/^vp_sk_test_/), publishable: expect.stringMatching(/^vp_pk_test_/) } });
    expect((await t.json('POST', '/v1/sessions', { amount: 100, currency: 'usd' }, bearer(m.keys.secret))).status).toBe(201);
  });

  it('PATCH merges the settings sent and keeps every other setting as it was', async () => {
    const t = await testApp();
    const m = await (await t.json('POST', '/_sandbox/merchants', { settings: { sameSessionRetry: 2, shipping: 'required', displayName: 'Shop A' } })).json();
    const res = await t.json('PATCH', `/_sandbox/merchants/${m.id}`, { settings: { phone: 'auto' } });
    expect(res.status).toBe(200);
    expect((await res.json()).settings).toMatchObject({ sameSessionRetry: 2, shipping: 'required', displayName: 'Shop A', phone: 'auto' });
    // …and sessions created afterwards see the merged account settings.
    const s = await (await t.json('POST', '/v1/sessions', { amount: 100, currency: 'usd' }, bearer(m.keys.secret))).json();
    expect(s).toMatchObject({ shipping: 'required', phone: 'auto' });
  });

  it('applies requiredBuyerFields to every session, and raises a weaker publishable-key request to the account setting', async () => {
    const t = await testApp();
    const m = await (await t.json('POST', '/_sandbox/merchants', { settings: { billingAddress: 'required', requiredBuyerFields: ['phone', 'email'] } })).json();
    const body = { amount: 100, currency: 'usd', billingAddress: 'none', phone: 'none' };
    const viaPk = await (await t.json('POST', '/v1/sessions', body, bearer(m.keys.publishable))).json();
    expect(viaPk).toMatchObject({ billingAddress: 'required', phone: 'required', emailCollection: 'required' });
    // A secret key may ask for less than the account default, but never less than a required field.
    const viaSk = await (await t.json('POST', '/v1/sessions', body, bearer(m.keys.secret))).json();
    expect(viaSk).toMatchObject({ billingAddress: 'none', phone: 'required' });
  });

  it('refuses an unknown merchant and an unknown setting, and changes nothing', async () => {
    const t = await testApp();
    expect((await t.json('PATCH', '/_sandbox/merchants/nope', { settings: { phone: 'auto' } })).status).toBe(404);
    const m = await (await t.json('POST', '/_sandbox/merchants', {})).json();
    const bad = await t.json('PATCH', `/_sandbox/merchants/${m.id}`, { settings: { phone: 'always' } });
    expect(bad.status).toBe(400);
    const unknown = await t.json('PATCH', `/_sandbox/merchants/${m.id}`, { settings: { colour: 'red' } });
    expect((await unknown.json()).code).toBe('validation_unknown_field');
    expect((await t.store.read.merchants.get(m.id))!.settings.phone).toBe('none');
  });
});

/** What the webhook sender posts (engine/webhooks/webhook-subscriptions.ts, sendTestEvent). */
const ENVELOPE = { id: 'evt_test_1', type: 'charge.succeeded', created: 1, livemode: false, test_event: true, merchant_id: 'm', data: { amount: 0 } };

describe('control routes take only the bodies they expect (issue 32, finding 1)', () => {
  it('refuses a webhook event envelope on rotate_keys, PATCH, the clock, faults and provider events with 400, and changes nothing', async () => {
    const t = await testApp();
    const m = await t.merchant();
    const clock = t.deps.clock.nowMs();
    for (const [method, path] of [
      ['POST', `/_sandbox/merchants/${m.merchant.id}/rotate_keys`],
      ['PATCH', `/_sandbox/merchants/${m.merchant.id}`],
      ['POST', '/_sandbox/merchants'],
      ['POST', '/_sandbox/clock'],
      ['POST', '/_sandbox/faults'],
      ['POST', '/_sandbox/provider_events'],
      ['POST', '/_sandbox/faults/f_1/release'],
      ['POST', '/_sandbox/webhook_deliveries/d_1/redeliver'],
      ['POST', '/_sandbox/stores/platform_a/x/switches'],
    ] as const) {
      const res = await t.json(method, path, ENVELOPE);
      expect(res.status, path).toBe(400);
      expect((await res.json()).code, path).toBe('validation_unknown_field');
    }
    expect((await t.store.read.merchants.findKey(m.keys.secret))?.expiresAt).toBeNull();
    expect(await t.count('merchants')).toBe(1);
    expect(t.deps.clock.nowMs() - clock).toBeLessThan(60_000);
  });

  it('rotate_keys takes `{}` or no body at all, and nothing else', async () => {
    const t = await testApp();
    const m = await t.merchant();
    const unknown = await t.json('POST', `/_sandbox/merchants/${m.merchant.id}/rotate_keys`, { keys: 'mine' });
    expect((await unknown.json()).code).toBe('validation_unknown_field');
    expect((await t.json('POST', `/_sandbox/merchants/${m.merchant.id}/rotate_keys`, [])).status).toBe(400);
    expect((await t.json('POST', `/_sandbox/merchants/${m.merchant.id}/rotate_keys`, {})).status).toBe(200);
    const bare = await t.app.request(`/_sandbox/merchants/${m.merchant.id}/rotate_keys`, { method: 'POST', headers: { 'Content-Type': 'application/json' } }, fromIp('127.0.0.1'));
    expect(bare.status).toBe(200);
  });
});
