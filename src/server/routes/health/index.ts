/**
 * `GET /api/health` (Doc 1): the shallow answer touches nothing and is unmetered; `?deep=true`
 * checks the store (a real write and read, rolled back), the sandbox processor's origin and the
 * service clock, and answers 503 `degraded` naming the check that failed.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../context.ts';
import { API_VERSION } from '../../middleware/version.ts';
import { errorResponses, json, newRouter } from '../../router.ts';
import { ErrorEnvelope } from '../../../api/errors.ts';
import { LIMITS, limitBeforeAuth } from '../../middleware/rate-limit.ts';
import { security } from '../contract/security.ts';

const Check = z.enum(['ok', 'failed']);
const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  time: z.string(),
  checks: z.object({ store: Check, processor: Check, clock: Check }).optional().describe('deep checks only'),
  database: z.object({ backend: z.enum(['sqlite', 'postgres']), migration: z.number().int() }).optional().describe('deep checks only: the store backend and the schema step its database is at'),
});

/** A deep check must answer well inside a load balancer's probe timeout. */
const PROCESSOR_TIMEOUT_MS = 1000;
/** The service clock is wall time plus an offset that only moves forward (Doc 3, "Starting it"). */
const CLOCK_TOLERANCE_MS = 1000;

async function processorReachable(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(PROCESSOR_TIMEOUT_MS) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

export function healthRoutes(deps: Deps) {
  const r = newRouter();
  const deepLimit = limitBeforeAuth(deps, LIMITS.healthDeep);
  r.openapi(
    createRoute({
      method: 'get',
      path: '/api/health',
      summary: 'Liveness; `?deep=true` also checks the store, the processor and the clock',
      description: 'No key. The shallow answer touches nothing and is unmetered, for a load balancer; `?deep=true` also writes and rolls back in the store, asks the processor and checks the clock, answering 503 `degraded` with the failed check named. Deep checks are limited to 5 per address per minute.',
      security: security.none,
      // A degraded answer is a health body, not an error envelope; a bad `deep` and a spent deep
      // bucket are the envelope's.
      'x-error-codes': ['validation_error', 'rate_limit_exceeded'],
      // Doc 1: shallow health is unmetered; deep health is 5 per IP per minute.
      middleware: [(c, next) => (c.req.query('deep') === 'true' ? deepLimit(c, next) : next())],
      request: { query: z.object({ deep: z.enum(['true', 'false']).optional() }) },
      responses: { 200: json(Health), 503: json(z.union([Health, ErrorEnvelope]), 'Degraded: `checks` names what failed; or, for `?deep=true`, its limiter could not count (the error envelope, `rate_limit_service_unavailable`)'), ...errorResponses(400, 429) },
    }),
    async (c) => {
      const base = { version: API_VERSION, time: deps.clock.iso() };
      if (c.req.valid('query').deep !== 'true') return c.json({ status: 'ok' as const, ...base }, 200);
      const processor = processorReachable(deps.config.processorUrl);
      let store: 'ok' | 'failed' = 'ok';
      let database: { backend: 'sqlite' | 'postgres'; migration: number } | undefined;
      try {
        await deps.store.ping();
        database = await deps.store.info();
      } catch {
        store = 'failed';
      }
      const skew = deps.clock.nowMs() - Date.now();
      const clock = Number.isFinite(skew) && skew > -CLOCK_TOLERANCE_MS ? ('ok' as const) : ('failed' as const);
      const checks = { store, processor: (await processor) ? ('ok' as const) : ('failed' as const), clock };
      const healthy = Object.values(checks).every((v) => v === 'ok');
      return c.json({ status: healthy ? ('ok' as const) : ('degraded' as const), ...base, checks, ...(database ? { database } : {}) }, healthy ? 200 : 503);
    },
  );
  return r;
}
