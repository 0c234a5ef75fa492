/**
 * The signature check compares every candidate with every secret's expected value, in constant
 * time and with no early exit, so the time it takes says nothing about which one matched.
 */
import { describe, expect, it, vi } from 'vitest';

const compared = vi.hoisted(() => ({ calls: 0 }));
vi.mock('node:crypto', async (original) => {
  const real = await original<typeof import('node:crypto')>();
  return {
    ...real,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      compared.calls++;
      return real.timingSafeEqual(a, b);
    },
  };
});

// Files share one module graph (vitest.config.ts, isolate: false): signature.ts may already be
// loaded with the real node:crypto, so it is loaded again here, under the mock.
vi.resetModules();
const { sign, signatureHeader, verifySignature } = await import('./signature.ts');

describe('verifySignature timing', () => {
  it('compares every pair in constant time, even when the first one matches', () => {
    const body = '{"id":"evt_1"}';
    const t = 1_900_000_000;
    // Two secrets (a rotation) and two v1 values in the header: the first pair matches.
    const header = `${signatureHeader(['whsec_new', 'whsec_old'], body, t)}`;
    compared.calls = 0;
    expect(verifySignature(header, ['whsec_new', 'whsec_old'], body, t)).toBe(true);
    expect(compared.calls).toBe(4);
    // A wrong signature of the right length goes through the same comparisons and fails.
    compared.calls = 0;
    const wrong = `t=${t},v1=${sign('whsec_other', body, t)}`;
    expect(verifySignature(wrong, ['whsec_new', 'whsec_old'], body, t)).toBe(false);
    expect(compared.calls).toBe(2);
  });
});
