/**
 * For the schema mirror tests (schemas.test.ts, schemas.*.test.ts): each case's samples go through
 * the classic server schema, its zod/mini mirror and, where there is one, the hand-rolled twin the
 * frames use (./parsers.ts: no zod in a frame); they must agree.
 */
import { describe, expect, it } from 'vitest';

export interface Parser {
  safeParse(data: unknown): { success: boolean; data?: unknown };
}

/** `hand`: the hand-rolled twin the frames use instead (./parsers.ts: no zod in a frame), where there is one. */
export interface MirrorCase {
  name: string;
  classic: Parser;
  mirror: Parser;
  hand?: Parser;
  samples: unknown[];
}

/** A valid sample with each key in turn removed, set to a wrong value, and an extra key added. */
export function variants(valid: Record<string, unknown>, wrong: readonly unknown[] = [undefined, null, 1.5, -1, '', 'x', true, {}, []]): unknown[] {
  const out: unknown[] = [valid, { ...valid, extra: 'x' }];
  for (const key of Object.keys(valid)) {
    const { [key]: _dropped, ...rest } = valid;
    out.push(rest);
    for (const w of wrong) out.push({ ...valid, [key]: w });
  }
  return out;
}

/** A decline as the service answers it. */
export const declined = { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Declined' };

/** Runs every sample of every case through both sides (and the twin): the verdicts and data agree. */
export function mirrorsAgree(cases: readonly MirrorCase[]): void {
  describe('browser schema mirrors agree with the classic server schemas', () => {
    describe.each(cases)('$name', ({ classic, mirror, hand, samples }) => {
      it.each(samples.map((s, i) => [i, s] as const))('sample %i', (_i, sample) => {
        const c = classic.safeParse(sample);
        const m = mirror.safeParse(sample);
        expect(m.success).toBe(c.success);
        if (c.success) expect(m.data).toEqual(c.data);
        // The hand-rolled twin agrees on the verdict (it keeps unknown keys where zod drops them).
        if (hand) expect(hand.safeParse(sample).success).toBe(c.success);
      });

      it('has both accepted and refused samples', () => {
        const verdicts = samples.map((s) => classic.safeParse(s).success);
        expect(verdicts.filter(Boolean).length).toBeGreaterThanOrEqual(4);
        expect(verdicts.filter((v) => !v).length).toBeGreaterThanOrEqual(4);
      });
    });
  });
}
