import { describe, expect, it } from 'vitest';
import { canonicalJson } from './idempotency.ts';

describe('idempotency layer', () => {
  it('canonicalises bodies: key order inside objects does not matter', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(canonicalJson({ a: { c: null, d: [2, { e: 0, f: 1 }] }, b: 1 }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });
});
