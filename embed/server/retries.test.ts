/**
 * `svcpay/server` retries and redirects (Doc 1, Rate limits and Errors; issue 35), against the real
 * app over loopback with a scripted server in front of it (./flaky.fixtures.ts). No real waiting:
 * the client's sleep only records the waits it was asked for.
 */
import { describe, expect, it } from 'vitest';
import { secretKey } from '../../src/server/testing-network.ts';
import { frontedApp, noWaiting } from './flaky.fixtures.ts';
import { UnexpectedRedirectError, createSvcPayClient } from './index.ts';
import { MAX_DELAY_MS, sleepFor } from './transport.ts';

const $ = frontedApp();

const SESSION = { amount: 1999, currency: 'usd' };
const rows = (table: string) => ($.w.store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

function client(extra: { maxRetries?: number; apiVersion?: string } = {}, random = 0) {
  const { waits, hooks } = noWaiting(random);
  const svcpay = createSvcPayClient({ secretKey: $.keys.secret, baseUrl: $.front.url, telemetry: false, ...extra }, hooks);
  return { svcpay, waits };
}

async function tokenId(): Promise<string> {
  const token = await $.w.call('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, secretKey($.keys.secret));
  return token.body.id as string;
}

describe('retries of 429 and 5xx', () => {
  it('sends a session create again after a 503 and a 429, waiting at least Retry-After: one session, made by the service', async () => {
    const { svcpay, waits } = client();
    $.front.script.push({ status: 503 }, { status: 429, headers: { 'Retry-After': '3' } });
    const before = rows('sessions');
    const made = await svcpay.POST('/v1/sessions', { body: SESSION });
    expect(made.response.status).toBe(201);
    expect(made.data!.id).toMatch(/^vp_cs_test_/);
    expect($.front.on('/v1/sessions').length).toBe(3);
    // Backoff 0.5 s with the smallest jitter (half of it), then Retry-After's 3 s over the 1 s step.
    expect(waits).toEqual([250, 3000]);
    expect(rows('sessions')).toBe(before + 1);
  });

  it('reads a Retry-After given as an HTTP date against the clock', async () => {
    const { waits, hooks } = noWaiting();
    const now = Date.parse('2026-04-14T12:00:00Z');
    const svcpay = createSvcPayClient({ secretKey: $.keys.secret, baseUrl: $.front.url, telemetry: false }, { ...hooks, now: () => now });
    $.front.script.push({ status: 503, headers: { 'Retry-After': 'Tue, 14 Apr 2026 12:00:07 GMT' } }, { status: 429, headers: { 'Retry-After': 'Tue, 14 Apr 2026 11:59:00 GMT' } });
    expect((await svcpay.GET('/v1/capabilities')).response.status).toBe(200);
    expect(waits).toEqual([7000, 500]);
  });

  it('gives up after 2 retries by default and answers the last 5xx as the error; maxRetries 0 sends once', async () => {
    const { svcpay, waits } = client();
    $.front.script.push({ status: 503 }, { status: 502 }, { status: 500 }, { status: 503 });
    const read = await svcpay.GET('/v1/sessions/{sessionId}', { params: { path: { sessionId: 'vp_cs_test_nothing' } } });
    expect(read.response.status).toBe(500);
    expect(read.error).toMatchObject({ code: 'scripted_500' });
    expect($.front.arrived.length).toBe(3);
    expect(waits).toEqual([250, 500]);

    $.front.script.length = 0;
    $.front.arrived.length = 0;
    const once = client({ maxRetries: 0 });
    $.front.script.push({ status: 429, headers: { 'Retry-After': '1' } });
    expect((await once.svcpay.POST('/v1/sessions', { body: SESSION })).response.status).toBe(429);
    expect([$.front.arrived.length, once.waits]).toEqual([1, []]);
  });

  it('never waits more than 60 s, and answers a Retry-After beyond that as it is', async () => {
    const { svcpay, waits } = client({ maxRetries: 9 }, 0.999_999_99);
    $.front.script.push(...Array.from({ length: 9 }, () => ({ status: 503 })));
    const made = await svcpay.POST('/v1/sessions', { body: SESSION });
    expect(made.response.status).toBe(201);
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 32_000, MAX_DELAY_MS, MAX_DELAY_MS]);

    $.front.arrived.length = 0;
    const patient = client();
    $.front.script.push({ status: 429, headers: { 'Retry-After': '120' } });
    const refused = await patient.svcpay.POST('/v1/sessions', { body: SESSION });
    expect(refused.response.status).toBe(429);
    expect([$.front.arrived.length, patient.waits]).toEqual([1, []]);
  });

  it('sends again after a dropped connection; throws the failure when retries run out', async () => {
    const { svcpay, waits } = client();
    $.front.script.push({ status: 'drop' });
    const made = await svcpay.POST('/v1/sessions', { body: SESSION });
    expect(made.response.status).toBe(201);
    expect([$.front.on('/v1/sessions').length, waits]).toEqual([2, [250]]);

    $.front.script.push({ status: 'drop' }, { status: 'drop' }, { status: 'drop' });
    await expect(svcpay.GET('/v1/capabilities')).rejects.toThrow(TypeError);
  });

  it('does not send a 5xx or unanswered money-moving call again without an Idempotency-Key; a 429 it does', async () => {
    const { svcpay, waits } = client();
    const pm = await tokenId();
    const before = rows('payment_intents');
    $.front.script.push({ status: 502 });
    const body = { amount: 2000, currency: 'usd', payment_method: { id: pm } };
    const lost = await svcpay.POST('/v1/payment_intents', { body: body as never });
    expect(lost.response.status).toBe(502);
    $.front.script.push({ status: 'drop' });
    await expect(svcpay.POST('/v1/payment_intents', { body: body as never })).rejects.toThrow(TypeError);
    expect([$.front.arrived.length, waits]).toEqual([2, []]);

    $.front.script.push({ status: 429, headers: { 'Retry-After': '2' } });
    const paid = await svcpay.POST('/v1/payment_intents', { body: body as never });
    expect(paid.response.status).toBe(201);
    expect(waits).toEqual([2000]);
    expect(rows('payment_intents')).toBe(before + 1);
  });

  it('sends a money-moving call that carries an Idempotency-Key again, with the same key: charged once', async () => {
    const { svcpay, waits } = client();
    const pm = await tokenId();
    const before = rows('payment_intents');
    $.front.script.push({ status: 503 }, { status: 'drop' });
    const init = { body: { amount: 2100, currency: 'usd', payment_method: { id: pm } } as never, headers: { 'Idempotency-Key': 'order-981' } };
    const paid = await svcpay.POST('/v1/payment_intents', init);
    expect(paid.response.status).toBe(201);
    expect(paid.data).toMatchObject({ status: 'succeeded', amount: 2100 });
    expect($.front.on('/v1/payment_intents').map((a) => a.headers['idempotency-key'])).toEqual(['order-981', 'order-981', 'order-981']);
    expect(waits).toEqual([250, 500]);
    expect(rows('payment_intents')).toBe(before + 1);
    // The same capture rule: an intent's void with a key is retried, without one it is not.
    const held = await $.w.call('POST', '/v1/payment_intents', { amount: 900, currency: 'usd', capture_method: 'manual', payment_method: { id: await tokenId() } }, secretKey($.keys.secret));
    expect(held.body, JSON.stringify(held.body)).toMatchObject({ status: 'authorized' });
    $.front.script.push({ status: 503 });
    const voidCall = (headers: Record<string, string>) => svcpay.POST('/v1/payment_intents/{id}/void', { params: { path: { id: held.body.id } }, body: {} as never, headers });
    expect((await voidCall({})).response.status).toBe(503);
    $.front.script.push({ status: 503 });
    const voided = await voidCall({ 'Idempotency-Key': 'void-1' });
    expect([voided.response.status, voided.data?.status]).toEqual([200, 'voided']);
  });

  it('sets Svc-Pay-Version on every request, retries included, when apiVersion is given; never otherwise', async () => {
    $.front.script.push({ status: 503 });
    await client({ apiVersion: '2026-04-14' }).svcpay.POST('/v1/sessions', { body: SESSION });
    expect($.front.arrived.map((a) => a.headers['svc-pay-version'])).toEqual(['2026-04-14', '2026-04-14']);
    $.front.arrived.length = 0;
    await client().svcpay.GET('/v1/capabilities');
    expect($.front.arrived.map((a) => a.headers['svc-pay-version'])).toEqual([undefined]);
  });
});

