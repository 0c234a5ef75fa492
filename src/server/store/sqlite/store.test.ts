import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore, TransactionAwaitedIo } from './index.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function fileStore() {
  const dir = mkdtempSync(join(tmpdir(), 'svcpay-store-'));
  dirs.push(dir);
  return join(dir, 'svcpay.sqlite');
}

const setMeta = (s: SqliteStore, key: string, value: string) => s.tx((r) => r.meta.set(key, value));

describe('SQLite store: transactions and group commit', () => {
  it('rejects and rolls back a transaction that awaits I/O, and lets the rest of its commit land (issue 17, finding 9)', async () => {
    const s = new SqliteStore(fileStore(), { strict: true });
    const slow = s.tx(async (r) => {
      await r.meta.set('slow', 'written');
      await new Promise((done) => setTimeout(done, 5));
      await r.meta.set('slow-after', 'written');
    });
    const quick = s.tx(async (r) => {
      await r.meta.set('quick', 'written');
      return r.meta.get('quick');
    });
    await expect(slow).rejects.toBeInstanceOf(TransactionAwaitedIo);
    expect(await quick).toBe('written');
    expect(await s.read.meta.get('slow')).toBeUndefined();
    expect(await s.read.meta.get('slow-after')).toBeUndefined();
    await s.close();
  });

  it('outside tests reports a transaction that awaited I/O and still commits it', async () => {
    const reported: Error[] = [];
    const s = new SqliteStore(fileStore(), { strict: false, report: (err) => reported.push(err) });
    await s.tx(async (r) => {
      await new Promise((done) => setImmediate(done));
      await r.meta.set('late', 'written');
    });
    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeInstanceOf(TransactionAwaitedIo);
    expect(await s.read.meta.get('late')).toBe('written');
    await s.close();
  });

  it('opens the file in WAL mode with synchronous=FULL, so a commit is on disk before it resolves', async () => {
    const s = new SqliteStore(fileStore());
    expect(s.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(s.db.pragma('synchronous', { simple: true })).toBe(2);
    await s.close();
  });

  it('runs concurrent transactions under one commit, each answered after it', async () => {
    const s = new SqliteStore(fileStore());
    let commits = 0;
    const exec = s.db.exec.bind(s.db);
    s.db.exec = (sql: string) => {
      if (sql === 'COMMIT') commits++;
      return exec(sql);
    };
    await Promise.all(Array.from({ length: 50 }, (_, i) => setMeta(s, `k${i}`, String(i))));
    expect(commits).toBe(1);
    expect(await s.read.meta.get('k49')).toBe('49');
    await s.close();
  });

  it('rolls back only the transaction that throws; the others of its commit land', async () => {
    const s = new SqliteStore(':memory:');
    const results = await Promise.allSettled([
      setMeta(s, 'a', '1'),
      s.tx(async (r) => {
        await r.meta.set('b', '2');
        throw new Error('refused');
      }),
      setMeta(s, 'c', '3'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect([await s.read.meta.get('a'), await s.read.meta.get('b'), await s.read.meta.get('c')]).toEqual(['1', undefined, '3']);
    await s.close();
  });

  it('tells commit listeners after each commit that kept writes, once per commit, and not after a rollback', async () => {
    const s = new SqliteStore(':memory:');
    const seen: (string | undefined)[] = [];
    // A listener sees the writes already committed (an outbox worker reads them at once).
    const off = s.onCommit(() => void s.read.meta.get('k').then((v) => seen.push(v)));
    await Promise.all([setMeta(s, 'k', '1'), setMeta(s, 'j', '2')]);
    await s.tx(async () => {
      throw new Error('refused');
    }).catch(() => undefined);
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual(['1']);
    off();
    await setMeta(s, 'k', '2');
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual(['1']);
    await s.close();
  });

  it('keeps every resolved write after the process reopens the file', async () => {
    const path = fileStore();
    const s = new SqliteStore(path);
    await Promise.all(Array.from({ length: 20 }, (_, i) => setMeta(s, `k${i}`, String(i))));
    await s.close();
    const again = new SqliteStore(path);
    expect(await again.read.meta.get('k19')).toBe('19');
    await again.close();
  });

  it('forgets a cached merchant when the transaction that changed it rolls back', async () => {
    const s = new SqliteStore(':memory:');
    const m = { id: 'm1', environment: 'sandbox' as const, processor: 'sandbox' as const, status: 'active' as const, name: 'A', settings: {} as never, createdAt: 'now' };
    await s.tx((r) => r.merchants.insert({ ...m, settings: { displayName: 'A' } as never }));
    expect((await s.read.merchants.get('m1'))?.status).toBe('active');
    await s
      .tx(async (r) => {
        await r.merchants.update({ ...(await r.merchants.get('m1'))!, status: 'inactive' });
        // A read inside the doomed transaction sees (and would cache) the uncommitted row.
        expect((await r.merchants.get('m1'))?.status).toBe('inactive');
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect((await s.read.merchants.get('m1'))?.status).toBe('active');
    await s.close();
  });
});
