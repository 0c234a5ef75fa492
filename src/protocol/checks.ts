/**
 * Hand-rolled shape checks for the bundles that cannot afford zod at run time: the script-tag
 * bundle (embed/protocol.ts, 6 KB budget) and the field frame (frame-parsers.ts, which is on the
 * way to a card's `ready`: issue 9, Speed). Each parser built from these mirrors a zod schema of
 * messages.ts, whose types it returns; a test beside each runs the same samples through both and
 * proves they agree. zod-free: importing this costs a bundle no zod.
 */
import type { Parser } from './channel.ts';

export const PROTOCOL = 'svcpay/1' as const;

export type Check = (v: unknown) => boolean;
type Rec = Record<string, unknown>;

export const isObj = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
export const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
export const str = /* @__NO_SIDE_EFFECTS__ */ (max: number, re?: RegExp, min = 0): Check => (v) => typeof v === 'string' && v.length >= min && v.length <= max && (!re || re.test(v));
export const re = /* @__NO_SIDE_EFFECTS__ */ (r: RegExp) => str(1e9, r);
export const bool: Check = (v) => typeof v === 'boolean';
export const int = /* @__NO_SIDE_EFFECTS__ */ (min: number, max: number): Check => (v) => Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;
export const oneOf = /* @__NO_SIDE_EFFECTS__ */ (xs: readonly unknown[]): Check => (v) => xs.includes(v);
export const opt = /* @__NO_SIDE_EFFECTS__ */ (c: Check): Check => (v) => v === undefined || c(v);
export const orNull = /* @__NO_SIDE_EFFECTS__ */ (c: Check): Check => (v) => v === null || c(v);
/** A strict object: every key known, every known key valid (absent keys are `undefined`). */
export const obj = /* @__NO_SIDE_EFFECTS__ */ (shape: Record<string, Check>): Check => (v) =>
  isObj(v) && Object.keys(v).every((k) => has(shape, k)) && Object.keys(shape).every((k) => shape[k]!(v[k]));

/** Channel ids and element or request ids, as messages.ts spells them. */
export const channelId = re(/^[A-Za-z0-9_-]{8,64}$/);
export const id = re(/^[A-Za-z0-9_-]{1,64}$/);
/** `protocol`, `type` and (when `withChannel`) `channel`: the head of every message. */
export const head = /* @__NO_SIDE_EFFECTS__ */ (type: string, withChannel = true): Record<string, Check> => ({
  protocol: oneOf([PROTOCOL]),
  type: oneOf([type]),
  ...(withChannel ? { channel: channelId } : {}),
});

/** A parser over the members of a union told apart by `type`. */
/* @__NO_SIDE_EFFECTS__ */
export function union<T>(byType: Record<string, Check>): Parser<T> {
  return {
    safeParse(data) {
      const type = isObj(data) ? data.type : undefined;
      const ok = typeof type === 'string' && has(byType, type) && byType[type]!(data);
      return ok ? { success: true, data: data as T } : { success: false };
    },
  };
}

/**
 * A parser over the members of a union told apart by `type`, each given as its own fields: the
 * head (`protocol`, `type`, and `channel` unless `withChannel` is false) is added to each, so a
 * type is spelled once.
 */
/* @__NO_SIDE_EFFECTS__ */
export function messages<T>(byType: Record<string, Record<string, Check>>, withChannel = true): Parser<T> {
  const checks: Record<string, Check> = {};
  for (const type in byType) checks[type] = obj({ ...head(type, withChannel), ...byType[type] });
  return union<T>(checks);
}

/** A parser of one check. */
export const parser = /* @__NO_SIDE_EFFECTS__ */ <T>(check: Check): Parser<T> => ({
  safeParse: (data) => (check(data) ? { success: true, data: data as T } : { success: false }),
});
