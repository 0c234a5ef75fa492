import { serve, type ServerType } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';
import { KEEP_MS, pruneIdempotency } from '../../middleware/idempotency.ts';

const BODY = { amount: 1999, currency: 'usd', metadata: { order: 'A-1', channel: 'web' } };
const CARD = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };

const servers: ServerType[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** The app on a real loopback socket, so concurrent requests race through real HTTP. */
function listen(app: { fetch: (req: Request, env?: unknown) => Response | Promise<Response> }): Promise<string> {
  return new Promise((ok) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => ok(`http://127.0.0.1:${info.port}`));
    servers.push(server);
  });
}

/** A processor that answers after `ms`, so the first request is still running when the others arrive. */
/** Each charge waits `ms` at the processor; resolves the answer's promise once the first call got there. */
function slowCharges(t: Awaited<ReturnType<typeof testApp>>, ms: number): Promise<void> {
  const charge = t.processor.charge.bind(t.processor);
  let reached!: () => void;
  const atProcessor = new Promise<void>((r) => (reached = r));
  t.processor.charge = async (...args) => {
    reached();
    await new Promise((r) => setTimeout(r, ms));
    return charge(...args);
  };
  return atProcessor;
}

describe('idempotency layer', () => {
  it('replays a create whose metadata keys come in another order, with 200 and the same session', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const h = { ...bearer(keys.secret), 'Idempotency-Key': 'order-A-1' };
    const first = await t.json('POST', '/v1/sessions', BODY, h);
    const again = await t.json('POST', '/v1/sessions', { metadata: { channel: 'web', order: 'A-1' }, currency: 'usd', amount: 1999 }, h);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // A replay is still a normal answer: request id, version and rate-limit headers included.
    expect(again.headers.get('x-request-id')).toMatch(/^req_/);
    expect(again.headers.get('svc-pay-version')).toBe('2026-04-14');
    expect(again.headers.get('x-ratelimit-limit')).toBe('30');
    expect((await again.json()).id).toBe((await first.json()).id);
    expect((await t.count('sessions'))).toBe(1);
  });

  it('makes one session of 20 identical creates sent at once over real HTTP', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const base = await listen(t.app);
    const h = { ...bearer(keys.secret), 'Idempotency-Key': 'race-1', 'Content-Type': 'application/json' };
    const results = await Promise.all(Array.from({ length: 20 }, () => fetch(`${base}/v1/sessions`, { method: 'POST', headers: h, body: JSON.stringify(BODY) })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 200 || s === 409)).toBe(true);
    expect((await t.count('sessions'))).toBe(1);
  });

  it('tells in flight (409, retry later) from done (200 replay) on a charge that awaits the processor', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const atProcessor = slowCharges(t, 150);
    const s = await (await t.json('POST', '/v1/sessions', { amount: 500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true }, bearer(keys.secret))).json();
    const h = { ...bearer(keys.publishable), Origin: SERVICE, 'Idempotency-Key': 'pay-1' };
    const path = `/v1/public/sessions/${s.id}/charge`;
    const running = t.json('POST', path, { card: CARD }, h);
    // In flight: its key reserved and its charge at the processor.
    await atProcessor;
    const during = await t.json('POST', path, { card: CARD }, h);
    expect(during.status).toBe(409);
    const body = await during.json();
    expect(body.code).toBe('charge_already_in_flight');
    expect(body.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(during.headers.get('retry-after')).toBe('1');
    const first = await running;
    expect(first.status).toBe(200);
    const after = await t.json('POST', path, { card: CARD }, h);
    expect(after.status).toBe(200);
    expect((await after.json()).paymentIntentId).toBe((await first.json()).paymentIntentId);
    expect((await t.count('payment_intents'))).toBe(1);
  });

  it('uses its own reservation id as the attempt reference, never the client header', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const s = await (await t.json('POST', '/v1/sessions', { amount: 500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true }, bearer(keys.secret))).json();
    await t.json('POST', `/v1/public/sessions/${s.id}/charge`, { card: CARD }, { ...bearer(keys.publishable), Origin: SERVICE, 'Idempotency-Key': 'client-chosen' });
    const row = (await t.store.read.sessions.get(s.id))!;
    expect(row.latestAttemptId).toMatch(/^idr_[A-Za-z0-9]{24}$/);
  });

  it('keeps the publishable and the secret key apart: a browser cannot claim the server’s key', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const browser = await t.json('POST', '/v1/sessions', BODY, { ...bearer(keys.publishable), 'Idempotency-Key': 'order-9' });
    const server = await t.json('POST', '/v1/sessions', BODY, { ...bearer(keys.secret), 'Idempotency-Key': 'order-9' });
    expect([browser.status, server.status]).toEqual([201, 201]);
    expect((await server.json()).id).not.toBe((await browser.json()).id);
  });

  it('refuses the key with another body or another path (422), and frees it when the request was refused', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const h = { ...bearer(keys.secret), 'Idempotency-Key': 'k-1' };
    expect((await t.json('POST', '/v1/sessions', { amount: 0, currency: 'usd' }, h)).status).toBe(400);
    expect((await t.json('POST', '/v1/sessions', BODY, h)).status).toBe(201);
    const other = await t.json('POST', '/v1/sessions', { ...BODY, amount: 1 }, h);
    expect([other.status, (await other.json()).code]).toEqual([422, 'idempotency_replay_incompatible']);
    const dry = await t.json('POST', '/v1/sessions?dry_run=true', BODY, h);
    expect(dry.status).toBe(422);
    expect((await t.json('POST', '/v1/sessions', { amount: 100, currency: 'usd' }, { ...h, 'Idempotency-Key': 'x'.repeat(256) })).status).toBe(400);
  });

  it('replays a retry that adds the ignored sandbox or mode, and still tells a session’s own mode apart (issue 35)', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const sk = bearer(keys.secret);
    // Doc 1: a body's `sandbox` or `mode` is ignored, so a retry that adds one is the same request.
    const vault = (extra: object) => t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242', ...extra }, { ...sk, 'Idempotency-Key': 'tok-1' });
    const token = await vault({});
    const tokenAgain = await vault({ sandbox: true, mode: 'test' });
    expect([token.status, tokenAgain.status]).toEqual([201, 200]);
    const { id } = await token.json();
    expect((await tokenAgain.json()).id).toBe(id);
    const pay = (extra: object) => t.json('POST', '/v1/payment_intents', { amount: 1500, currency: 'usd', payment_method: { id }, ...extra }, { ...sk, 'Idempotency-Key': 'pay-1' });
    const paid = await pay({ mode: 'live' });
    const again = await pay({ sandbox: false });
    expect([paid.status, again.status]).toEqual([201, 200]);
    expect((await again.json()).id).toBe((await paid.json()).id);
    expect(await t.count('payment_intents')).toBe(1);
    // A session's `mode` is a field of its own: session create ignores `sandbox` only.
    const h = { ...sk, 'Idempotency-Key': 'session-1' };
    expect((await t.json('POST', '/v1/sessions', BODY, h)).status).toBe(201);
    expect((await t.json('POST', '/v1/sessions', { ...BODY, sandbox: true }, h)).status).toBe(200);
    const setup = await t.json('POST', '/v1/sessions', { ...BODY, mode: 'setup' }, h);
    expect([setup.status, (await setup.json()).code]).toEqual([422, 'idempotency_replay_incompatible']);
  });

  it('lets a request take over a reservation a crash left behind, and prunes keys after 24 hours', async () => {
    const t = await testApp();
    const { keys, merchant } = await t.merchant();
    const scope = { merchantId: merchant.id, livemode: false, keyType: 'secret' as const, key: 'crashed' };
    await t.store.tx((r) => r.idempotency.reserve(scope, { id: 'idr_dead', fingerprint: 'x', lockedUntil: t.deps.clock.nowMs() - 1, createdAt: t.deps.clock.iso() }));
    // Same key, but the dead reservation's fingerprint differs: a crash does not free a key for another body.
    expect((await t.json('POST', '/v1/sessions', BODY, { ...bearer(keys.secret), 'Idempotency-Key': 'crashed' })).status).toBe(422);
    await t.store.tx(async (r) => {
      const row = (await r.idempotency.get(scope))!;
      await r.idempotency.release(scope, row.id);
    });
    const h = { ...bearer(keys.secret), 'Idempotency-Key': 'live-lock' };
    const first = await t.json('POST', '/v1/sessions', BODY, h);
    expect(first.status).toBe(201);
    const live = { ...scope, key: 'live-lock' };
    const row = (await t.store.read.sessions.get((await first.json()).id))!;
    expect(row).toBeTruthy();
    await t.store.tx(async (r) => {
      const done = (await r.idempotency.get(live))!;
      // Turn the finished row back into a stale reservation: the next request takes it over.
      await r.idempotency.reserve(live, { id: done.id, fingerprint: done.fingerprint, lockedUntil: t.deps.clock.nowMs() - 1, createdAt: done.createdAt });
    });
    expect((await t.json('POST', '/v1/sessions', BODY, h)).status).toBe(201);
    expect((await t.count('idempotency'))).toBe(1);
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 24 * 3600 + 1 });
    expect((await t.count('idempotency'))).toBe(0);
  });

  it('replays a finished create with 200, the stored body, a JSON type and Idempotent-Replayed', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const h = { ...bearer(keys.secret), 'Idempotency-Key': 'replay-1' };
    const first = await t.json('POST', '/v1/sessions', BODY, h);
    const again = await t.json('POST', '/v1/sessions', BODY, h);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
  });

  it('treats a key older than 24 hours as new even before the pruning job has run', async () => {
    const t = await testApp();
    const { keys, merchant } = await t.merchant();
    const now = t.deps.clock.nowMs();
    const scope = (key: string) => ({ merchantId: merchant.id, livemode: false, keyType: 'secret' as const, key });
    const row = (createdAt: number) => ({ id: `idr_${createdAt}`, fingerprint: 'another body', lockedUntil: now + 3600_000, createdAt: new Date(createdAt).toISOString() });
    await t.store.tx(async (r) => {
      await r.idempotency.reserve(scope('old'), row(now - KEEP_MS - 1000));
      await r.idempotency.reserve(scope('young'), row(now - 3600_000));
    });
    expect((await t.json('POST', '/v1/sessions', BODY, { ...bearer(keys.secret), 'Idempotency-Key': 'old' })).status).toBe(201);
    expect((await t.json('POST', '/v1/sessions', BODY, { ...bearer(keys.secret), 'Idempotency-Key': 'young' })).status).toBe(422);
  });

  it('keeps a key younger than 24 hours through the pruning job', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const h = { ...bearer(keys.secret), 'Idempotency-Key': 'kept' };
    expect((await t.json('POST', '/v1/sessions', BODY, h)).status).toBe(201);
    await pruneIdempotency(t.deps);
    expect((await t.count('idempotency'))).toBe(1);
    expect((await t.json('POST', '/v1/sessions', BODY, h)).status).toBe(200);
  });

  it('frees a key the route refused, so the same request succeeds once the cause is fixed', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const created = await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true }, bearer(keys.secret));
    const id = ((await created.json()) as { id: string }).id;
    const submit = () =>
      t.json('POST', `/v1/public/sessions/${id}/charge`, { card: CARD, expected_amount: 3000 }, { ...bearer(keys.publishable), Origin: SERVICE, 'Idempotency-Key': 'submit-1' });
    const stale = await submit();
    expect([stale.status, (await stale.json()).code]).toEqual([409, 'expected_amount_mismatch']);
    expect((await t.json('PATCH', `/v1/sessions/${id}`, { amount: 3000 }, bearer(keys.secret))).status).toBe(200);
    const paid = await submit();
    expect([paid.status, (await paid.json()).status]).toEqual([200, 'succeeded']);
  });
});
