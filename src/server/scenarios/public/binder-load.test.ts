/**
 * `POST /v1/public/binder-load` (Doc 1, Public endpoints: "per-processor element capability map";
 * Rate limits: `publicSessionRead`, shared with the public session read; issue 35): what a merchant
 * page learns before it mounts elements, checked against what a session of the account is applied as.
 */
import { describe, expect, it } from 'vitest';
import { BinderLoad } from '../../../api/binder-load.ts';
import { elementTypes } from '../../../vocab/elements.ts';
import { bearer, testApp } from '../../testing.ts';

type T = Awaited<ReturnType<typeof testApp>>;
const PATH = '/v1/public/binder-load';

/** The map a merchant of these settings and processor gets, and the session it would make when asking for elements at submit. */
async function mapAndSession(t: T, merchant: Record<string, unknown> = {}) {
  const m = await t.merchant(merchant);
  const res = await t.json('POST', PATH, {}, bearer(m.keys.publishable));
  expect(res.status).toBe(200);
  const map = BinderLoad.parse(await res.json());
  const created = await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true }, bearer(m.keys.secret));
  const session = (await created.json()) as { integrationMode: string; chargeAtSubmit: boolean };
  return { m, map, session };
}

const availability = (map: BinderLoad) => Object.fromEntries(elementTypes.map((type) => [type, map.elements[type].unavailable_reason ?? 'available']));
const every = (value: string) => Object.fromEntries(elementTypes.map((type) => [type, value]));

describe('POST /v1/public/binder-load', () => {
  it('maps every element type for the key’s merchant, as its sessions are applied', async () => {
    const t = await testApp();
    const all = await mapAndSession(t);
    expect(all.map).toMatchObject({ object: 'binder_load', livemode: false, binder: 'sandbox', integration_mode: 'elements', charge_at_submit: true });
    expect(availability(all.map)).toEqual(every('available'));
    expect(all.map.elements.card).toEqual({ available: true, unavailable_reason: null });
    expect(all.session).toMatchObject({ integrationMode: all.map.integration_mode, chargeAtSubmit: all.map.charge_at_submit });

    // Without charge at submit a wallet cannot pay; the card fields still vault for the server.
    const noSubmit = await mapAndSession(t, { settings: { chargeAtSubmit: false } });
    expect(availability(noSubmit.map)).toEqual({ ...every('available'), wallet: 'charge_at_submit_not_enabled' });
    expect(noSubmit.session).toMatchObject({ integrationMode: 'elements', chargeAtSubmit: false });
    expect(noSubmit.map.charge_at_submit).toBe(false);

    // Without elements the session is applied as embed, and nothing mounts.
    const noElements = await mapAndSession(t, { settings: { elements: false } });
    expect(noElements.map).toMatchObject({ integration_mode: 'embed', charge_at_submit: false });
    expect(availability(noElements.map)).toEqual(every('elements_not_enabled'));
    expect(noElements.session).toMatchObject({ integrationMode: 'embed', chargeAtSubmit: false });
  });

  it('names the merchant’s processor and mode; an account without one is 409 binder_unavailable', async () => {
    const t = await testApp();
    expect((await mapAndSession(t, { processor: 'card_element' })).map.binder).toBe('card_element');
    const live = await t.merchant({ environment: 'live' });
    expect(BinderLoad.parse(await (await t.json('POST', PATH, undefined, bearer(live.keys.publishable))).json()).livemode).toBe(true);
    const none = await t.merchant({ processor: 'none' });
    const refused = await t.json('POST', PATH, {}, bearer(none.keys.publishable));
    expect([refused.status, (await refused.json()).code]).toEqual([409, 'binder_unavailable']);
  });

  it('takes the publishable key only, and no body fields but the ignored sandbox and mode', async () => {
    const t = await testApp();
    const m = await t.merchant();
    const answer = async (res: Response) => [res.status, res.status === 200 ? 'ok' : (await res.json()).code];
    expect(await answer(await t.json('POST', PATH, {}))).toEqual([401, 'auth_missing_bearer_publishable']);
    expect(await answer(await t.json('POST', PATH, {}, bearer(m.keys.secret)))).toEqual([403, 'auth_key_type_forbidden']);
    expect(await answer(await t.json('POST', PATH, { sessionId: 'vp_cs_test_x' }, bearer(m.keys.publishable)))).toEqual([400, 'validation_unknown_field']);
    expect(await answer(await t.json('POST', PATH, { sandbox: true, mode: 'live' }, bearer(m.keys.publishable)))).toEqual([200, 'ok']);
  });

  it('shares publicSessionRead with the public session read: 80 calls a minute per address', async () => {
    const t = await testApp();
    const m = await t.merchant();
    const pk = bearer(m.keys.publishable);
    const s = await (await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd' }, bearer(m.keys.secret))).json();
    for (let i = 0; i < 40; i++) {
      expect((await t.json('POST', PATH, {}, pk)).status).toBe(200);
      expect((await t.json('GET', `/v1/public/sessions/${s.id}`, undefined, pk)).status).toBe(200);
    }
    for (const over of [await t.json('POST', PATH, {}, pk), await t.json('GET', `/v1/public/sessions/${s.id}`, undefined, pk)]) {
      expect([over.status, (await over.json()).code, over.headers.get('x-ratelimit-remaining')]).toEqual([429, 'rate_limit_exceeded', '0']);
    }
    // Another address has its own 80; the key's 1000 is far off.
    const elsewhere = await t.json('POST', PATH, {}, pk, '203.0.113.9');
    expect([elsewhere.status, elsewhere.headers.get('x-ratelimit-limit')]).toEqual([200, '80']);
  });

  it('is in the contract', async () => {
    const t = await testApp();
    const doc = await (await t.app.request('/openapi.json')).json();
    const op = doc.paths[PATH]?.post;
    expect(op?.responses?.['200']?.content?.['application/json']?.schema).toBeDefined();
    expect(op.security).toEqual([{ publishableKey: [] }]);
  });
});
