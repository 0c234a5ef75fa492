/**
 * Issue 37: text no store can keep (a NUL character, an unpaired surrogate) is answered as Document 1
 * says, the same on SQLite and on PostgreSQL (`npm run unit:postgres` runs this file there, where
 * each of these was a 500): an id that cannot exist is the route's 404, a query value or a body
 * string is 400 `validation_error` naming it, and nothing is written.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';

const NUL = '%00';
const SURROGATE = '%ED%A0%80'; // the UTF-8 form of a lone U+D800: not Unicode

async function world() {
  const t = await testApp();
  const m = await t.merchant();
  const get = (path: string, key = m.keys.secret) => t.json('GET', path, undefined, bearer(key));
  /** A body sent as typed, escapes and all (JSON.stringify would never write a lone surrogate). */
  const send = (method: string, path: string, raw: string, key = m.keys.secret) =>
    t.app.request(path, { method, headers: { ...bearer(key), 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(raw)) }, body: raw });
  return { t, m, get, send };
}

const envelope = async (res: Response) => ({ status: res.status, code: ((await res.json()) as { code: string }).code });

describe('an id no store can hold names nothing: the route family’s own 404', () => {
  const families: [string, string][] = [
    ['/v1/sessions/{id}', 'session_not_found'],
    ['/v1/public/sessions/{id}', 'session_not_found'],
    ['/v1/payment_intents/{id}', 'payment_intent_not_found'],
    ['/v1/buyers/{id}', 'buyer_not_found'],
    ['/v1/webhook_events/{id}', 'webhook_event_not_found'],
    ['/v1/wallet-domains/{id}', 'wallet_domain_not_found'],
    ['/v1/webhook_subscriptions/{id}', 'webhook_subscription_not_found'],
  ];
  for (const [template, code] of families) {
    it(`GET ${template}`, async () => {
      const { get, m } = await world();
      const key = template.startsWith('/v1/public') ? m.keys.publishable : m.keys.secret;
      for (const id of [NUL, `vp_cs_test_a${NUL}b`, SURROGATE]) {
        expect(await envelope(await get(template.replace('{id}', id), key)), id).toEqual({ status: 404, code });
      }
    });
  }

  it('deeper in the path: a capture, a session expired, a domain verified', async () => {
    const { t, m } = await world();
    const post = (path: string) => t.json('POST', path, {}, bearer(m.keys.secret));
    expect(await envelope(await post(`/v1/payment_intents/${NUL}/capture`))).toEqual({ status: 404, code: 'payment_intent_not_found' });
    expect(await envelope(await post(`/v1/sessions/${NUL}/expire`))).toEqual({ status: 404, code: 'session_not_found' });
    expect(await envelope(await post(`/v1/wallet-domains/${NUL}/verify`))).toEqual({ status: 404, code: 'wallet_domain_not_found' });
  });

  it('authentication is checked first, as for any other id', async () => {
    const { t } = await world();
    expect(await envelope(await t.json('GET', `/v1/sessions/${NUL}`))).toMatchObject({ status: 401 });
  });
});

