import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.ts';
import { acceptMetadata, METADATA_MAX_BYTES, METADATA_MAX_DEPTH } from './metadata.ts';

describe('acceptMetadata', () => {
  it('drops personal and card key names whatever their case or separators, and keeps the rest with any JSON value', () => {
    const stored = acceptMetadata({ order_id: 'A1', Email: 'x@example.com', CARD_NUMBER: '4242', last_4: '4242', nested: { email: 'kept' }, n: 3 });
    expect(stored).toEqual({ order_id: 'A1', nested: { email: 'kept' }, n: 3 });
  });
  it('refuses a map over 8 KB serialized with validation_error, and accepts one at the limit', () => {
    const pad = (n: number) => ({ k: 'x'.repeat(n - JSON.stringify({ k: '' }).length) });
    expect(acceptMetadata(pad(METADATA_MAX_BYTES))).toEqual(pad(METADATA_MAX_BYTES));
    const err = (() => {
      try {
        acceptMetadata(pad(METADATA_MAX_BYTES + 1), 'buyer.metadata');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('validation_error');
    expect((err as DomainError).message).toMatch(/buyer\.metadata/);
  });
  it('counts bytes, not characters', () => {
    const s = 'é'.repeat(METADATA_MAX_BYTES / 2); // 2 bytes each, plus the JSON around it
    expect(() => acceptMetadata({ k: s })).toThrow(DomainError);
  });
  it('refuses a map nested thousands of levels deep with validation_error, not a stack overflow', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const err = (() => {
      try {
        acceptMetadata({ k: deep });
      } catch (e) {
        return e;
      }
    })();
    expect((err as DomainError).code).toBe('validation_error');
  });
  it('keeps a map nested to the depth limit and refuses one level more', () => {
    const nest = (levels: number) => {
      let v: unknown = 'x';
      for (let i = 1; i < levels; i++) v = [v];
      return v;
    };
    // The map itself is level 1; nest(n) holds n - 1 arrays, at levels 2 to n.
    expect(() => acceptMetadata({ k: nest(METADATA_MAX_DEPTH) })).not.toThrow();
    expect(() => acceptMetadata({ k: nest(METADATA_MAX_DEPTH + 1) })).toThrow(/nested more than 64 levels/);
  });
});
