/** `GET /api/health` (Doc 1): unmetered shallow check; `?deep=true` also reads the store. */
import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../context.ts';
import { API_VERSION } from '../../middleware/version.ts';
import { json, newRouter } from '../../router.ts';
import { LIMITS, limitBeforeAuth } from '../../middleware/rate-limit.ts';

const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  time: z.string(),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])).optional(),
});

export function healthRoutes(deps: Deps) {
  const r = newRouter();
  const deepLimit = limitBeforeAuth(deps, LIMITS.healthDeep);
  r.openapi(
    createRoute({
      method: 'get',
      path: '/api/health',
      // Doc 1: shallow health is unmetered; deep health is 5 per IP per minute.
      middleware: [(c, next) => (c.req.query('deep') === 'true' ? deepLimit(c, next) : next())],
      request: { query: z.object({ deep: z.enum(['true', 'false']).optional() }) },
      responses: { 200: json(Health), 503: json(Health, 'Degraded') },
    }),
    async (c) => {
      const base = { version: API_VERSION, time: deps.clock.iso() };
      if (c.req.valid('query').deep !== 'true') return c.json({ status: 'ok' as const, ...base }, 200);
      let store: 'ok' | 'failed' = 'ok';
      try {
        await deps.store.ping();
      } catch {
        store = 'failed';
      }
      const status = store === 'ok' ? ('ok' as const) : ('degraded' as const);
      return c.json({ status, ...base, checks: { store } }, status === 'ok' ? 200 : 503);
    },
  );
  return r;
}
