import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxProcessor } from '../../../../sandbox-processor/index.ts';
import { CARD, SECRET, testProcessor } from '../../../../sandbox-processor/testing.ts';
import { createApp } from '../../app.ts';
import { buildDeps } from '../../deps.ts';
import { createMerchant } from '../../engine/merchants.ts';
import type { Merchant, SessionRecord } from '../../engine/types.ts';
import { loadConfig } from '../../env.ts';
import { createLogger } from '../../log.ts';
import { SERVICE, bearer } from '../../testing.ts';
import { ProcessorRejectedError, ProcessorUnavailableError } from '../types.ts';
import { SandboxProcessorAdapter, type FetchLike } from './adapter.ts';

const BASE = 'http://127.0.0.1:4243';
const merchant = { id: 'merchant_a' } as Merchant;
const session = { id: 'vp_cs_test_1', livemode: false, amount: 1200, currency: 'EUR' } as SessionRecord;

function adapterOver(processor: ReturnType<typeof testProcessor>['processor'], extra: { secret?: string; timeoutMs?: number } = {}) {
  return new SandboxProcessorAdapter({ baseUrl: BASE, secret: SECRET, fetch: (url, init) => processor.app.request(url, init), ...extra });
}

describe('sandbox processor adapter', () => {
  let dir: string | undefined;
  afterEach(() => {
    vi.useRealTimers();
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('gets a client token, charges with a reference and finds the charge by it', async () => {
    const { processor } = testProcessor();
    const adapter = adapterOver(processor);
    expect(await adapter.clientInit(merchant, session)).toMatchObject({ type: 'sandbox', environment: 'sandbox', fieldsUrl: `${BASE}/fields` });
    const t = await adapter.charge(merchant, session, CARD, { reference: 'att_1' });
    expect(t).toMatchObject({ status: 'approved', amount: 1200, currency: 'EUR', sessionId: session.id, merchantId: merchant.id });
    expect(await adapter.charge(merchant, session, CARD, { reference: 'att_1' })).toEqual(t);
    expect(await adapter.lookup(merchant, 'att_1')).toEqual(t);
    expect(await adapter.lookup(merchant, 'att_2')).toBeNull();
    expect(await adapter.verifyTransaction(merchant, t.id)).toEqual(t);
    expect(await adapter.verifyTransaction({ id: 'merchant_b' } as Merchant, t.id)).toBeNull();
  });

  it('turns the processor refusing the card into ProcessorRejectedError with its reason', async () => {
    const adapter = adapterOver(testProcessor().processor);
    const err = await adapter.charge(merchant, session, { ...CARD, number: '4242424242424241' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessorRejectedError);
    expect(err).toMatchObject({ reason: 'invalid_number', message: 'The card number is not valid.' });
  });

  it('reports an unreachable processor as ProcessorUnavailableError', async () => {
    // Port 9 (discard) has no listener here: the real fetch fails to connect.
    const adapter = new SandboxProcessorAdapter({ baseUrl: 'http://127.0.0.1:9', secret: SECRET, fetch });
    await expect(adapter.charge(merchant, session, CARD)).rejects.toBeInstanceOf(ProcessorUnavailableError);
    await expect(adapter.clientInit(merchant, session)).rejects.toBeInstanceOf(ProcessorUnavailableError);
  });

  it('reports a wrong secret, a 500 and an unreadable answer as ProcessorUnavailableError', async () => {
    const wrongSecret = adapterOver(testProcessor().processor, { secret: 'not-the-secret' });
    await expect(wrongSecret.lookup(merchant, 'att_1')).rejects.toBeInstanceOf(ProcessorUnavailableError);
    const answering = (res: () => Response) => new SandboxProcessorAdapter({ baseUrl: BASE, secret: SECRET, fetch: async () => res() });
    const failing = answering(() => new Response(JSON.stringify({ code: 'processor_error', error: 'x' }), { status: 500 }));
    await expect(failing.verifyTransaction(merchant, 'sbx_txn_1')).rejects.toBeInstanceOf(ProcessorUnavailableError);
    const garbled = answering(() => new Response('<html>proxy</html>', { status: 200 }));
    await expect(garbled.charge(merchant, session, CARD)).rejects.toBeInstanceOf(ProcessorUnavailableError);
  });

  it('gives up after the timeout, 10 s unless told otherwise', async () => {
    vi.useFakeTimers();
    const never: FetchLike = () => new Promise<Response>(() => undefined);
    const adapter = new SandboxProcessorAdapter({ baseUrl: BASE, secret: SECRET, fetch: never });
    let settled: unknown = 'pending';
    const pending = adapter.charge(merchant, session, CARD).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    void pending.then((v) => (settled = v));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ProcessorUnavailableError);

    const quick = new SandboxProcessorAdapter({ baseUrl: BASE, secret: SECRET, fetch: never, timeoutMs: 50 });
    const fast = quick.lookup(merchant, 'att_1').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(50);
    expect(await fast).toBeInstanceOf(ProcessorUnavailableError);
  });

  it('finds its transactions again after the processor reopens its own database', async () => {
    dir = mkdtempSync(join(tmpdir(), 'svcpay-sbx-'));
    const open = () =>
      createSandboxProcessor({
        dataPath: join(dir!, 'svcpay.sandbox-processor.sqlite'),
        apiSecret: SECRET,
        webhookSecret: 'whsec_test',
        serviceUrl: 'http://localhost:4242',
        publicUrl: BASE,
        distDir: dir!,
        log: { info: () => undefined, error: () => undefined },
      });
    const first = open();
    const t = await adapterOver(first).charge(merchant, session, CARD, { reference: 'att_keep' });
    first.close();
    const again = open();
    const adapter = adapterOver(again);
    expect(await adapter.verifyTransaction(merchant, t.id)).toEqual(t);
    expect(await adapter.lookup(merchant, 'att_keep')).toEqual(t);
    expect(await adapter.charge(merchant, session, CARD, { reference: 'att_keep' })).toEqual(t);
    expect((again.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n).toBe(1);
    expect(again.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(again.db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    again.close();
  });
});

describe('the service and its processor across a restart', () => {
  it('keeps the processor file beside the service file, and the secret the service presents to it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svcpay-restart-'));
    const config = loadConfig({ SVCPAY_DATA: join(dir, 'svcpay.sqlite') });
    const start = () => buildDeps(config, createLogger(false), { processorTransport: 'in-process' });
    const first = await start();
    const { merchant: m } = await createMerchant(first.deps, {});
    const t = await first.deps.processorFor('sandbox')!.charge(m, session, CARD, { reference: 'att_restart' });
    const secret = await first.deps.store.read.meta.get('processor_secret');
    await first.deps.store.close();
    first.sandbox.close();
    expect(existsSync(join(dir, 'svcpay.sandbox-processor.sqlite'))).toBe(true);
    const second = await start();
    expect(await second.deps.processorFor('sandbox')!.lookup(m, 'att_restart')).toEqual(t);
    // A processor run on its own keeps expecting the secret it was given: the service must not mint a new one.
    expect(await second.deps.store.read.meta.get('processor_secret')).toBe(secret);
    await second.deps.store.close();
    second.sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('the service over a processor that is down', () => {
  it('answers init and complete with 502 provider_unavailable, not a 500', async () => {
    // Network transport to a port with no listener: what production sees when the processor is down.
    const { deps, sandbox } = await buildDeps(loadConfig({ SVCPAY_DATA: ':memory:', SVCPAY_PROCESSOR_URL: 'http://127.0.0.1:9' }), createLogger(false));
    const app = createApp(deps);
    const { keys } = await createMerchant(deps, {});
    const session = await (
      await app.request('/v1/sessions', { method: 'POST', headers: { 'Content-Type': 'application/json', ...bearer(keys.secret) }, body: JSON.stringify({ amount: 700, currency: 'usd' }) })
    ).json();
    const post = (path: string, body: unknown) =>
      app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: SERVICE }, body: JSON.stringify(body) });
    for (const res of [await post('/api/checkout/init', { sessionId: session.id }), await post('/api/checkout/complete', { sessionId: session.id, transactionId: 'sbx_txn_1' })]) {
      expect(res.status).toBe(502);
      expect((await res.json()).code).toBe('provider_unavailable');
    }
    sandbox.close();
  });
});
