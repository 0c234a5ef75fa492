import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { readBoot, type Boot } from './boot.ts';

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

/** The zod/mini schema readBoot used before its hand-rolled check (issue 22): they must agree. */
const ZodBoot = z.object({
  sessionId: z.string().check(z.minLength(1), z.maxLength(80)),
  publishableKey: z.nullable(z.string().check(z.minLength(1), z.maxLength(200))),
  locale: z.optional(z.nullable(z.string().check(z.maxLength(16)))),
});
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameType = <_T extends true>() => {};
sameType<Equal<Boot, z.infer<typeof ZodBoot>>>();

describe('readBoot agrees with the zod schema it replaced', () => {
  const ok = { sessionId: 'cs_1', publishableKey: 'vp_pk_test_x', locale: 'fr' };
  const samples: unknown[] = [
    ok,
    { ...ok, extra: 'dropped' },
    { sessionId: 'cs_1', publishableKey: null },
    { sessionId: 'cs_1', publishableKey: null, locale: null },
    { ...ok, sessionId: '' },
    { ...ok, sessionId: 'x'.repeat(80) },
    { ...ok, sessionId: 'x'.repeat(81) },
    { ...ok, sessionId: 1 },
    { ...ok, publishableKey: '' },
    { ...ok, publishableKey: 'k'.repeat(200) },
    { ...ok, publishableKey: 'k'.repeat(201) },
    { sessionId: 'cs_1' },
    { ...ok, locale: '' },
    { ...ok, locale: 'x'.repeat(16) },
    { ...ok, locale: 'x'.repeat(17) },
    { ...ok, locale: 5 },
    null,
    [],
    'cs_1',
    42,
  ];
  it.each(samples.map((s, i) => [i, s] as const))('sample %i', (_i, sample) => {
    const zod = ZodBoot.safeParse(sample);
    const ours = readBoot(JSON.stringify(sample));
    expect(ours).toEqual(zod.success ? zod.data : null);
  });
});
