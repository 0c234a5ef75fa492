/**
 * Doc 1, Global conventions ("Mode (sandbox or live)"): request bodies have no `sandbox` or `mode`
 * field; one sent is ignored, and the mode stays the key's (issue 35). Any other unknown field is
 * still `validation_unknown_field`, and the contract lists neither as a field.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';

type Json = Record<string, any>;
const IGNORED = { sandbox: true, mode: 'live' };

describe('a body’s sandbox and mode fields are ignored', () => {
  it('on tokens, intents, capture, refunds, buyers, webhook subscriptions and session changes: accepted, in the key’s mode', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const sk = bearer(keys.secret);
    const call = async (method: string, path: string, body: Json) => {
      const res = await t.json(method, path, { ...body, ...IGNORED }, sk);
      return { status: res.status, body: (await res.json()) as Json };
    };
    const token = await call('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' });
    expect([token.status, token.body.id]).toEqual([201, expect.stringMatching(/^vp_pmt_test_/)]);
    expect((await call('PATCH', `/v1/tokens/${token.body.id}`, { billing_address: null })).status).toBe(200);
    const intent = await call('POST', '/v1/payment_intents', { amount: 1500, currency: 'usd', payment_method: { id: token.body.id }, capture_method: 'manual' });
    expect(intent.status).toBe(201);
    expect(intent.body).toMatchObject({ status: 'authorized', livemode: false });
    expect((await call('POST', `/v1/payment_intents/${intent.body.id}/capture`, {})).body).toMatchObject({ status: 'succeeded' });
    const refund = await call('POST', '/v1/refunds', { payment_intent: intent.body.id, amount: 500 });
    expect([refund.status, refund.body.id]).toEqual([201, expect.stringMatching(/^vpr_test_/)]);
    const buyer = await call('POST', '/v1/buyers', { external_id: 'cust_1', email: 'ann@example.com' });
    expect([buyer.status, buyer.body.id]).toEqual([201, expect.stringMatching(/^vp_by_test_/)]);
    expect((await call('PATCH', `/v1/buyers/${buyer.body.id}`, { company: 'Acme' })).body).toMatchObject({ company: 'Acme' });
    const hook = await call('POST', '/v1/webhook_subscriptions', { url: 'http://localhost:9/hooks', enabledEvents: ['charge.succeeded'] });
    expect(hook.status).toBe(201);
    expect((await call('PATCH', `/v1/webhook_subscriptions/${hook.body.id}`, { description: 'shop' })).status).toBe(200);
    const session = await call('POST', '/v1/sessions', { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: false });
    expect([session.status, session.body.id, session.body.mode]).toEqual([201, expect.stringMatching(/^vp_cs_test_/), 'payment']);
    expect((await call('PATCH', `/v1/sessions/${session.body.id}`, { amount: 2000 })).body).toMatchObject({ amount: 2000 });
    // A session's own `mode` (Doc 3: payment or setup) is a field of its create, not the ignored one.
    const setup = await t.json('POST', '/v1/sessions', { currency: 'usd', mode: 'setup', sandbox: true }, sk);
    expect(await setup.json()).toMatchObject({ mode: 'setup' });
  });

  it('with a live key, `sandbox: true` leaves the buyer and the session live', async () => {
    const t = await testApp();
    const { keys } = await t.merchant({ environment: 'live' });
    const sk = bearer(keys.secret);
    const buyer = (await (await t.json('POST', '/v1/buyers', { email: 'ann@example.com', sandbox: true, mode: 'test' }, sk)).json()) as Json;
    expect(buyer.id).toMatch(/^vp_by_live_/);
    const session = (await (await t.json('POST', '/v1/sessions', { amount: 100, currency: 'usd', sandbox: true }, sk)).json()) as Json;
    expect(session.id).toMatch(/^vp_cs_live_/);
  });

  it('on the browser’s routes too: a client-error report with them is kept', async () => {
    const t = await testApp();
    const res = await t.json('POST', '/api/checkout/client-error', { message: 'fields did not mount', ...IGNORED }, { Origin: SERVICE });
    expect([res.status, await res.json()]).toEqual([200, { ok: true }]);
  });

  it('any other unknown field is still 400 validation_unknown_field, naming that field only, and nothing is stored', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const sk = bearer(keys.secret);
    for (const [path, body] of [
      ['/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }],
      ['/v1/buyers', { email: 'ann@example.com' }],
      ['/v1/refunds', { payment_intent: 'vp_pi_test_x', amount: 1 }],
    ] as const) {
      const res = await t.json('POST', path, { ...body, ...IGNORED, colour: 'red' }, sk);
      const answer = (await res.json()) as Json;
      expect([res.status, answer.code], path).toEqual([400, 'validation_unknown_field']);
      expect(answer.error, path).toContain('colour');
      expect(answer.error, path).not.toMatch(/sandbox|mode/);
    }
    expect(await t.count('payment_methods')).toBe(0);
    expect(await t.count('buyers')).toBe(0);
  });

  it('the contract lists no `sandbox` field on any request body, and `mode` only as a session’s (payment or setup)', async () => {
    const t = await testApp();
    const doc = (await (await t.json('GET', '/openapi.json')).json()) as Json;
    const owners: string[] = [];
    const seen = new Set<unknown>();
    // Every schema a request body reaches, through its $refs.
    const walk = (node: unknown, where: string) => {
      if (node === null || typeof node !== 'object' || seen.has(node)) return;
      seen.add(node);
      const ref = (node as Json).$ref as string | undefined;
      if (ref) return walk(doc.components.schemas[ref.split('/').pop()!], ref);
      for (const f of ['sandbox', 'mode']) if ((node as Json).properties?.[f]) owners.push(`${where} ${f}`);
      for (const v of Object.values(node)) walk(v, where);
    };
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json)) walk((op as Json).requestBody, `${method} ${path}`);
    }
    expect(owners).toEqual(['post /v1/sessions mode']);
  });
});
