/**
 * Issue 18, finding 1: webhooks cannot reach private networks. Each probe of the review, through the
 * API: private addresses in test and live mode, names that resolve inside the network, a name that
 * changes its answer between the check and the connection (DNS rebinding), the allow-list, and a test
 * send that fails without telling the caller anything about the socket. Names resolve through a
 * stand-in resolver (`deps.webhookNet.resolve`); sends go over real loopback sockets.
 */
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, testApp, webhookReceiver } from '../../testing.ts';

let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
beforeAll(async () => (receiver = await webhookReceiver()));
afterAll(() => receiver.close());
const port = () => new URL(receiver.url).port;

const PUBLIC = '93.184.216.34';
/** A resolver that answers from `zone`; a list is used one answer per look-up, the last one kept. */
function zone(names: Record<string, string | string[]>) {
  const asked: string[] = [];
  const resolve = async (host: string): Promise<LookupAddress[]> => {
    asked.push(host);
    const entry = names[host];
    if (entry === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    const address = Array.isArray(entry) ? (entry.length > 1 ? entry.shift()! : entry[0]!) : entry;
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  return { resolve, asked };
}

async function world(names: Record<string, string | string[]> = {}, env: Record<string, string> = {}) {
  const t = await testApp(env);
  const dns = zone(names);
  t.deps.webhookNet.resolve = dns.resolve;
  const test = await t.merchant();
  const live = await t.merchant({ environment: 'live' });
  const subscribe = async (url: string, livemode = false) => {
    const res = await t.json('POST', '/v1/webhook_subscriptions', { url, enabledEvents: ['charge.succeeded'] }, bearer((livemode ? live : test).keys.secret));
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const sendTest = async (id: string, livemode = false) => {
    const res = await t.json('POST', `/v1/webhook_subscriptions/${id}/send_test_event`, undefined, bearer((livemode ? live : test).keys.secret));
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  return { t, dns, subscribe, sendTest };
}

const refused = { status: 400, body: expect.objectContaining({ code: 'validation_url_scheme_forbidden' }) };

it('test mode: loopback by name is allowed; every other private address is refused, literal or resolved', async () => {
  const w = await world({ 'cache.shop.example': '10.0.0.1', 'meta.shop.example': 'fd00:ec2::254' });
  for (const url of ['http://localhost:4000/hook', 'http://127.0.0.1:4000/hook', 'http://[::1]:4000/hook']) expect((await w.subscribe(url)).status, url).toBe(201);
  for (const url of [
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1:6379/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[fd00::1]/',
    'http://192.168.1.1/',
    'http://cache.shop.example:6379/',
    'http://meta.shop.example/',
    'http://127.0.0.2/',
  ]) {
    expect(await w.subscribe(url), url).toEqual(refused);
  }
});

it('refuses a name that resolves to no address at all', async () => {
  const w = await world();
  w.t.deps.webhookNet.resolve = async () => [];
  expect(await w.subscribe('https://empty.shop.example/hook', true)).toEqual(refused);
  expect(await w.subscribe('http://empty.shop.example/hook')).toEqual(refused);
});

it('live mode: the review’s probes are refused, and a public host is taken', async () => {
  const w = await world({ '127.0.0.1.nip.io': '127.0.0.1', 'hooks.shop.example': PUBLIC, 'v6.shop.example': '2606:4700::1111' });
  for (const url of ['https://[::7f00:1]/', 'https://[64:ff9b::a9fe:a9fe]/', 'https://198.18.0.1/', 'https://127.0.0.1.nip.io/', 'https://localhost/', 'https://unknown.shop.example/']) {
    expect(await w.subscribe(url, true), url).toEqual(refused);
  }
  expect((await w.subscribe('https://hooks.shop.example/hook', true)).status).toBe(201);
  expect((await w.subscribe('https://v6.shop.example/hook', true)).status).toBe(201);
});

it('the allow-list lets a test subscription reach a named host on a private network, never a live one', async () => {
  const w = await world({ 'receiver.internal': '127.0.0.1', 'other.internal': '10.9.8.7' }, { SVCPAY_WEBHOOK_ALLOW_HOSTS: 'Receiver.Internal, 10.20.30.40', SVCPAY_WEBHOOK_TIMEOUT_MS: '300' });
  const sub = await w.subscribe(`http://receiver.internal:${port()}/allowed`);
  expect(sub.status).toBe(201);
  expect((await w.sendTest(sub.body.id)).body).toMatchObject({ delivered: true, status: 200 });
  expect(receiver.hits.some((h) => h.headers.host === `receiver.internal:${port()}`)).toBe(true);
  const literal = await w.subscribe('http://10.20.30.40/hook');
  expect(literal.status).toBe(201);
  expect(await w.subscribe('http://other.internal/hook')).toEqual(refused);
  expect(await w.subscribe('https://receiver.internal/hook', true)).toEqual(refused);
  // Taken off the list: checked again at the send, so not even a connection is tried.
  w.t.deps.webhookNet.allowHosts = [];
  const sent = await w.sendTest(literal.body.id);
  expect(sent.body.error).toMatch(/not sent: the host 10\.20\.30\.40 is a private or reserved address/);
});

it('a name that points inside the network by the time a delivery connects is refused there, and the receiver hears nothing', async () => {
  // Public when the subscription is made; loopback when the delivery's socket looks it up.
  const w = await world({ 'rebind.shop.example': [PUBLIC, '127.0.0.1'] });
  const sub = await w.subscribe(`http://rebind.shop.example:${port()}/rebound`);
  expect(sub.status).toBe(201);
  const before = receiver.hits.length;
  const sent = await w.sendTest(sub.body.id);
  expect(sent).toEqual({ status: 502, body: expect.objectContaining({ code: 'webhook_test_delivery_failed' }) });
  expect(sent.body.error).toMatch(/not on the public internet|private or reserved/);
  expect(receiver.hits.length).toBe(before);
  // Resolved once at the create and once by the socket: a send does not resolve the name twice.
  expect(w.dns.asked.filter((h) => h === 'rebind.shop.example')).toHaveLength(2);
});

it('a test send that cannot connect says so without the address, port or socket error', async () => {
  const w = await world();
  const sub = await w.subscribe('http://127.0.0.1:1/hook');
  const sent = await w.sendTest(sub.body.id);
  expect(sent).toEqual({ status: 502, body: expect.objectContaining({ code: 'webhook_test_delivery_failed' }) });
  const text = JSON.stringify(sent.body);
  for (const leak of ['ECONNREFUSED', '127.0.0.1', ':1']) expect(text).not.toContain(leak);
});
