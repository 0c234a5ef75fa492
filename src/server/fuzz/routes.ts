/**
 * The routes the app serves and the fuzz's specs for them (./specs.ts). The list of routes is
 * read from the app itself (the generated contract and hono's route registry), and `uncovered`
 * names any route without a spec, so a new route fails the fuzz until it is given one.
 */
import { z } from 'zod';
import type { Router } from '../router.ts';
import type { JsonSchema } from './json-schema-arbitrary.ts';
import type { RouteSpec } from './route-spec.ts';
import { SPECS } from './specs.ts';

/** Registrations that are middleware (CORS, the app-wide chain, the control guard), not routes. */
const MIDDLEWARE = new Set(['ALL /*', 'ALL /_sandbox/*', 'ALL /v1/public/sessions/:sessionId', 'ALL /v1/public/sessions/:sessionId/embed-token', 'ALL /v1/public/sessions/:sessionId/complete', 'ALL /v1/public/sessions/:sessionId/mirror-order', 'ALL /v1/public/telemetry/browser', 'ALL /v1/public/binder-load']);

const honoPath = (openapi: string) => openapi.replace(/\{(\w+)\}/g, ':$1');
export const specKey = (s: { method: string; path: string }) => `${s.method.toUpperCase()} ${s.path}`;

/** Every route the app serves: the contract's operations and whatever else hono has registered. */
export function servedRoutes(app: Router): string[] {
  const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'fuzz', version: '0' } });
  const contract = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item as object)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => specKey({ method: m, path: honoPath(path) })),
  );
  const registered = app.routes.map((r) => specKey(r)).filter((k) => !MIDDLEWARE.has(k));
  return [...new Set([...contract, ...registered])].sort();
}

export function uncovered(app: Router): string[] {
  const known = new Set(SPECS.map(specKey));
  return servedRoutes(app).filter((k) => !known.has(k));
}

/** Fills each spec's body schema: the contract's request body, or the route's zod schema. */
export function withSchemas(app: Router): { specs: RouteSpec[]; refs: Record<string, JsonSchema>; documented: (key: string, status: number) => boolean } {
  const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'fuzz', version: '0' } }) as unknown as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> }; responses: Record<string, unknown> }>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const ops = new Map<string, (typeof doc.paths)[string][string]>();
  for (const [path, item] of Object.entries(doc.paths)) for (const [m, op] of Object.entries(item)) ops.set(specKey({ method: m, path: honoPath(path) }), op);
  const specs = SPECS.map((s) => {
    const op = ops.get(specKey(s));
    const schema = op?.requestBody?.content['application/json']?.schema ?? (s.zod ? (z.toJSONSchema(s.zod, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined);
    return { ...s, schema };
  });
  // Doc 1 documents a few 5xx answers (deep health degraded, streams not offered); only those pass.
  const documented = (key: string, status: number) => Boolean(ops.get(key)?.responses[String(status)]);
  return { specs, refs: doc.components?.schemas ?? {}, documented };
}
