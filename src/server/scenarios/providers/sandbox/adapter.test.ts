/**
 * The service over the sandbox processor, through the app and its wiring: the processor's file and
 * secret across a restart, a processor that is down, and processor events delivered to the service
 * app itself. The adapter alone is src/server/processors/sandbox/adapter.test.ts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARD } from '../../../../../sandbox-processor/testing.ts';
import { createApp } from '../../../app.ts';
import { buildDeps } from '../../../deps.ts';
import type { SessionRecord } from '../../../domain/index.ts';
import { createMerchant } from '../../../engine/merchants/merchants.ts';
import { loadConfig } from '../../../env.ts';
import { createLogger } from '../../../log.ts';
import { SERVICE, bearer, testApp } from '../../../testing.ts';

const session = { id: 'vp_cs_test_1', livemode: false, amount: 1200, currency: 'EUR' } as SessionRecord;

describe('the service and its processor across a restart', () => {
  it('keeps the processor file beside the service file, and the secret the service presents to it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svcpay-restart-'));
    const config = loadConfig({ SVCPAY_DATA: join(dir, 'svcpay.sqlite') });
    const start = () => buildDeps(config, createLogger(false), { processorTransport: 'in-process' });
    const first = await start();
    const { merchant: m } = await createMerchant(first.deps, {});
    const t = await first.deps.processorFor('sandbox')!.charge(m, session, CARD, { reference: 'att_restart' });
    const secret = first.processorSecret;
    await first.deps.store.close();
    first.sandbox?.close();
    expect(existsSync(join(dir, 'svcpay.sandbox-processor.sqlite'))).toBe(true);
    const second = await start();
    expect(await second.deps.processorFor('sandbox')!.lookup(m, 'att_restart')).toEqual(t);
    // A processor run on its own keeps expecting the secret it was given: the service must not mint a new one.
    expect(second.processorSecret).toBe(secret);
    await second.deps.store.close();
    second.sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('the service over a processor that is down', () => {
  it('answers init and complete with 502 provider_unavailable, not a 500', async () => {
    // A processor that runs alone (SVCPAY_PROCESSOR_URL) where nothing listens.
    const { deps, sandbox } = await buildDeps(loadConfig({ SVCPAY_DATA: ':memory:', SVCPAY_PROCESSOR_URL: 'http://127.0.0.1:9', SVCPAY_PROCESSOR_SECRET: 'x'.repeat(32) }), createLogger(false));
    expect(sandbox).toBeNull();
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
    await deps.store.close();
  });
});

describe('the service harness and the processor events', () => {
  it('delivers processor events to the service app itself; one not answered 2xx stays in the outbox', async () => {
    const t = await testApp();
    const { merchant: m } = await t.merchant();
    const charged = await t.processor.charge(m, { ...session, id: 'vp_cs_x' }, CARD, { reference: 'att_h' });
    const emitted = await t.processor.standInControl!.emitEvent(m, 'dispute.created', { transactionId: charged.id });
    // The delivery went through the service app (its request log), not out to a socket.
    expect(t.logLines.some((l) => l.includes('/api/webhooks/sandbox'))).toBe(true);
    const row = t.sandbox.db.prepare('SELECT attempts, delivered_at FROM events WHERE id = ?').get(emitted.id) as { attempts: number; delivered_at: string | null };
    expect(row.attempts).toBe(1);
    expect(emitted.delivered).toBe(row.delivered_at !== null);
    expect(t.deps.providerWebhookSecret).toMatch(/^whsec_/);
  });
});