it('every operation of the contract with an id in its path answers a NUL id without a 500', async () => {
  const { t, m } = await world();
  const doc = (await (await t.app.request('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  const tried: string[] = [];
  for (const [template, ops] of Object.entries(doc.paths)) {
    if (!template.includes('{')) continue;
    for (const method of Object.keys(ops).filter((k) => ['get', 'post', 'patch', 'delete', 'put'].includes(k))) {
      const path = template.replace(/\{[^}]+\}/g, NUL);
      const key = template.startsWith('/v1/public') || template.startsWith('/api/') ? m.keys.publishable : m.keys.secret;
      const headers = { ...bearer(key), Origin: SERVICE, ...(method === 'get' || method === 'delete' ? {} : { 'Idempotency-Key': `k-${tried.length}` }) };
      const res = await t.json(method.toUpperCase(), path, method === 'get' || method === 'delete' ? undefined : {}, headers, template.startsWith('/_sandbox') ? '127.0.0.1' : undefined);
      const text = await res.text();
      expect(res.status === 500 || text.includes('"internal_error"'), `${method.toUpperCase()} ${template}: ${res.status} ${text}`).toBe(false);
      tried.push(`${method} ${template}`);
    }
  }
  expect(tried.length).toBeGreaterThanOrEqual(28);
});

describe('a query value no store can hold is refused', () => {
  it('GET /v1/buyers?external_id= and ?email=', async () => {
    const { get } = await world();
    for (const q of [`external_id=${NUL}`, `email=a${NUL}@b.co`, `external_id=x%00`]) {
      const res = await get(`/v1/buyers?${q}`);
      const body = (await res.json()) as { code: string; error: string };
      expect({ status: res.status, code: body.code }, q).toEqual({ status: 400, code: 'validation_error' });
      expect(body.error).toMatch(/query parameter (external_id|email)/);
    }
  });
});

describe('a body string no store can hold is refused, and nothing is written', () => {
  const cases: [string, string, string, string][] = [
    ['POST', '/v1/buyers', '{"external_id":"x\\u0000","email":"a@b.co"}', 'external_id'],
    ['POST', '/v1/buyers', '{"external_id":"x","name":"Ann\\u0000"}', 'name'],
    ['POST', '/v1/sessions', '{"amount":100,"currency":"usd","metadata":{"order":"x\\u0000y"}}', 'metadata.order'],
    ['POST', '/v1/sessions', '{"amount":100,"currency":"usd","metadata":{"o\\u0000":"y"}}', 'metadata (a key)'],
    ['POST', '/v1/sessions', '{"amount":100,"currency":"usd","metadata":{"order":"\\ud800"}}', 'metadata.order'],
  ];
  for (const [method, path, raw, field] of cases) {
    it(`${method} ${path} ${raw}`, async () => {
      const { t, send } = await world();
      const table = path === '/v1/buyers' ? 'buyers' : 'sessions';
      const before = await t.count(table);
      const res = await send(method, path, raw);
      const body = (await res.json()) as { code: string; error: string };
      expect({ status: res.status, code: body.code }).toEqual({ status: 400, code: 'validation_error' });
      expect(body.error.startsWith(`${field} contains`)).toBe(true);
      expect(await t.count(table)).toBe(before);
    });
  }

  it('a PATCH of a record is refused the same way, and the record is as it was', async () => {
    const { t, m, get, send } = await world();
    const created = (await (await t.json('POST', '/v1/buyers', { external_id: 'b-1', name: 'Ann' }, bearer(m.keys.secret))).json()) as { id: string };
    const res = await send('PATCH', `/v1/buyers/${created.id}`, '{"name":"A\\u0000nn"}');
    expect(await envelope(res)).toEqual({ status: 400, code: 'validation_error' });
    expect(await (await get(`/v1/buyers/${created.id}`)).json()).toMatchObject({ name: 'Ann' });
  });

  it('text every store keeps is taken as sent: accents, emoji, a surrogate pair', async () => {
    const { t, send } = await world();
    const res = await send('POST', '/v1/buyers', '{"external_id":"zoë-😀","name":"Zoë \\ud83d\\ude00"}');
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ external_id: 'zoë-😀', name: 'Zoë 😀' });
    expect(await t.count('buyers')).toBe(1);
  });
});


describe('the pages and the checkout endpoints a buyer’s browser calls', () => {
  it('a hosted page or its old address with such an id is the page’s not-found answer', async () => {
    const { t } = await world();
    for (const path of [`/pay/${NUL}`, `/pay/vp_cs_test_a${NUL}`]) expect((await t.app.request(path)).status, path).toBe(404);
    // The old address sends the buyer on to the page, which answers the same.
    const old = await t.app.request(`/checkout/${NUL}`);
    expect(old.status).toBe(301);
    expect((await t.app.request(new URL(old.headers.get('Location')!, 'http://x').pathname)).status).toBe(404);
  });

  it('POST /api/checkout/init with such a session id is refused, as for any session id that does not exist', async () => {
    const { t, m, send } = await world();
    const res = await send('POST', '/api/checkout/init', '{"sessionId":"vp_cs_test_\\u0000"}', m.keys.publishable);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await t.count('sessions')).toBe(0);
  });
});

describe('routes outside the contract: the sandbox control API and the hosted page’s error reports', () => {
  it('a control route answers such an id with its own not-found, and refuses such body text', async () => {
    const { t } = await world();
    const control = (method: string, path: string, raw?: string) =>
      t.app.request(path, { method, headers: raw === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(raw)) }, body: raw }, { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 50000, remoteFamily: 'IPv4' } } });
    expect(await envelope(await control('GET', `/_sandbox/webhook_subscriptions/${NUL}/deliveries`))).toEqual({ status: 404, code: 'webhook_subscription_not_found' });
    expect(await envelope(await control('POST', `/_sandbox/webhook_deliveries/${NUL}/redeliver`, '{}'))).toEqual({ status: 404, code: 'webhook_event_not_found' });
    expect(await envelope(await control('PATCH', `/_sandbox/merchants/${NUL}`, '{}'))).toEqual({ status: 404, code: 'route_not_found' });
    const merchants = await t.count('merchants');
    expect(await envelope(await control('POST', '/_sandbox/merchants', '{"name":"Shop\\u0000"}'))).toEqual({ status: 400, code: 'validation_error' });
    expect(await t.count('merchants')).toBe(merchants);
  });

  it('POST /api/checkout/client-error refuses such text in its own shape, and stores nothing', async () => {
    const { t } = await world();
    const raw = '{"message":"frame failed \\u0000","context":{"where":"x"}}';
    const res = await t.app.request('/api/checkout/client-error', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(raw)), Origin: SERVICE }, body: raw });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, error: 'message contains a NUL character (\\u0000), which the service cannot store.' });
    expect(await t.count('client_errors')).toBe(0);
  });
});
