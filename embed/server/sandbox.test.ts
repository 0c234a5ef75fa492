import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { networkApp, secretKey } from '../../src/server/testing-network.ts';
import { freePorts } from '../../src/platform/ports.ts';
import { emittableEventTypes, faultKinds, faultOperations, type EmittableEventType, type FaultKind, type FaultOperation } from '../../src/vocab/sandbox.ts';
import { processorKinds, type ProcessorKind } from '../../src/vocab/processor-kinds.ts';
import {
  SandboxControlError,
  SandboxUnreachableError,
  createSandboxControl,
  parseDuration,
  sandboxEventTypes,
  type SandboxControl,
  type SandboxEventType,
  type SandboxFaultKind,
  type SandboxFaultOperation,
  type SandboxProcessorKind,
} from './sandbox.ts';

type World = Awaited<ReturnType<typeof networkApp>>;
let w: World;
let sandbox: SandboxControl;

beforeAll(async () => {
  w = await networkApp();
  sandbox = createSandboxControl({ baseUrl: `${w.url}/` });
});
afterAll(() => w.close());

/** A captured payment of a new merchant, paid with the approving test token. */
async function paidIntent(keys: { secret: string }) {
  const token = await w.call('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, secretKey(keys.secret));
  const intent = await w.call('POST', '/v1/payment_intents', { amount: 2000, currency: 'usd', payment_method: { id: token.body.id } }, secretKey(keys.secret));
  expect(intent.body.status).toBe('succeeded');
  return intent.body.id as string;
}

describe('the explicit types', () => {
  it('say what the vocabulary says', () => {
    expect(sandboxEventTypes).toEqual(emittableEventTypes);
    expectTypeOf<SandboxEventType>().toEqualTypeOf<EmittableEventType>();
    expectTypeOf<SandboxFaultOperation>().toEqualTypeOf<FaultOperation>();
    expectTypeOf<SandboxFaultKind>().toEqualTypeOf<FaultKind>();
    expectTypeOf<SandboxProcessorKind>().toEqualTypeOf<ProcessorKind>();
    expect([faultOperations.length, faultKinds.length, processorKinds.length]).toEqual([8, 4, 6]);
  });
});

describe('parseDuration', () => {
  it.each([
    ['90s', 90],
    ['15m', 900],
    ['2h', 7200],
    ['3d', 259_200],
    ['1w', 604_800],
    ['1h30m', 5400],
    ['0s', 0],
  ])('%s is %i seconds', (text, seconds) => expect(parseDuration(text)).toBe(seconds));

  it.each(['3', '3x', '', 'd', '-1d', '1.5h', '2 h'])('refuses %j', (text) => expect(() => parseDuration(text)).toThrow(RangeError));
});

describe('createSandboxControl over loopback', () => {
  it('creates a merchant whose secret key the merchant API takes', async () => {
    const m = await sandbox.merchants.create();
    expect(m.environment).toBe('sandbox');
    expect(m.keys.secret).toMatch(/^vp_sk_test_/);
    expect(m.keys.publishable).toMatch(/^vp_pk_test_/);
    const session = await w.call('POST', '/v1/sessions', { amount: 1500, currency: 'usd', successUrl: 'https://shop.example/ok' }, secretKey(m.keys.secret));
    expect(session.status).toBe(201);
    const rotated = await sandbox.merchants.rotateKeys(m.id);
    expect(rotated.keys.secret).not.toBe(m.keys.secret);
    expect(typeof rotated.previousKeysExpireAt).toBe('string');
  });

  it('reads the clock and moves it by a duration or by seconds', async () => {
    const before = await sandbox.clock.now();
    const after = await sandbox.clock.advance('2h');
    expect(after.unix - before.unix).toBeGreaterThanOrEqual(7200);
    expect(after.unix - before.unix).toBeLessThan(7200 + 60);
    expect((await sandbox.clock.advance(90)).unix - after.unix).toBeGreaterThanOrEqual(90);
    expect(Date.parse((await sandbox.clock.now()).now)).toBeGreaterThanOrEqual(Date.parse(after.now) + 90_000);
  });

  it('switches the maintenance write-freeze: a write is 503 service_unavailable while it is on, and works once it is off', async () => {
    const m = await sandbox.merchants.create();
    const create = () => w.call('POST', '/v1/sessions', { amount: 1500, currency: 'usd', successUrl: 'https://shop.example/ok' }, secretKey(m.keys.secret));
    expect(await sandbox.writeFreeze.set(true)).toEqual({ on: true });
    try {
      expect(await sandbox.writeFreeze.get()).toEqual({ on: true });
      const frozen = await create();
      expect([frozen.status, frozen.body.code]).toEqual([503, 'service_unavailable']);
    } finally {
      expect(await sandbox.writeFreeze.set(false)).toEqual({ on: false });
    }
    expect((await create()).status).toBe(201);
  });

  it('triggers a dispute on a paid intent, and the service has recorded it when the call returns', async () => {
    const m = await sandbox.merchants.create();
    const intent = await paidIntent(m.keys);
    const sent = await sandbox.events.trigger('dispute.created', { paymentIntent: intent });
    expect(sent).toMatchObject({ type: 'dispute.created', delivered: true });
    const events = w.store.db.prepare("SELECT type FROM events WHERE merchant_id = ? AND type LIKE 'dispute.%'").all(m.id);
    expect(events).toEqual([{ type: 'dispute.created' }]);
  });

  it('throws SandboxControlError with the status, code and message of the envelope', async () => {
    const err = await sandbox.events.trigger('dispute.created', { paymentIntent: 'vpi_test_nosuchintent' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SandboxControlError);
    expect(err).toMatchObject({ status: 404, code: 'payment_intent_not_found' });
    expect((err as Error).message).toMatch(/payment_intent/);
    const bad = await sandbox.clock.advance(-5).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, code: 'validation_error' });
    expect((bad as SandboxControlError).requestId).toMatch(/^req_/);
  });

  it('sets, lists, releases and clears a fault; the ledger shows what moved', async () => {
    const m = await sandbox.merchants.create();
    const fault = await sandbox.faults.set({ operation: 'charge', kind: 'down', merchant: m.id });
    expect(fault).toMatchObject({ operation: 'charge', kind: 'down', remaining: 1, merchant: m.id });
    expect((await sandbox.faults.list()).map((f) => f.id)).toContain(fault.id);
    expect(await sandbox.faults.release(fault.id)).toBe(0);
    await sandbox.faults.clear(fault.id);
    expect((await sandbox.faults.list()).map((f) => f.id)).not.toContain(fault.id);
    expect(await sandbox.faults.clear(fault.id).catch((e: unknown) => e)).toMatchObject({ status: 404, code: 'route_not_found' });
    expect(await sandbox.ledger(m.id)).toEqual([]);
    await paidIntent(m.keys);
    const ledger = await sandbox.ledger(m.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount: 2000, status: 'captured', captured: 2000 });
  });

  it('lists a subscription’s deliveries with their attempts, and redelivers one', async () => {
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      received.push(req.url ?? '');
      res.writeHead(200).end();
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const m = await sandbox.merchants.create();
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const sub = await w.call('POST', '/v1/webhook_subscriptions', { url, enabledEvents: ['payment_intent.succeeded'] }, secretKey(m.keys.secret));
      await paidIntent(m.keys);
      // No scheduler in this harness: moving the clock by nothing runs what is due.
      await sandbox.clock.advance(0);
      const [delivery] = await sandbox.webhooks.deliveries(sub.body.id);
      expect(delivery).toMatchObject({ subscriptionId: sub.body.id, state: 'delivered', attempts: 1 });
      expect(delivery!.attemptsLog).toMatchObject([{ number: 1, status: 200 }]);
      const again = await sandbox.webhooks.redeliver(delivery!.id);
      expect(again.attemptsLog.map((a) => a.number).sort()).toEqual([1, 2]);
      expect(received).toHaveLength(2);
      expect(await sandbox.webhooks.deliveries('wh_nosuch').catch((e: unknown) => e)).toMatchObject({ status: 404, code: 'webhook_subscription_not_found' });
    } finally {
      await new Promise((r) => receiver.close(r));
    }
  });
});

describe('createSandboxControl without a server', () => {
  it('throws SandboxUnreachableError naming the URL when nothing answers', async () => {
    const [port] = await freePorts(1);
    const closed = createSandboxControl({ baseUrl: `http://127.0.0.1:${port}` });
    const err = await closed.clock.now().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SandboxUnreachableError);
    expect(err).not.toBeInstanceOf(SandboxControlError);
    expect((err as SandboxUnreachableError).url).toBe(`http://127.0.0.1:${port}`);
  });

  it('uses the fetch it is given, sends the control token, and reports an answer that is not an envelope', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fake = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return new Response('<html>bad gateway</html>', { status: 502 });
    }) as typeof fetch;
    const control = createSandboxControl({ baseUrl: 'http://svcpay.test', controlToken: 'tok', fetch: fake });
    const err = await control.clock.advance('1d').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, code: 'http_502' });
    expect((err as Error).message).toContain('bad gateway');
    expect(calls[0]!.url).toBe('http://svcpay.test/_sandbox/clock');
    expect(calls[0]!.init).toMatchObject({ method: 'POST', body: '{"advanceSeconds":86400}', headers: { Authorization: 'Bearer tok', 'Content-Type': 'application/json' } });
  });
});
