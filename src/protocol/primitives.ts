/**
 * Integers and booleans for the browser's zod/mini schemas (messages.ts, src/client/schemas/),
 * built from schema kinds the frames load anyway. Every zod schema or check kind is code of its
 * own in the chunk all frames share: `z.int()` with `minimum`/`maximum` cost the frame bundle
 * ~0.6 KB gzipped and `z.boolean()` ~0.1 KB, for a handful of fields. Each helper accepts exactly
 * what the zod original accepts (primitives.test.ts compares them).
 */
import * as z from 'zod/mini';

/** What `z.int().check(z.minimum(min), z.maximum(max))` accepts: safe integers within [min, max]. */
export const intIn = (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) =>
  z.number().check(z.refine((n: number) => Number.isSafeInteger(n) && n >= min && n <= max));

/** What `z.boolean()` accepts, as a literal of both values; infers `boolean`. */
export const bool = () => z.literal([true, false]);
