/**
 * Valid values from a JSON Schema (the 2020-12 subset `z.toJSONSchema` and the OpenAPI 3.1
 * generator emit): the fuzz starts from bodies the route's own schema accepts, so a share of its
 * requests reaches the handler instead of stopping at validation.
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  maxItems?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

export interface Options {
  /** Resolves `#/components/schemas/X` references of an OpenAPI document. */
  refs?: Record<string, JsonSchema>;
  /** Values to use for a property name wherever it appears (a currency the engine accepts, say). */
  hints?: Record<string, fc.Arbitrary<unknown>>;
  /** Properties to send always where they appear, though the schema has them optional. */
  required?: string[];
}

/** Keeps generated bodies small: the point is variety of shape, not size. */
const MAX_STRING = 24;
const MAX_ITEMS = 3;

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? MAX_STRING, MAX_STRING));
  if (s.format === 'email') return fc.emailAddress().filter((e) => e.length <= (s.maxLength ?? 254) && (!s.pattern || new RegExp(s.pattern).test(e)));
  if (s.format === 'uri') return fc.webUrl({ validSchemes: ['https', 'http'] }).filter((u) => u.length <= (s.maxLength ?? 2048) && URL.canParse(u));
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity));
  return fc.string({ minLength, maxLength, unit: 'grapheme' }).filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity));
}

function numberOf(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : s.minimum;
  const hi = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : s.maximum;
  if (integer) return fc.integer({ min: Math.max(lo ?? -1e9, Number.MIN_SAFE_INTEGER), max: Math.min(hi ?? 1e9, Number.MAX_SAFE_INTEGER) });
  return fc.double({ min: lo ?? -1e9, max: hi ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

/** Any JSON value, for `{}` (zod's `unknown`) and open records. */
const anyJson = fc.jsonValue({ maxDepth: 2 });

export function arbitraryOf(schema: JsonSchema, opts: Options = {}, name?: string): fc.Arbitrary<unknown> {
  if (name !== undefined && opts.hints?.[name]) return opts.hints[name]!;
  if (schema.$ref) {
    const target = opts.refs?.[schema.$ref.split('/').pop()!];
    if (!target) throw new Error(`fuzz: unresolved schema reference ${schema.$ref}`);
    return arbitraryOf(target, opts, name);
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => arbitraryOf(a, opts)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = schema.items ? arbitraryOf(schema.items, opts) : anyJson;
      return fc.array(item, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS) });
    }
    case 'object':
      return objectOf(schema, opts);
    default:
      return anyJson;
  }
}

function objectOf(schema: JsonSchema, opts: Options): fc.Arbitrary<unknown> {
  const props = schema.properties ?? {};
  if (Object.keys(props).length > 0) {
    const required = [...(schema.required ?? []), ...(opts.required ?? []).filter((k) => k in props)];
    const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryOf(v, opts, k)]));
    return fc.record(model, { requiredKeys: required as never[] });
  }
  // A record: keys from `propertyNames`, values from `additionalProperties`.
  // Without `propertyNames` (the OpenAPI generator drops it) keys stay plain, as most records want.
  const key = schema.propertyNames ? (arbitraryOf(schema.propertyNames, opts) as fc.Arbitrary<string>) : fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);
  const value = typeof schema.additionalProperties === 'object' ? arbitraryOf(schema.additionalProperties, opts) : anyJson;
  return fc.dictionary(key, value, { maxKeys: MAX_ITEMS });
}
