/**
 * Whether a call is what its route takes, before the route's own validator has run: zod-openapi
 * runs a route's middlewares first, its validators last, so a per-session bucket in the chain
 * would otherwise count a malformed call (issue 32, finding 4: seven of them locked a buyer out).
 */
import type { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';

/** A route's `request`, as `createRoute` takes it: path parameters and a JSON body (router.ts `body`). */
export interface RouteRequest {
  params?: z.ZodType;
  body?: { content: { 'application/json': { schema: z.ZodType } } };
}

export async function wellFormed(c: Parameters<MiddlewareHandler<AppEnv>>[0], request: RouteRequest): Promise<boolean> {
  if (request.params && !request.params.safeParse(c.req.param()).success) return false;
  const schema = request.body?.content['application/json'].schema;
  if (!schema) return true;
  try {
    return schema.safeParse(await c.req.json()).success;
  } catch {
    return false;
  }
}

/**
 * Runs `mw` for a call its route's schemas accept; a malformed call skips it and goes on to the
 * route's validator, which answers it (400) as before.
 */
export const whenWellFormed =
  (request: RouteRequest, mw: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> =>
  async (c, next) => ((await wellFormed(c, request)) ? mw(c, next) : next());
