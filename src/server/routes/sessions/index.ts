/** `POST /v1/sessions` (either key) and `GET /v1/sessions/{id}` (secret key). Doc 1, Sessions. */
import { createRoute, z } from '@hono/zod-openapi';
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { CreateSessionBody, CreatedSession, DryRunResult, Session } from '../../../api/sessions.ts';
import type { AppEnv, Deps } from '../../context.ts';
import { ApiError } from '../../errors.ts';
import { auth } from '../../middleware/auth.ts';
import { checkCreate, createSession, expireIfDue, sessionForKey, toSession } from '../../engine/sessions.ts';
import { body, errorResponses, json, newRouter } from '../../router.ts';

const IdParam = z.object({ sessionId: z.string().min(1).max(100) });
const errors = errorResponses(400, 401, 403, 404);

function idempotencyKey(c: Context<AppEnv>): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return undefined;
  if (key.length === 0 || key.length > 255) throw new ApiError('validation_error', 'Idempotency-Key must be 1 to 255 characters.');
  return key;
}

export function sessionRoutes(deps: Deps) {
  const r = newRouter();
  const checkoutUrl = (id: string) => `${deps.config.publicUrl}/pay/${id}`;

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/sessions',
      summary: 'Create a checkout session (`?dry_run=true` validates only); redirect the buyer to `checkoutUrl` or mount fields with its id',
      middleware: [auth(deps, 'either')] as const,
      request: { query: z.object({ dry_run: z.enum(['true', 'false']).optional() }), ...body(CreateSessionBody) },
      responses: { 201: json(CreatedSession, 'Created'), 200: json(z.union([CreatedSession, DryRunResult]), 'Replay or dry run'), ...errors },
    }),
    (c) => {
      const a = c.get('auth');
      const input = c.req.valid('json');
      if (c.req.valid('query').dry_run === 'true') {
        checkCreate(a, input);
        return c.json({ valid: true as const, warnings: [] }, 200);
      }
      const key = idempotencyKey(c);
      // Reservation, creation and the stored answer share one transaction: of two concurrent
      // requests with one key, exactly one creates (Doc 1, Idempotency 2-3).
      const result = deps.store.tx(() => {
        const scope = { merchantId: a.merchant.id, livemode: a.livemode, route: 'POST /v1/sessions', key: key ?? '' };
        if (key !== undefined) {
          const hash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
          const seen = deps.store.idempotency.reserve(scope, hash, deps.clock.iso());
          if (seen.kind === 'mismatch') throw new ApiError('idempotency_replay_incompatible');
          if (seen.kind === 'replay') return { status: 200 as const, body: seen.body as z.infer<typeof CreatedSession> };
          if (seen.kind === 'in_flight') throw new ApiError('charge_in_progress');
        }
        const session = toSession(createSession(deps, a, input));
        const created = { ...session, checkoutUrl: checkoutUrl(session.id) };
        if (key !== undefined) deps.store.idempotency.complete(scope, 201, created);
        return { status: 201 as const, body: created };
      });
      return result.status === 201 ? c.json(result.body, 201) : c.json(result.body, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/sessions/{sessionId}',
      summary: 'Read a checkout session: `status`, `paymentStatus` and the payment it settled with',
      middleware: [auth(deps, 'secret')] as const,
      request: { params: IdParam },
      responses: { 200: json(Session), ...errors },
    }),
    (c) => {
      const found = sessionForKey(deps, c.get('auth'), c.req.valid('param').sessionId);
      const s = deps.store.tx(() => expireIfDue(deps, found));
      return c.json(toSession(s), 200);
    },
  );
  return r;
}
