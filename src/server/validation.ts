/**
 * Turns a zod failure into the right validation code (Doc 1, Errors): an unknown field is
 * `validation_unknown_field`, a missing one `validation_missing_field`, a bad amount
 * `validation_invalid_amount`, anything else `validation_error`. The message names every field.
 */
import { z } from '@hono/zod-openapi';
import { DomainError, type ErrorCode } from './domain/errors.ts';
import { isJsonType } from './middleware/content-type.ts';

const AMOUNT_FIELDS = new Set(['amount', 'unitAmount', 'expected_amount']);
/** Required fields whose absence Doc 2 answers `validation_error` (not `validation_missing_field`): `POST /v1/tokens`' reference. */
const MISSING_IS_INVALID = new Set(['provider_reference']);

/** A zod issue for a required field that was not sent (reported as `validation_missing_field`). */
export const isMissingIssue = (issue: z.core.$ZodIssue) => issue.code === 'invalid_type' && /received undefined/.test(issue.message);

export function validationError(error: z.ZodError): DomainError {
  const issues = error.issues;
  let code: ErrorCode = 'validation_error';
  const parts: string[] = [];
  for (const issue of issues) {
    const path = issue.path.join('.');
    if (issue.code === 'unrecognized_keys') {
      code = 'validation_unknown_field';
      const keys = issue.keys.map((k) => (path ? `${path}.${k}` : k));
      parts.push(`unknown field${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`);
      continue;
    }
    const missing = isMissingIssue(issue);
    const last = issue.path[issue.path.length - 1];
    if (code === 'validation_error') {
      if (missing && !(typeof last === 'string' && MISSING_IS_INVALID.has(last))) code = 'validation_missing_field';
      else if (typeof last === 'string' && AMOUNT_FIELDS.has(last)) code = 'validation_invalid_amount';
    }
    const amountIssue = typeof last === 'string' && AMOUNT_FIELDS.has(last) && !missing;
    parts.push(
      missing
        ? `${path || 'body'} is required`
        : amountIssue
          ? `${path} must be a positive integer in minor units, at most 99,999,999`
          : `${path || 'body'}: ${issue.message}`,
    );
  }
  return new DomainError(code, parts.join('; ') || undefined);
}

export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data);
  if (!r.success) throw validationError(r.error);
  return r.data;
}

/** Doc 1, Global conventions: request bodies have no `sandbox` or `mode` field; one sent is ignored. */
const MODE_FIELDS = ['sandbox', 'mode'] as const;

/** The top-level fields a body schema takes (an object's, or any option's of a union). */
function fieldsOf(schema: z.ZodType): Set<string> {
  const def = schema._zod.def as { type: string; shape?: Record<string, unknown>; options?: z.ZodType[]; in?: z.ZodType };
  if (def.type === 'object') return new Set(Object.keys(def.shape ?? {}));
  if (def.type === 'union') return new Set(def.options!.flatMap((o) => [...fieldsOf(o)]));
  if (def.type === 'pipe') return fieldsOf(def.in!);
  return new Set();
}

/** The schemas `ignoringModeFields` made, and the fields each drops. */
const IGNORED = new WeakMap<z.ZodType, readonly string[]>();

/**
 * `schema`, reading a body without the `sandbox` and `mode` fields Doc 1 ignores (the mode is
 * the key's), unless the schema takes that field itself (a session's `mode`, Doc 3). Any other
 * unknown field is still `validation_unknown_field`. The contract shows `schema` as it is: the
 * ignored fields are no fields of it.
 */
export function ignoringModeFields<S extends z.ZodType>(schema: S): S {
  const own = fieldsOf(schema);
  const ignored = MODE_FIELDS.filter((f) => !own.has(f));
  if (ignored.length === 0) return schema;
  // The pipe validates and infers as `schema` does; the cast keeps the routes' types as they were.
  const reading = z.preprocess((value) => withoutFields(value, ignored), schema) as unknown as S;
  IGNORED.set(reading, ignored);
  return reading;
}

/** The top-level fields a body schema ignores: those `ignoringModeFields` drops from it, else none. */
export const ignoredFieldsOf = (schema: unknown): readonly string[] => (schema instanceof Object && IGNORED.get(schema as z.ZodType)) || [];

/** A JSON object body without `fields` at its top level; anything else as it is. */
export function withoutFields(value: unknown, fields: readonly string[]): unknown {
  if (fields.length === 0 || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const rest: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const f of fields) delete rest[f];
  return rest;
}

/** Reads a JSON body; an absent body reads as `{}` so schemas report the missing fields. */
export async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === '') return {};
  if (!isJsonType(req.headers.get('content-type'))) throw new DomainError('unsupported_media_type');
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError('validation_error', 'The request body is not valid JSON.');
  }
}
