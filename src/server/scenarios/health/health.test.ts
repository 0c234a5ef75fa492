import { afterEach, describe, expect, it, vi } from 'vitest';
import { testApp } from '../../testing.ts';
import { migrations } from '../../store/schema/migrations.ts';

/** The sandbox processor's origin is not listening in unit tests: answer for it. */
function processorAnswers(state: 'up' | 'down' | 'erroring') {
  const real = globalThis.fetch;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url === 'http://127.0.0.1:4243/health') {
      if (state === 'down') throw new TypeError('fetch failed');
      return state === 'up' ? new Response('{"status":"ok"}', { status: 200 }) : new Response('{"code":"processor_error"}', { status: 500 });
    }
    return real(input, init);
  });
}

afterEach(() => vi.restoreAllMocks());

describe('GET /api/health', () => {
  it('answers the shallow check without touching the store or the processor', async () => {
    const t = await testApp();
    const fetchSpy = processorAnswers('up');
    const ping = vi.spyOn(t.deps.store, 'ping');
    const res = await t.json('GET', '/api/health');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', version: '2026-04-14' });
    expect(body.checks).toBeUndefined();
    expect(ping).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('deep: checks store, processor and clock', async () => {
    const t = await testApp();
    processorAnswers('up');
    const res = await t.json('GET', '/api/health?deep=true');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', checks: { store: 'ok', processor: 'ok', clock: 'ok' }, database: { backend: 'sqlite', migration: migrations.length } });
  });

  it('deep: the store probe writes nothing that stays', async () => {
    const t = await testApp();
    processorAnswers('up');
    await t.json('GET', '/api/health?deep=true');
    expect(await t.store.read.meta.get('health_probe')).toBeUndefined();
  });

  it('deep: 503 degraded naming the store when it fails', async () => {
    const t = await testApp();
    processorAnswers('up');
    t.store.db.exec('DROP TABLE meta');
    const res = await t.json('GET', '/api/health?deep=true');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'degraded', checks: { store: 'failed', processor: 'ok', clock: 'ok' } });
  });

  it('deep: 503 degraded naming the processor when its origin does not answer or answers an error', async () => {
    for (const state of ['down', 'erroring'] as const) {
      const t = await testApp();
      processorAnswers(state);
      const res = await t.json('GET', '/api/health?deep=true');
      expect(res.status, state).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'degraded', checks: { store: 'ok', processor: 'failed', clock: 'ok' } });
      vi.restoreAllMocks();
    }
  });

  it('deep: 503 degraded naming the clock when the service clock is behind wall time', async () => {
    const t = await testApp();
    processorAnswers('up');
    t.deps.clock.advance(-60);
    const res = await t.json('GET', '/api/health?deep=true');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'degraded', checks: { store: 'ok', processor: 'ok', clock: 'failed' } });
  });
});
