import { describe, expect, it } from 'vitest';
import { readBoot } from './boot.ts';

describe('readBoot', () => {
  it('reads a session with its key and locale', () => {
    expect(readBoot('{"sessionId":"cs_1","publishableKey":"vp_pk_test_x","locale":"fr"}')).toEqual({
      sessionId: 'cs_1',
      publishableKey: 'vp_pk_test_x',
      locale: 'fr',
    });
  });

  it('keeps a null key (unknown session)', () => {
    expect(readBoot('{"sessionId":"cs_1","publishableKey":null,"locale":null}')?.publishableKey).toBeNull();
  });

  it('is null for a missing, unreplaced or malformed boot element', () => {
    expect(readBoot(null)).toBeNull();
    expect(readBoot('')).toBeNull();
    expect(readBoot('{oops')).toBeNull();
    expect(readBoot('{"publishableKey":"x"}')).toBeNull();
  });
});
