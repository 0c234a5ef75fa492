import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { bool, intIn } from './primitives.ts';

const samples: unknown[] = [
  0, 1, -1, 12, 13, 2000, 2100, 2101, 1.5, -0, NaN, Infinity, -Infinity, 2 ** 53, -(2 ** 53), 2 ** 53 - 1, -(2 ** 53 - 1),
  '1', 'true', null, undefined, true, false, {}, [], 1n,
];

describe('intIn', () => {
  it('accepts what zod int() with minimum and maximum accepts', () => {
    for (const [min, max] of [[1, 12], [2000, 2100], [0, undefined], [undefined, undefined]] as const) {
      const zod = z.int().check(...(min === undefined ? [] : [z.minimum(min)]), ...(max === undefined ? [] : [z.maximum(max)]));
      for (const sample of samples) {
        expect(intIn(min, max).safeParse(sample).success, `${String(sample)} in [${min}, ${max}]`).toBe(zod.safeParse(sample).success);
      }
    }
  });
});

describe('bool', () => {
  it('accepts what zod boolean() accepts', () => {
    for (const sample of samples) expect(bool().safeParse(sample).success, String(sample)).toBe(z.boolean().safeParse(sample).success);
  });

  it('infers boolean', () => {
    const value: boolean = bool().parse(true);
    const back: z.infer<ReturnType<typeof bool>> = value;
    expect(back).toBe(true);
  });
});
