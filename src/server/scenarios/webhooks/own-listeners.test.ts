/**
 * Issue 32, finding 1: a webhook never reaches the service itself. Property-tested over the
 * spellings of this machine and of the service's own names (hosts) × every port the service
 * listens on (ports), at subscribe (400) and when a delivery connects (not sent, nothing arrives);
 * a receiver of the merchant's on another loopback port still gets its test event; and a failed
 * test send to loopback reads the same whatever the port did, so it scans no ports.
 */
import type { LookupAddress } from 'node:dns';
import { networkInterfaces } from 'node:os';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { bearer, testApp, webhookReceiver } from '../../testing.ts';
import { freePorts } from '../../../platform/ports.ts';
import { sendSigned } from '../../engine/webhooks/webhook-send.ts';
import { WEBHOOK_MARK_HEADER } from '../../../platform/signature.ts';

type Receiver = Awaited<ReturnType<typeof webhookReceiver>>;
/** `service` stands for the service's own listener (its port is PORT); `mine` is the merchant's receiver. */
let service: Receiver, mine: Receiver, t: Awaited<ReturnType<typeof testApp>>, merchant: { secret: string }, closedPort: number;
const portOf = (r: Receiver) => Number(new URL(r.url).port);
/** This machine's own non-loopback address, if it has one (a container's IP): `self.internal` names it. */
const ownInterface = Object.values(networkInterfaces()).flat().find((i) => i && !i.internal && i.family === 'IPv4')?.address ?? '127.0.0.1';
const NAMES: Record<string, string> = { 'localhost.': '127.0.0.1', 'pay.example.test': '93.184.216.34', 'pay.example.test.': '93.184.216.34', 'receiver.internal': '127.0.0.1', 'self.internal': ownInterface, 'zero.internal': '0.0.0.0', 'zero6.internal': '::' };

