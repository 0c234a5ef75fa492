import { describe, expect, it } from 'vitest';
import { newId, randomChars } from './ids.ts';

describe('random ids', () => {
  it('are unique and use every character of the alphabet about equally', () => {
    const ids = Array.from({ length: 20_000 }, () => randomChars(16));
    expect(new Set(ids).size).toBe(ids.length);
    const counts = new Map<string, number>();
    for (const id of ids) for (const ch of id) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 320 000 characters over 62 symbols: about 5161 each; a skewed byte mapping would show.
    for (const n of counts.values()) expect(Math.abs(n - 320_000 / 62)).toBeLessThan(400);
  });

  it('keep the shapes of Doc 1 across pool refills', () => {
    for (let i = 0; i < 2000; i++) expect(newId.session(false)).toMatch(/^vp_cs_test_[A-Za-z0-9]{16}$/);
  });
});
