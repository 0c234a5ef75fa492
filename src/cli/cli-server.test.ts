/**
 * The CLI against a real server started as `npx svcpay` starts it (startSvcPay), each command run
 * as a child process (`node bin/svcpay.js …`) the way a merchant's shell runs it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSvcPay } from '../../embed/testing/server.ts';
import type { SvcPayServer } from '../../embed/testing/types.js';
import { runCli, spawnCli, watch } from './cli.fixtures.ts';

let server: SvcPayServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startSvcPay();
  env = { SVCPAY_URL: server.serviceUrl };
}, 120_000);
afterAll(() => server?.stop());

async function api(method: string, path: string, secret: string, body?: unknown) {
  const res = await fetch(`${server.serviceUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${secret}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function newMerchant(): Promise<{ id: string; keys: { secret: string; publishable: string } }> {
  const run = await runCli(['merchants', 'create', '--json'], env);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

async function paidIntent(secret: string): Promise<string> {
  const token = await api('POST', '/v1/tokens', secret, { provider_reference: 'tok_sandbox_visa_4242' });
  const intent = await api('POST', '/v1/payment_intents', secret, { amount: 2000, currency: 'usd', payment_method: { id: token.body.id } });
  expect(intent.body.status).toBe('succeeded');
  return intent.body.id as string;
}

/** A webhook receiver on loopback that keeps every envelope it gets. */
async function receiver(): Promise<{ url: string; events: { type: string; data: Record<string, unknown> }[]; server: Server }> {
  const events: { type: string; data: Record<string, unknown> }[] = [];
  const s = createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString('utf8')));
    req.on('end', () => {
      events.push(JSON.parse(raw));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/hook`, events, server: s };
}

async function until<T>(read: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('svcpay against a running server', () => {
  it('merchants create --json prints a merchant whose secret key makes a session', async () => {
    const m = await newMerchant();
    expect(m.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(m.keys.secret).toMatch(/^vp_sk_test_/);
    expect(m.keys.publishable).toMatch(/^vp_pk_test_/);
    const session = await api('POST', '/v1/sessions', m.keys.secret, { amount: 1500, currency: 'usd', successUrl: 'https://shop.example/ok' });
    expect(session.status).toBe(201);
    const text = await runCli(['merchants', 'create'], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^merchant +[0-9a-f-]{36}\nenvironment +sandbox\nsecret key +vp_sk_test_\S+\npublishable key +vp_pk_test_\S+\n$/);
  });

  it('clock advance 3d moves the service clock three days; clock prints it', async () => {
    const read = async () => {
      const run = await runCli(['clock', '--json'], env);
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(run.stdout) as { now: string; unix: number };
    };
    const before = await read();
    const moved = await runCli(['clock', 'advance', '3d'], env);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toMatch(/^service clock moved 3d \(259200 s\): \S+ -> \S+\n$/);
    const after = await read();
    expect(after.unix - before.unix).toBeGreaterThanOrEqual(259_200);
    expect(after.unix - before.unix).toBeLessThan(259_200 + 120);
    const shown = await runCli(['clock', 'show'], env);
    expect(Date.parse(shown.stdout.trim())).toBeGreaterThanOrEqual(Date.parse(after.now));
  });

  it('trigger dispute.created on a paid intent makes the dispute happen: its webhook goes out', async () => {
    const m = await newMerchant();
    const hook = await receiver();
    try {
      // dispute.* reach every active subscription, selected or not (Doc 2).
      expect((await api('POST', '/v1/webhook_subscriptions', m.keys.secret, { url: hook.url, enabledEvents: ['charge.refunded'] })).status).toBe(201);
      const intent = await paidIntent(m.keys.secret);
      const run = await runCli(['trigger', 'dispute.created', '--payment-intent', intent], env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^dispute\\.created sent for payment intent ${intent}: provider event \\S+, applied by the service\\n$`));
      const dispute = await until(() => hook.events.find((e) => e.type === 'dispute.created'));
      expect(dispute.data).toMatchObject({ payment_intent_id: intent });
      expect(hook.events.filter((e) => e.type.startsWith('dispute.'))).toHaveLength(1);
    } finally {
      hook.server.close();
    }
  });

  it('a server error exits 1 with the envelope’s code and message', async () => {
    const run = await runCli(['trigger', 'dispute.created', '--payment-intent', 'vpi_test_nosuchintent'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^svcpay: the server answered 404 payment_intent_not_found: .+\n/);
    expect(run.stdout).toBe('');
  });

  it('webhooks tail prints each delivery made while it runs, to every endpoint, and removes its receiver on Ctrl-C', async () => {
    const m = await newMerchant();
    const hook = await receiver();
    const mine = (await api('POST', '/v1/webhook_subscriptions', m.keys.secret, { url: hook.url, enabledEvents: ['payment_intent.succeeded'] })).body;
    const tail = spawnCli(['webhooks', 'tail', '--json'], { ...env, SVCPAY_SECRET_KEY: m.keys.secret });
    const { done, waitFor } = watch(tail, 60_000);
    try {
      await waitFor('stderr', /tailing webhook deliveries/);
      const subs = (await api('GET', '/v1/webhook_subscriptions', m.keys.secret)).body.data as { id: string; url: string }[];
      const own = subs.find((s) => s.id !== mine.id)!;
      expect(subs).toHaveLength(2);
      expect(own.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      const intent = await paidIntent(m.keys.secret);
      const lines = async () =>
        (await waitFor('stdout', /"type":"payment_intent\.succeeded".*\n(.*\n)*.*"type":"payment_intent\.succeeded"/))
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .filter((l) => l.type === 'payment_intent.succeeded');
      const printed = await lines();
      expect(printed.map((l) => l.endpoint).sort()).toEqual([hook.url, own.url].sort());
      for (const line of printed) {
        expect(line).toMatchObject({ status: 200, attempt: 1, delivered: true });
        expect(line.event).toMatch(/^vp_evt_/);
      }
      const event = await api('GET', `/v1/webhook_events/${printed[0]!.event as string}`, m.keys.secret);
      expect(event.body.data).toMatchObject({ payment_intent_id: intent });
      tail.kill('SIGINT');
      const ended = await done;
      expect(ended.code, ended.stderr).toBe(0);
      expect(((await api('GET', '/v1/webhook_subscriptions', m.keys.secret)).body.data as { id: string }[]).map((s) => s.id)).toEqual([mine.id]);
    } finally {
      tail.kill('SIGKILL');
      hook.server.close();
    }
  });
});
