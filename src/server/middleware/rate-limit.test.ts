import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './rate-limit-memory.ts';

describe('sliding window counter', () => {
  it('lets `limit` calls through per window, refuses the next, and frees a slot as the oldest call leaves', async () => {
    const l = new MemoryRateLimiter();
    for (let i = 0; i < 3; i++) expect((await l.hit('c', 3, 60_000, 1_000 + i * 10_000)).allowed).toBe(true);
    const refused = await l.hit('c', 3, 60_000, 30_000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterMs: 31_000 });
    // The window slides: at 61.001 s the call made at 1 s has left it, the others have not.
    expect((await l.hit('c', 3, 60_000, 61_001)).allowed).toBe(true);
    expect((await l.hit('c', 3, 60_000, 61_002)).allowed).toBe(false);
  });
});

describe('sliding window counter: edges', () => {
  it('frees a call exactly one window after it, and reports what is left and when the oldest call leaves', async () => {
    const l = new MemoryRateLimiter();
    expect(await l.hit('c', 2, 60_000, 1_000)).toMatchObject({ allowed: true, remaining: 1, resetMs: 61_000 });
    expect(await l.hit('c', 2, 60_000, 2_000)).toMatchObject({ allowed: true, remaining: 0, resetMs: 61_000 });
    expect(await l.hit('c', 2, 60_000, 3_000)).toMatchObject({ allowed: false, resetMs: 61_000, retryAfterMs: 58_000 });
    expect(await l.hit('c', 2, 60_000, 61_000)).toMatchObject({ allowed: true, remaining: 0, resetMs: 62_000 });
  });

  it('never forgets a counter still inside its window when it sweeps idle ones', async () => {
    const l = new MemoryRateLimiter();
    await l.hit('other', 1, 60_000, 600_000); // the first sweep runs here
    for (let i = 0; i < 3; i++) await l.hit('c', 3, 60_000, 899_000 + i);
    // 5 minutes after the first sweep the next one runs; the calls of 1 s ago still count.
    expect((await l.hit('c', 3, 60_000, 900_001)).allowed).toBe(false);
  });
});
