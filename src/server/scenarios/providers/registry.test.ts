/**
 * A provider added through the registry alone (docs/contributing.md, "Adding a processor"): the
 * tests' own `echo` (src/server/processors/echo.fixtures.ts), given to the app as its provider list,
 * pays a session end to end, and every other field of its entry (webhook check, capabilities, CSP
 * hosts, account keys) is read by the app from that list.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { signatureHeader, SIGNATURE_HEADER } from '../../../platform/signature.ts';
import { putBuilt, tempDists } from '../../../platform/testing.ts';
import { futureExpiry } from '../../../card/test-cards.ts';
import { bearer, SERVICE, testApp } from '../../testing.ts';
import { drainInbound } from '../../engine/webhooks/inbound-events.ts';
import { ECHO_KEYS, ECHO_STAND_IN, echoProvider } from '../../processors/echo.fixtures.ts';
import { PROVIDERS } from '../../processors/registry.ts';

describe('a provider added by the registry alone', () => {
  it('pays a session through a provider added by the registry alone, end to end through the app', async () => {
    const echo = echoProvider();
    const t = await testApp({}, { providers: [...PROVIDERS, echo] });
    expect(t.processor).toBe(echo.adapter);
    const m = await t.merchant();
    const made = await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'eur', integrationMode: 'elements', chargeAtSubmit: true }, bearer(m.keys.secret));
    const session = (await made.json()) as { id: string };
    const { month, year } = futureExpiry();
    const card = { number: '4000000000000002', expMonth: month, expYear: year, cvc: '123' };
    const paid = await t.json('POST', `/v1/public/sessions/${session.id}/charge`, { card }, { ...bearer(m.keys.publishable), Origin: SERVICE });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ status: 'succeeded', sessionId: session.id });
    // A card the sandbox declines (4000…0002) is approved by echo: the charge went to echo alone.
    expect([...echo.adapter.charges.values()]).toEqual([expect.objectContaining({ amount: 2500, sessionId: session.id, card: expect.objectContaining({ last4: '0002' }) })]);
    const read = await (await t.json('GET', `/v1/sessions/${session.id}`, undefined, bearer(m.keys.secret))).json();
    expect(read).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  });

  // Each assertion below fails when its reader takes the service's list instead of the app's.
  it('reads echo’s capabilities, account keys and CSP hosts through the app', async () => {
    const { t } = await echoWorld();
    const platform = await t.merchant();
    const caps = await (await t.json('GET', '/v1/capabilities', undefined, bearer(platform.keys.secret))).json();
    expect(caps.supported_operations).toMatchObject({ mit: false, three_d_secure_2: false }); // the sandbox's row: both true
    // The control API takes echo's keys for a merchant whose mode echo serves, keeping what echo says.
    const made = await t.json('POST', '/_sandbox/merchants', { processor: 'sandbox', providerAccount: ECHO_KEYS });
    expect(made.status).toBe(201);
    const own = await made.json();
    expect(own.providerAccount).toMatchObject({ provider: 'echo', secretLast4: '1234', webhookUrl: `${SERVICE}/api/webhooks/echo_${own.id}` });
    expect((await t.json('POST', '/_sandbox/merchants', { processor: 'sandbox', providerAccount: { ...ECHO_KEYS, secretKey: 'sk_x' } })).status).toBe(400);
    // The hosted page allows echo's stand-in on the platform's account, its own hosts with own keys.
    const policyOf = async (secret: string) => {
      const session = await (await t.json('POST', '/v1/sessions', { amount: 1000, currency: 'usd' }, bearer(secret))).json();
      const res = await t.app.request(`/pay/${session.id}`);
      expect(res.status).toBe(200);
      return res.headers.get('Content-Security-Policy') ?? '';
    };
    const standIn = await policyOf(platform.keys.secret);
    expect(standIn).toContain(`script-src 'self' ${ECHO_STAND_IN};`);
    expect(standIn).not.toContain('echo.example');
    const production = await policyOf(own.keys.secret);
    expect(production).toContain("script-src 'self' https://js.echo.example;");
    expect(production).toContain("connect-src 'self' https://api.echo.example;");
  });

  it('checks echo’s webhooks with echo’s own check, at its gateway and a merchant’s own, and applies them', async () => {
    const { t, echo } = await echoWorld();
    const m = await t.merchant();
    const session = await (await t.json('POST', '/v1/sessions', { amount: 1500, currency: 'eur', integrationMode: 'elements', chargeAtSubmit: true }, bearer(m.keys.secret))).json();
    const { month, year } = futureExpiry();
    const card = { number: '4242424242424242', expMonth: month, expYear: year, cvc: '123' };
    expect((await t.json('POST', `/v1/public/sessions/${session.id}/charge`, { card }, { ...bearer(m.keys.publishable), Origin: SERVICE })).status).toBe(200);
    const post = (gateway: string, body: object, secret?: string) => {
      const raw = JSON.stringify(body);
      const signed: Record<string, string> = secret ? { [SIGNATURE_HEADER]: signatureHeader([secret], raw, Math.floor(Date.now() / 1000)) } : {};
      return t.app.request(`/api/webhooks/${gateway}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...signed }, body: raw });
    };
    const event = { id: 'evt_1', charge: [...echo.adapter.charges.keys()][0] };
    expect(await (await post('echo', event)).json()).toMatchObject({ code: 'webhook_missing_signature' });
    expect(await (await post('echo', event, 'whsec_not_the_platforms')).json()).toMatchObject({ code: 'webhook_invalid_signature' });
    const kept = await post('echo', event, t.deps.providerWebhookSecret);
    expect(await kept.json()).toEqual({ received: true, duplicate: false });
    await drainInbound(t.deps);
    // Applied (the settlement it names was found): a gateway the engine could not read leaves it ignored.
    expect(await t.deps.store.read.inboundEvents.get('echo:evt_1')).toMatchObject({ state: 'applied' });
    // A merchant's own account at echo posts to its own gateway, checked with that account's secret.
    const own = await (await t.json('POST', '/_sandbox/merchants', { processor: 'sandbox', providerAccount: ECHO_KEYS })).json();
    expect(await (await post(`echo_${own.id}`, event, t.deps.providerWebhookSecret)).json()).toMatchObject({ code: 'webhook_invalid_signature' });
    expect(await (await post(`echo_${own.id}`, { ...event, id: 'evt_2' }, ECHO_KEYS.webhookSecret)).json()).toEqual({ received: true, duplicate: false });
  });
});

const dists = tempDists();
afterAll(dists.remove);

/** The app with echo in its providers, serving a hosted page from a fake build. */
async function echoWorld() {
  const dist = dists.make();
  putBuilt(dist, 'app/hosted-page/index.html', '<!doctype html><html><head><!--svcpay-boot--></head><body></body></html>', true);
  const echo = echoProvider();
  return { echo, t: await testApp({ SVCPAY_DIST: dist }, { providers: [...PROVIDERS, echo] }) };
}
