import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './db.ts';
import { walDurability } from './durable.ts';
import { testProcessor } from '../testing.ts';

const dir = mkdtempSync(join(tmpdir(), 'sbx-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the processor’s group fsync', () => {
  it('flushes once for every barrier asked for in the same turn, and again for a later one', async () => {
    const path = join(dir, 'p.sqlite');
    const db = openDb(path);
    db.exec('CREATE TABLE t (n INTEGER)');
    const d = walDurability(path);
    db.prepare('INSERT INTO t VALUES (1)').run();
    const a = d.barrier();
    const b = d.barrier();
    expect(b).toBe(a);
    await a;
    db.prepare('INSERT INTO t VALUES (2)').run();
    const c = d.barrier();
    expect(c).not.toBe(a);
    await c;
    await d.close();
    db.close();
  });

  it('has nothing to flush before the first commit', async () => {
    const d = walDurability(join(dir, 'never-written.sqlite'));
    await expect(d.barrier()).resolves.toBeUndefined();
  });

  it('holds every answer to a write until the barrier resolves, and never a read', async () => {
    let release!: () => void;
    let asked = 0;
    const gate = () => {
      asked++;
      return new Promise<void>((r) => (release = r));
    };
    const { call, processor } = testProcessor({ durable: gate });
    let answered = false;
    const pending = Promise.resolve(call('POST', '/v1/client_tokens', { sessionId: 'cs_1', livemode: false, amount: 700, currency: 'USD' })).then((r) => {
      answered = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect([asked, answered]).toEqual([1, false]);
    release();
    expect((await pending).status).toBe(201);
    // A read waits for nothing.
    expect((await processor.app.request('/v1/transactions/nothing', { headers: { Authorization: 'Bearer sbx_sk_test_only', 'Sandbox-Account': 'merchant_test_1' } })).status).toBe(404);
    expect(asked).toBe(1);
  });
});