beforeAll(async () => {
  [service, mine] = await Promise.all([webhookReceiver(), webhookReceiver()]);
  [closedPort] = (await freePorts(1)) as [number];
});
// An app per test: on PostgreSQL (`npm run unit:postgres`) each test app's database closes after its test.
beforeEach(async () => {
  t = await testApp({
    PORT: String(portOf(service)),
    SVCPAY_PUBLIC_URL: 'https://pay.example.test',
    SVCPAY_INSTANCE_PORTS: '4250,4251',
    // Where a processor that runs alone sends its events: set, since unset it now follows PORT and the public URL (issue 36).
    SVCPAY_SERVICE_URL: 'http://localhost:4242',
    // Allow-listed names and literals that are this machine: the list lets a test webhook reach them, but never on an own port.
    SVCPAY_WEBHOOK_ALLOW_HOSTS: 'receiver.internal,self.internal,zero.internal,zero6.internal,0.0.0.0,[::7f00:9],[::ffff:7f00:1],127.0.0.9',
    SVCPAY_WEBHOOK_TIMEOUT_MS: '1500', // generous: a loaded CI machine must not turn the legitimate receiver's answer into a late one
    // Hundreds of subscriptions in a second: Doc 1's write bucket would answer 429.
    SVCPAY_RATE_LIMITS: 'off',
  });
  t.deps.webhookNet.resolve = async (host): Promise<LookupAddress[]> => {
    const address = NAMES[host];
    if (address === undefined) throw new Error(`ENOTFOUND ${host}`);
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  merchant = { secret: (await t.merchant()).keys.secret };
});
afterAll(() => Promise.all([service.close(), mine.close()]));

const byte = fc.integer({ min: 0, max: 255 });
const low24 = fc.integer({ min: 0, max: 0xffffff });
/** Every way the review and the WHATWG URL parser let one write this machine or the service's names; the allow-listed ones last. */
const SPELLINGS = [
  ...['localhost', 'LOCALHOST', 'localhost.', 'LocalHost.', '127.0.0.1', '127.0.0.1.', '127.1', '127.0.1', '2130706433', '0x7f000001', '0x7F.1', '0177.0.0.1', '017700000001', '127.000.000.001'],
  ...['[::1]', '[0:0:0:0:0:0:0:1]', '[::0:1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::]', '0', '[::7f00:1]', ownInterface],
  ...['pay.example.test', 'PAY.Example.Test', 'pay.example.test.'],
  ...['receiver.internal', 'self.internal', 'zero.internal', 'zero6.internal', '0.0.0.0', '127.0.0.9', '[::7f00:9]'],
];
const HOSTS = fc.oneof(
  fc.constantFrom(...SPELLINGS),
  fc.tuple(byte, byte, byte).map(([a, b, c]) => `127.${a}.${b}.${c}`),
  fc.tuple(byte, byte, byte).map(([a, b, c]) => `[::ffff:127.${a}.${b}.${c}]`),
  low24.map((n) => String(0x7f000000 + n)),
  low24.map((n) => `0x${(0x7f000000 + n).toString(16)}`),
  fc.tuple(byte, byte, byte).map(([a, b, c]) => `0177.0${a.toString(8)}.0${b.toString(8)}.0${c.toString(8)}`),
);
const target = (host: string, port: number, zeros: string, https: boolean) => {
  const p = port || portOf(service);
  const spelled = https && p === 443 && zeros === '' ? '' : `:${zeros}${p}`;
  return `${https ? 'https' : 'http'}://${host}${spelled}/_sandbox/merchants/vp_m_victim/rotate_keys`;
};
/** The service's own ports (PORT, the processor, the demo shop, both stand-ins, the instances, the public URL's and SVCPAY_SERVICE_URL's), written with or without leading zeros; https's 443 also left out. */
const TARGETS = fc
  .record({ host: HOSTS, port: fc.constantFrom(0, 4242, 4243, 4244, 4245, 4246, 4250, 4251, 443), zeros: fc.constantFrom('', '0', '00'), https: fc.boolean() })
  .map(({ host, port, zeros, https }) => target(host, port, zeros, https));
/** Each spelling at least once, on the port the stand-in service really listens on. */
const settings = () => ({ numRuns: 300, examples: SPELLINGS.map((h) => [target(h, 0, '', false)] as [string]) });

const subscribe = async (url: string, key = merchant.secret) => {
  const res = await t.json('POST', '/v1/webhook_subscriptions', { url, enabledEvents: ['charge.succeeded'] }, bearer(key));
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
const sendTest = async (id: string) => {
  const res = await t.json('POST', `/v1/webhook_subscriptions/${id}/send_test_event`, undefined, bearer(merchant.secret));
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

it('refuses the service’s own listeners at subscribe, in every spelling of host and port, with 400 validation_url_scheme_forbidden', async () => {
  await fc.assert(
    fc.asyncProperty(TARGETS, async (url) => {
      expect(() => new URL(url)).not.toThrow();
      expect(await subscribe(url), url).toEqual({ status: 400, body: expect.objectContaining({ code: 'validation_url_scheme_forbidden' }) });
    }),
    settings(),
  );
});

it('refuses them again when a delivery connects, and the service’s listener hears nothing', async () => {
  await fc.assert(
    fc.asyncProperty(TARGETS, async (url) => {
      const sent = await sendSigned(t.deps.webhookNet, { url, livemode: false, merchantId: 'm_probe' }, '{}', ['whsec_test'], 300);
      expect(sent, url).toMatchObject({ status: null, delivered: false, error: expect.stringMatching(/^not sent: /) });
    }),
    settings(),
  );
  expect(service.hits).toEqual([]);
});

it('a receiver of the merchant’s on another loopback port still gets its test event, marked as a webhook', async () => {
  for (const host of ['localhost', '127.0.0.1']) {
    const sub = await subscribe(`http://${host}:${portOf(mine)}/hooks/${host}`);
    expect(sub.status).toBe(201);
    expect(await sendTest(sub.body.id)).toEqual({ status: 200, body: expect.objectContaining({ delivered: true, status: 200 }) });
  }
  expect(mine.hits.at(-1)?.headers[WEBHOOK_MARK_HEADER]).toBe('1');
});

it('a failed test send to loopback reads the same whether the port is closed, answers 404 or 500, or answers too late', async () => {
  const closed = await subscribe(`http://127.0.0.1:${closedPort}/hook`);
  const open = await subscribe(`http://localhost:${portOf(mine)}/uniform`);
  const named = await subscribe(`http://receiver.internal:${portOf(mine)}/uniform`);
  const answers: unknown[] = [await sendTest(closed.body.id)];
  for (const [answer, delayMs] of [[404, 0], [500, 0], [200, 2000]] as const) {
    Object.assign(mine.state, { answer, delayMs });
    answers.push(await sendTest(open.body.id), await sendTest(named.body.id));
  }
  Object.assign(mine.state, { answer: 200, delayMs: 0 });
  expect(answers[0]).toMatchObject({ status: 502, body: { code: 'webhook_test_delivery_failed' } });
  expect(JSON.stringify(answers[0])).not.toMatch(/HTTP|404|500|\d+ ms|connect/);
  for (const a of answers) expect(a).toEqual(answers[0]);
});