describe('redirects', () => {
  it.each([301, 302, 307, 308])('a %i throws unexpected_redirect, neither followed nor retried', async (status) => {
    const { svcpay, waits } = client();
    $.front.script.push({ status, headers: { Location: `${$.front.url}/elsewhere` } });
    const err = await svcpay.POST('/v1/sessions', { body: SESSION }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnexpectedRedirectError);
    expect(err).toMatchObject({ code: 'unexpected_redirect', status, location: `${$.front.url}/elsewhere`, url: `${$.front.url}/v1/sessions` });
    expect((err as Error).message).toMatch(/check `baseUrl`/);
    expect((err as Error).message).not.toContain($.keys.secret);
    expect([$.front.arrived.map((a) => a.path), waits]).toEqual([['/v1/sessions'], []]);
  });
});

describe('the wait', () => {
  it('ends when the caller aborts, and an aborted call is not retried', async () => {
    const gone = new AbortController();
    gone.abort(new Error('caller gave up'));
    await expect(sleepFor(MAX_DELAY_MS, gone.signal)).rejects.toThrow('caller gave up');

    // Aborted while waiting: the wait is given the caller's signal.
    const stop = new AbortController();
    const signals: (AbortSignal | undefined)[] = [];
    const waiting = createSvcPayClient({ secretKey: $.keys.secret, baseUrl: $.front.url, telemetry: false }, {
      sleep: (_ms, signal) => (signals.push(signal), stop.abort(new Error('deadline')), signal ? sleepFor(MAX_DELAY_MS, signal) : Promise.reject(new Error('no signal to end the wait'))),
    });
    $.front.script.push({ status: 503 });
    await expect(waiting.GET('/v1/capabilities', { signal: stop.signal })).rejects.toThrow('deadline');
    expect(signals.map((s) => s?.aborted)).toEqual([true]);

    // Aborted before an answer: not a failure to retry.
    const { waits, hooks } = noWaiting();
    const svcpay = createSvcPayClient({ secretKey: $.keys.secret, baseUrl: $.front.url, telemetry: false }, hooks);
    await expect(svcpay.GET('/v1/capabilities', { signal: AbortSignal.abort(new Error('already over')) })).rejects.toThrow('already over');
    expect(waits).toEqual([]);
  });
});
