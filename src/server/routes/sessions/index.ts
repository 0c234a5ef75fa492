/**
 * Sessions (Doc 1, Sessions): `POST /v1/sessions` (either key), `GET`, `PATCH` and
 * `POST …/expire` (secret key). Thin handlers: parse, call the engine, shape.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { CreateSessionBody, CreatedSession, DryRunResult, PatchSessionBody, Session } from '../../../api/sessions.ts';
import type { AppEnv, Deps } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { changeTotal } from '../../engine/sessions/session-changes.ts';
import { expireSession } from '../../engine/payments/forms/expire-session.ts';
import { checkCreate, createSession, readSession } from '../../engine/sessions/sessions.ts';
import type { SessionRecord } from '../../domain/index.ts';
import { guard } from '../../middleware/guard.ts';
import { HttpError } from '../../middleware/http-error.ts';
import { replayKept } from '../../middleware/idempotency.ts';
import { LIMITS } from '../../middleware/rate-limit.ts';
import { body, errorResponses, json, newRouter } from '../../router.ts';
import { toSession } from './wire.ts';
import { sessionRefundTotals } from '../../engine/refunds/refund-list.ts';

const IdParam = z.object({ sessionId: z.string().min(1).max(100) });
const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);

/** Doc 1, Versioning 7: the one deprecated shape, and the date it may go (already passed). */
const MIRROR_SUNSET = 'Wed, 01 Jul 2026 00:00:00 GMT';

/**
 * Doc 1: a stringified `metadata.mirror` still creates the session (never parsed, nothing
 * mirrored) but is answered with the deprecation headers; sent with a top-level `mirror` it is 400.
 */
function mirrorShape(input: CreateSessionBody): 'deprecated' | null {
  const stringified = typeof input.metadata?.mirror === 'string';
  if (input.mirror !== undefined && stringified) throw new DomainError('mirror_dual_specification');
  return stringified ? 'deprecated' : null;
}

/**
 * Doc 1, `POST /v1/sessions`: a dry run's "failure 400". Every refusal of the check answers 400
 * with its own code, message and fields (a real create answers the same code with its own status:
 * 403, 409, 422 or 501).
 */
function dryRun(check: () => unknown) {
  try {
    check();
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    throw new HttpError(err.code, err.message, err.extra, err instanceof HttpError ? err.headers : {}, 400);
  }
  return { valid: true as const, warnings: [] };
}

export function sessionRoutes(deps: Deps) {
  const r = newRouter();
  const created = (s: SessionRecord) => ({ ...toSession(s), checkoutUrl: `${deps.config.publicUrl}/pay/${s.id}` });
  const deprecate = (c: Context<AppEnv>) => {
    c.header('Deprecation', 'true');
    c.header('Sunset', MIRROR_SUNSET);
    c.header('Link', `<${deps.config.publicUrl}/docs#operation/post_v1_sessions>; rel="deprecation"`);
  };

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/sessions',
      summary: 'Create a checkout session (`?dry_run=true` validates only, and answers any refusal 400 with its code); redirect the buyer to `checkoutUrl` or mount fields with its id',
      description: "Call from your server with the secret key (a publishable key may create a session too, but not with buyer details or redirect URLs outside `settings.redirectOrigins`). Send an `Idempotency-Key` (your order id): a retry returns the same session, 201 first and 200 on replay. The session is unpaid until the `charge.succeeded` webhook says otherwise; never fulfil on the buyer's return alone.",
      // A replayed create answers the session it kept, 200 (Doc 1, Idempotency 2).
      middleware: guard(deps, { key: 'either', limits: LIMITS.sessionCreate, replay: replayKept<SessionRecord>((c, s) => c.json(created(s), 200)) }),
      request: { query: z.object({ dry_run: z.enum(['true', 'false']).optional() }), ...body(CreateSessionBody) },
      responses: { 201: json(CreatedSession, 'Created'), 200: json(z.union([CreatedSession, DryRunResult]), 'Replay or dry run'), ...errors, ...errorResponses(501) },
    }),
    async (c) => {
      const a = c.get('auth');
      const input = c.req.valid('json');
      const shape = mirrorShape(input);
      if (c.req.valid('query').dry_run === 'true') {
        return c.json(dryRun(() => checkCreate(deps, a, input)), 200);
      }
      const idem = c.get('idempotency');
      // The session is kept under the key in the transaction that stores it (no crash between them).
      const s = await createSession(deps, a, input, idem);
      if (shape === 'deprecated') deprecate(c);
      return c.json(created(s), 201);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/sessions/{sessionId}',
      summary: 'Read a checkout session: `status`, `paymentStatus` and the payment it settled with',
      description: "Read with the secret key to learn where a payment stands: `status` says whether the buyer finished and `paymentStatus` whether money moved (`paid`, `held`, `unpaid`). Refund totals and `last_payment_error` are filled here only. Another merchant's or mode's session is 404 `session_not_found`.",
      middleware: guard(deps, { key: 'secret', limits: LIMITS.sessionRead }),
      request: { params: IdParam },
      responses: { 200: json(Session), ...errors },
    }),
    async (c) => {
      const s = await readSession(deps, c.get('auth'), c.req.valid('param').sessionId);
      const refunds = s.vpTxId !== null && s.vpTxCount === 1 ? await sessionRefundTotals(deps, s.vpTxId) : null;
      return c.json(toSession(s, 'get', refunds), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'patch',
      path: '/v1/sessions/{sessionId}',
      summary: 'Change the total of an open elements session',
      description: 'Sets a new `amount` (and optionally `currency` and `lineItems`) on an open unpaid `elements` payment session, for example after the buyer picks shipping; it sends no webhook and is safe to repeat. Any other session answers 409 `session_not_modifiable` with a `reason` and nothing changes; a payment already holding the old total is refused with 409 `expected_amount_mismatch`.',
      middleware: guard(deps, { key: 'secret', limits: LIMITS.paymentOps }),
      request: { params: IdParam, ...body(PatchSessionBody) },
      responses: { 200: json(Session), ...errors },
    }),
    async (c) => {
      const s = await changeTotal(deps, c.get('auth'), c.req.valid('param').sessionId, c.req.valid('json'));
      return c.json(toSession(s, 'write'), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/sessions/{sessionId}/expire',
      summary: 'Close an open unpaid session',
      description: 'Call before taking payment for the same order another way: 200 means no payment through the service is in progress or can start, and repeating it on a session expired from `pending` or `failed` is safe. 409 `session_not_expirable` changes nothing: with `reason: recent_activity` call again after `retryAfterSeconds`; any other reason means a payment may be in flight, so do not charge again.',
      middleware: guard(deps, { key: 'secret', limits: LIMITS.paymentOps }),
      request: { params: IdParam },
      responses: { 200: json(Session), ...errors },
    }),
    async (c) => c.json(toSession(await expireSession(deps, c.get('auth'), c.req.valid('param').sessionId), 'write'), 200),
  );
  return r;
}
