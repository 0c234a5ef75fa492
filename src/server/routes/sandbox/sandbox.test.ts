import { describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';

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
