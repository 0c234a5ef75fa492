/**
 * A router per resource. Each is an OpenAPIHono so its zod schemas feed the generated contract;
 * a failed validation becomes the spec's validation codes through one hook.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context.ts';
import { ErrorEnvelope } from '../api/errors.ts';
import { createMiddleware } from 'hono/factory';
import { ignoredFieldsOf, ignoringModeFields, validationError } from './validation.ts';
import { storableInput } from './middleware/storable.ts';
import type { z } from '@hono/zod-openapi';

export function newRouter() {
  const r = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
  // A route whose body ignores fields (`body`) says which before its own middleware runs, so the
  // idempotency layer fingerprints the body the route reads (Doc 1, Idempotency 3; issue 35).
  const register = r.openapi;
  r.openapi = ((route: Parameters<typeof register>[0], ...rest: unknown[]) => {
    const media = route.request?.body?.content?.['application/json'];
    const ignored = ignoredFieldsOf(media && 'schema' in media ? media.schema : undefined);
    const own = route.middleware === undefined ? [] : [route.middleware].flat();
    // Last of the route's middleware: text no store can keep is answered before the route reads a store (issue 37).
    const guard = storableInput(route as Parameters<typeof storableInput>[0]);
    const named = { ...route, middleware: [...(ignored.length === 0 ? [] : [ignoring(ignored)]), ...own, guard] };
    return (register as (...a: unknown[]) => unknown)(named, ...rest);
  }) as typeof register;
  return r;
}

const ignoring = (fields: readonly string[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('ignoredBodyFields', fields);
    await next();
  });
export type Router = ReturnType<typeof newRouter>;

export const json = <T>(schema: T, description = 'OK') => ({ content: { 'application/json': { schema } }, description });
/**
 * A route's JSON body. Every write body is read here, so Doc 1's rule that a body's `sandbox` or
 * `mode` is ignored (validation.ts, `ignoringModeFields`) holds on every route at once.
 */
export const body = <T extends z.ZodType>(schema: T, required = true) => ({ body: { content: { 'application/json': { schema: ignoringModeFields(schema) } }, required } });

const ERROR_RESPONSES = {
  400: json(ErrorEnvelope, 'Invalid request'),
  401: json(ErrorEnvelope, 'Not authenticated'),
  403: json(ErrorEnvelope, 'Forbidden'),
  404: json(ErrorEnvelope, 'Not found'),
  409: json(ErrorEnvelope, 'Wrong state'),
  410: json(ErrorEnvelope, 'Expired'),
  422: json(ErrorEnvelope, 'Not eligible'),
  429: json(ErrorEnvelope, 'Rate limited'),
  501: json(ErrorEnvelope, 'Not offered by this merchant’s provider'),
  502: json(ErrorEnvelope, 'The processor did not answer, or refused in a way the service could not read (provider_unavailable; payment_outcome_unknown: read the object, do not retry)'),
  503: json(ErrorEnvelope, 'A dependency of the service is unavailable; retry after Retry-After'),
};

/** The error answers a route documents in the contract, all in the one envelope. */
export function errorResponses<S extends keyof typeof ERROR_RESPONSES>(...statuses: S[]): Pick<typeof ERROR_RESPONSES, S> {
  const out = {} as Pick<typeof ERROR_RESPONSES, S>;
  for (const s of statuses) out[s] = ERROR_RESPONSES[s];
  return out;
}
