/**
 * What a frame learns from its URL hash, as zod schemas: the definition. The hash is written by the
 * embed script on the merchant page, so it is untrusted input: it is parsed once, and a frame with
 * a bad hash stays inert. (The hash, unlike the query, never reaches the server or its logs.) The
 * field and controller frames read it with the hand-rolled twins in frame-parsers.ts (no zod in
 * a frame: issue 9), which frame-parsers.test.ts holds equal to `readHash` with these schemas.
 */
// zod/mini, like messages.ts: classic zod does not tree-shake.
import * as z from 'zod/mini';
import { Appearance, ElementOptions } from './messages.ts';
import { CHANNEL_ID, isHttpOrigin } from './channel.ts';
import { elementTypes } from '../vocab/elements.ts';
import { publishableKeyShape } from '../vocab/keys.ts';

const HttpOrigin = z.string().check(z.refine(isHttpOrigin, 'not an http(s) origin'));

const Common = {
  channel: z.string().check(z.regex(CHANNEL_ID)),
  parentOrigin: HttpOrigin,
  locale: z.optional(z.string().check(z.maxLength(16))),
  debug: z.optional(z.literal('1')),
};

export const ControllerParams = z.object(Common);
export type ControllerParams = z.infer<typeof ControllerParams>;

export const FieldParams = z.object({
  ...Common,
  elementId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  /** The mount's key and session: a field releases values only to a controller bound to both (binding.ts). */
  publishableKey: z.string().check(z.regex(publishableKeyShape)),
  sessionId: z.string().check(z.minLength(1), z.maxLength(80)),
  /** Each frame page renders only its own types (src/elements/registry.ts, `rendersOn`). */
  type: z.enum(elementTypes),
  /** JSON in the hash (see `jsonKeys`). */
  options: ElementOptions,
  appearance: Appearance,
});
export type FieldParams = z.infer<typeof FieldParams>;

/** The embedded checkout frame (`mountCheckout`, embed sessions): the key and session it polls with. */
export const CheckoutParams = z.object({
  ...Common,
  publishableKey: z.string().check(z.regex(publishableKeyShape)),
  sessionId: z.string().check(z.minLength(1), z.maxLength(80)),
});
export type CheckoutParams = z.infer<typeof CheckoutParams>;

/**
 * Hash keys whose value is JSON text (at most 4000 characters), parsed before the schema runs.
 * Parsed here rather than with a zod transform + pipe: those would add to every page's shared
 * zod chunk for this one use.
 */
const jsonKeys = ['options', 'appearance'] as const;
const JsonText = z.string().check(z.maxLength(4000));

/** Parses `#a=1&b=2` with `schema`; null when the hash does not fit. */
export function readHash<T extends z.ZodMiniObject>(hash: string, schema: T): z.infer<T> | null {
  const raw: Record<string, unknown> = Object.fromEntries(new URLSearchParams(hash.replace(/^#/, '')));
  for (const key of jsonKeys) {
    const text = raw[key];
    if (typeof text !== 'string' || !(key in schema.shape)) continue;
    if (!JsonText.safeParse(text).success) return null;
    try {
      raw[key] = JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
