import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { buildDeps } from '../deps.ts';
import { loadConfig } from '../env.ts';
import { createLogger } from '../log.ts';
import { createMerchant } from '../engine/merchants.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function boot(path: string) {
  const { deps } = buildDeps(loadConfig({ SVCPAY_DATA: path }), createLogger(false));
  return { deps, app: createApp(deps) };
}

describe('durable store', () => {
  it('keeps acknowledged sessions, keys and the service clock across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svcpay-'));
    dirs.push(dir);
    const path = join(dir, 'svcpay.sqlite');

    const first = boot(path);
    const { keys } = createMerchant(first.deps, {});
    const res = await first.app.request('/v1/sessions', {
      method: 'POST',
      headers: { Authorization: `Bearer ${keys.secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 500, currency: 'gbp' }),
    });
    const created = await res.json();
    first.deps.clock.advance(3600);
    const clockBefore = first.deps.clock.nowMs();
    first.deps.store.close();

    const second = boot(path);
    const read = await second.app.request(`/v1/sessions/${created.id}`, { headers: { Authorization: `Bearer ${keys.secret}` } });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id: created.id, amount: 500, currency: 'GBP' });
    expect(second.deps.clock.nowMs() - clockBefore).toBeGreaterThanOrEqual(0);
    expect(second.deps.clock.nowMs() - clockBefore).toBeLessThan(60_000);
    second.deps.store.close();
  });
});
