import { describe, expect, it } from 'vitest';
import { fold, judge, ratio, type Round } from './api-stats.ts';

const round = (over: Partial<Round> = {}): Round => ({ requests: 1000, seconds: 1, p50: 2, p99: 8, errors: 0, non2xx: 0, cpuMs: 500, ...over });

describe('fold', () => {
  it('weighs rounds by their length, averages medians and keeps the worst p99', () => {
    const f = fold([round({ requests: 4000, seconds: 3, p50: 2, p99: 5 }), round({ requests: 500, seconds: 1, p50: 4, p99: 19 })]);
    expect(f.reqPerSec).toBe(1125);
    expect(f.p50).toBe(3);
    expect(f.p99).toBe(19);
    expect(f.rounds.map(Math.round)).toEqual([1333, 500]);
  });

  it('divides the CPU of all rounds by all their requests, and gives none if a round could not read it', () => {
    expect(fold([round({ requests: 1000, cpuMs: 500 }), round({ requests: 3000, cpuMs: 700 })]).cpuMsPerRequest).toBe(0.3);
    expect(fold([round(), round({ cpuMs: null })]).cpuMsPerRequest).toBeNull();
  });

  it('adds up errors and non-2xx answers', () => {
    const f = fold([round({ errors: 1, non2xx: 2 }), round({ errors: 3, non2xx: 4 })]);
    expect([f.errors, f.non2xx, f.requests]).toEqual([4, 6, 2000]);
  });
});

describe('judge', () => {
  const mock = fold([round({ requests: 1000 })]);

  it('passes the in-memory store at 1.0x and the file store at 0.7x', () => {
    expect(judge('m', 'memory', 'create', fold([round({ requests: 1000 })]), mock).misses).toEqual([]);
    expect(judge('f', 'file', 'create', fold([round({ requests: 700 })]), mock).misses).toEqual([]);
  });

  it('misses below the ratio for the store', () => {
    expect(judge('m', 'memory', 'create', fold([round({ requests: 990 })]), mock).misses).toEqual(['ratio 0.99x < 1.0x']);
    expect(judge('f', 'file', 'read', fold([round({ requests: 690 })]), mock).misses).toEqual(['ratio 0.69x < 0.7x']);
  });

  it('misses at a p99 of 20 ms or more, and on any failed answer however fast', () => {
    expect(judge('m', 'memory', 'read', fold([round({ requests: 5000, p99: 20 })]), mock).misses).toEqual(['p99 20.0 ms >= 20 ms']);
    expect(judge('m', 'memory', 'read', fold([round({ requests: 5000, non2xx: 1 })]), mock).misses).toEqual(['0 errors, 1 non-2xx']);
    expect(judge('m', 'memory', 'read', fold([round({ requests: 5000, errors: 1 })]), mock).misses).toEqual(['1 errors, 0 non-2xx']);
  });

  it('reports a charge without the platform aims, but still misses it on a failed answer', () => {
    expect(judge('m', 'memory', 'charge', fold([round({ requests: 300, p99: 90 })]), mock).misses).toEqual([]);
    expect(judge('m', 'memory', 'charge', fold([round({ requests: 300, non2xx: 2 })]), mock).misses).toEqual(['0 errors, 2 non-2xx']);
  });

  it('misses when the mock served nothing rather than dividing by zero', () => {
    const dead = fold([round({ requests: 0 })]);
    expect(ratio(fold([round()]), dead)).toBeNaN();
    expect(judge('m', 'memory', 'create', fold([round()]), dead).misses).toEqual(['ratio NaNx < 1.0x']);
  });
});
