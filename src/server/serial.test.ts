import { describe, expect, it } from 'vitest';
import { drainDue, oneAtATime } from './serial.ts';

describe('oneAtATime', () => {
  it('never runs two passes at once; calls during a pass share one more pass, which starts after it', async () => {
    let running = 0;
    let most = 0;
    let passes = 0;
    const gates: (() => void)[] = [];
    const run = oneAtATime(async () => {
      running++;
      most = Math.max(most, running);
      const n = ++passes;
      await new Promise<void>((r) => gates.push(r));
      running--;
      return n;
    });
    const first = run();
    await Promise.resolve();
    await Promise.resolve();
    const during = [run(), run(), run()];
    expect(during[0]).toBe(during[2]);
    gates.shift()!();
    expect(await first).toBe(1);
    await new Promise((r) => setTimeout(r));
    gates.shift()!();
    expect(await Promise.all(during)).toEqual([2, 2, 2]);
    expect([passes, most]).toEqual([2, 1]);
  });

  it('keeps going after a pass that failed', async () => {
    let n = 0;
    const run = oneAtATime(async () => {
      if (++n === 1) throw new Error('store locked');
      return n;
    });
    await expect(run()).rejects.toThrow('store locked');
    expect(await run()).toBe(2);
  });
});

describe('drainDue', () => {
  const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `r${from + i}` }));

  it('takes batch after batch until one comes back short, and counts what each row answered', async () => {
    const pages = [rows(2), rows(2, 2), rows(1, 4)];
    const seen: string[] = [];
    const counts = await drainDue(
      async (limit) => {
        expect(limit).toBe(2);
        return pages.shift() ?? [];
      },
      async (row) => (seen.push(row.id), row.id === 'r1' ? null : row.id === 'r3' ? 'b' : 'a'),
      { a: 0, b: 0 },
      { batch: 2 },
    );
    expect(seen).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    expect(counts).toEqual({ a: 3, b: 1 });
    expect(pages).toEqual([]);
  });

  it('hands a row that throws to onError and goes on; without onError the pass ends with it', async () => {
    const failed: string[] = [];
    const handle = async (row: { id: string }) => {
      if (row.id === 'r0') throw new Error('boom');
      return 'ok' as const;
    };
    expect(await drainDue(async () => rows(2), handle, { ok: 0 }, { batch: 3, onError: (row) => failed.push(row.id) })).toEqual({ ok: 1 });
    expect(failed).toEqual(['r0']);
    await expect(drainDue(async () => rows(2), handle, { ok: 0 }, { batch: 3 })).rejects.toThrow('boom');
  });
});
