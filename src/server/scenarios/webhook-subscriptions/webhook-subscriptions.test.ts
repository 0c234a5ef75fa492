/**
 * Webhook subscriptions and events (Doc 2; Doc 3, Webhooks): what a merchant's server sees when it
 * subscribes, rotates its secret, sends a test event to a real local receiver, and reads an event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testApp, webhookReceiver, type ReceivedWebhook } from '../../testing.ts';
import { SIGNATURE_HEADER, verifySignature } from '../../../platform/signature.ts';

let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let base: string;
beforeAll(async () => {
  receiver = await webhookReceiver();
  base = receiver.url;
});
afterAll(() => receiver.close());
async function setup() {
  const t = await testApp();
  const m = await t.merchant();
  const h = bearer(m.keys.secret);
  const subscribe = (body: Record<string, unknown>) => t.json('POST', '/v1/webhook_subscriptions', { enabledEvents: ['charge.succeeded'], ...body }, h);
  return { t, m, h, subscribe };
}

describe('webhook subscriptions', () => {
  it('shows the whsec_ secret on create only, and lists subscriptions newest first', async () => {
    const { t, h, subscribe } = await setup();
    const created = await subscribe({ url: `${base}/a`, description: 'orders' });
    expect(created.status).toBe(201);
    const a = await created.json();
    expect(a).toEqual({ id: expect.stringMatching(/^vp_whs_test_/), url: `${base}/a`, enabledEvents: ['charge.succeeded'], description: 'orders', status: 'enabled', createdAt: expect.any(String), secret: expect.stringMatching(/^whsec_/) });
    const read = await (await t.json('GET', `/v1/webhook_subscriptions/${a.id}`, undefined, h)).json();
    expect(read.secret).toBeUndefined();
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 });
    const b = await (await subscribe({ url: `${base}/b` })).json();
    const list = await (await t.json('GET', '/v1/webhook_subscriptions', undefined, h)).json();
    expect(list).toMatchObject({ data: [{ id: b.id }, { id: a.id }], has_more: false });
    expect(JSON.stringify(list)).not.toContain('whsec_');
    expect(JSON.stringify((await t.query('SELECT data FROM webhook_subscriptions')))).not.toContain(a.secret);
  });

  it('allows one subscription per URL, and the URL again once it is deleted', async () => {
    const { t, h, subscribe } = await setup();
    const a = await (await subscribe({ url: `${base}/one` })).json();
    const again = await subscribe({ url: `${base}/one` });
    expect([again.status, (await again.json()).code]).toEqual([409, 'webhook_subscription_conflict']);
    expect(await (await t.json('DELETE', `/v1/webhook_subscriptions/${a.id}`, undefined, h)).json()).toEqual({ id: a.id, deleted: true });
    expect((await t.json('GET', `/v1/webhook_subscriptions/${a.id}`, undefined, h)).status).toBe(404);
    expect((await subscribe({ url: `${base}/one` })).status).toBe(201);
  });

  it('changes events, description and status, but never the url', async () => {
    const { t, h, subscribe } = await setup();
    const a = await (await subscribe({ url: `${base}/p` })).json();
    const moved = await t.json('PATCH', `/v1/webhook_subscriptions/${a.id}`, { url: `${base}/elsewhere` }, h);
    expect([moved.status, (await moved.json()).code]).toEqual([400, 'webhook_subscription_url_immutable']);
    const changed = await (await t.json('PATCH', `/v1/webhook_subscriptions/${a.id}`, { url: a.url, enabledEvents: ['charge.failed', 'charge.refunded'], status: 'disabled', description: null }, h)).json();
    expect(changed).toMatchObject({ url: a.url, enabledEvents: ['charge.failed', 'charge.refunded'], status: 'disabled', description: null });
  });

  it('takes its own url spelt another way as the same url (issue 35)', async () => {
    const { t, h, subscribe } = await setup();
    const a = await (await subscribe({ url: 'http://127.0.0.1/hooks' })).json();
    const b = await (await subscribe({ url: 'http://127.0.0.1:8080' })).json();
    expect([a.url, b.url]).toEqual(['http://127.0.0.1/hooks', 'http://127.0.0.1:8080/']);
    // Scheme in capitals, the default port written out; an empty path for `/`.
    for (const [id, url] of [[a.id, 'HTTP://127.0.0.1:80/hooks'], [b.id, 'Http://127.0.0.1:8080']]) {
      const res = await t.json('PATCH', `/v1/webhook_subscriptions/${id}`, { url, description: 'same url' }, h);
      expect([res.status, await res.json()], url).toEqual([200, expect.objectContaining({ id, description: 'same url' })]);
    }
    // A path is not a spelling: another path is another URL.
    const moved = await t.json('PATCH', `/v1/webhook_subscriptions/${a.id}`, { url: 'http://127.0.0.1/hooks/' }, h);
    expect([moved.status, (await moved.json()).code]).toEqual([400, 'webhook_subscription_url_immutable']);
  });

  it('takes http and loopback URLs in test mode only; live needs https on a public host', async () => {
    const { t, subscribe } = await setup();
    expect((await subscribe({ url: 'http://127.0.0.1:9/hook' })).status).toBe(201);
    expect((await (await subscribe({ url: 'ftp://hooks.example.com/x' })).json()).code).toBe('validation_url_scheme_forbidden');
    const live = await t.merchant({ environment: 'live' });
    const sub = (url: string) => t.json('POST', '/v1/webhook_subscriptions', { url, enabledEvents: ['charge.succeeded'] }, bearer(live.keys.secret));
    for (const url of ['http://hooks.example.com/x', 'https://127.0.0.1/x', 'https://10.1.2.3/x', 'https://192.168.0.4/x', 'https://localhost/x', 'https://[::1]/x', 'https://169.254.169.254/latest']) {
      const res = await sub(url);
      expect([res.status, (await res.json()).code], url).toEqual([400, 'validation_url_scheme_forbidden']);
    }
    // A public host (its name resolves to a public address: a stand-in resolver, the tests are offline).
    t.deps.webhookNet.resolve = async () => [{ address: '93.184.216.34', family: 4 }];
    expect((await sub('https://hooks.example.com/x')).status).toBe(201);
  });

  it('keeps another merchant’s subscription out of reach, and refuses a publishable key', async () => {
    const { t, m, subscribe } = await setup();
    const a = await (await subscribe({ url: `${base}/mine` })).json();
    const other = await t.merchant();
    expect((await t.json('GET', `/v1/webhook_subscriptions/${a.id}`, undefined, bearer(other.keys.secret))).status).toBe(404);
    expect((await t.json('GET', '/v1/webhook_subscriptions', undefined, bearer(m.keys.publishable))).status).toBe(403);
  });
});

describe('signing, rotation and the test event', () => {
  const sigOf = (r: ReceivedWebhook) => String(r.headers[SIGNATURE_HEADER]);

  it('signs a test event with the secret, and after a rotation with both (new first) for 24 hours of clock', async () => {
    const { t, h, subscribe } = await setup();
    const a = await (await subscribe({ url: `${base}/signed` })).json();
    receiver.state.answer = 200;
    receiver.hits.length = 0;
    const sent = await (await t.json('POST', `/v1/webhook_subscriptions/${a.id}/send_test_event`, undefined, h)).json();
    expect(sent).toMatchObject({ delivered: true, status: 200, type: 'charge.succeeded' });
    const first = receiver.hits[0]!;
    expect(JSON.parse(first.body)).toMatchObject({ id: sent.id, type: 'charge.succeeded', test_event: true, livemode: false });
    const now = Math.floor(Date.now() / 1000);
    expect(verifySignature(sigOf(first), [a.secret], first.body, now)).toBe(true);
    expect(verifySignature(sigOf(first), ['whsec_wrong'], first.body, now)).toBe(false);

    const rotated = await (await t.json('POST', `/v1/webhook_subscriptions/${a.id}/rotate_signing_secret`, undefined, h)).json();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(a.secret);
    await t.json('POST', `/v1/webhook_subscriptions/${a.id}/send_test_event`, undefined, h);
    const both = receiver.hits[1]!;
    const v1 = sigOf(both).split(',').filter((p) => p.startsWith('v1='));
    expect(v1).toHaveLength(2);
    expect(verifySignature(`t=${sigOf(both).split(',')[0]!.slice(2)},${v1[0]}`, [rotated.secret], both.body, now)).toBe(true);
    expect(verifySignature(`t=${sigOf(both).split(',')[0]!.slice(2)},${v1[1]}`, [a.secret], both.body, now)).toBe(true);

    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 24 * 3600 + 1 });
    await t.json('POST', `/v1/webhook_subscriptions/${a.id}/send_test_event`, undefined, h);
    const later = receiver.hits[2]!;
    expect(sigOf(later).split(',').filter((p) => p.startsWith('v1='))).toHaveLength(1);
    expect(verifySignature(sigOf(later), [rotated.secret], later.body, now)).toBe(true);
    expect(verifySignature(sigOf(later), [a.secret], later.body, now)).toBe(false);
  });

  it('answers 502 when a receiver refuses or the URL does not answer; on loopback without the receiver’s status (issue 32, finding 1)', async () => {
    const { t, h, subscribe } = await setup();
    const a = await (await subscribe({ url: `${base}/down` })).json();
    receiver.state.answer = 503;
    const refused = await t.json('POST', `/v1/webhook_subscriptions/${a.id}/send_test_event`, undefined, h);
    const body = await refused.json();
    expect([refused.status, body]).toEqual([502, expect.objectContaining({ code: 'webhook_test_delivery_failed', error: expect.stringContaining('did not answer 2xx') })]);
    expect(body.error).not.toContain('503');
    receiver.state.answer = 200;
    const closed = await (await subscribe({ url: 'http://127.0.0.1:9/nothing-listens' })).json();
    const res = await t.json('POST', `/v1/webhook_subscriptions/${closed.id}/send_test_event`, undefined, h);
    expect([res.status, (await res.json()).code]).toEqual([502, 'webhook_test_delivery_failed']);
    // A test event is not an event of the account.
    expect((await t.count('events'))).toBe(0);
  });
});

describe('GET /v1/webhook_events/{id}', () => {
  it('reads an event as webhooks deliver it, for its own merchant only', async () => {
    const { t, m, h } = await setup();
    const token = await (await t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, h)).json();
    const pi = await (await t.json('POST', '/v1/payment_intents', { amount: 700, currency: 'usd', payment_method: { id: token.id } }, h)).json();
    const { id } = (await t.query("SELECT id FROM events WHERE type = 'charge.succeeded'"))[0] as { id: string };
    const event = await (await t.json('GET', `/v1/webhook_events/${id}`, undefined, h)).json();
    expect(event).toEqual({ id, type: 'charge.succeeded', created: expect.any(Number), sequence: expect.any(Number), livemode: false, merchant_id: m.merchant.id, data: expect.objectContaining({ payment_intent_id: pi.id, amount: 700 }) });
    const other = await t.merchant();
    const res = await t.json('GET', `/v1/webhook_events/${id}`, undefined, bearer(other.keys.secret));
    expect([res.status, (await res.json()).code]).toEqual([404, 'webhook_event_not_found']);
  });
});
