/**
 * `POST /v1/public/binder-load` (Doc 1, Public endpoints): the element capability map of the
 * key's merchant, for a merchant page deciding what to mount (publishable key; CORS, no card
 * data). Metered with the public session read on `publicSessionRead` (Doc 1, Rate limits: 1000
 * per key, 80 per IP, shared by the two routes).
 */
import { createRoute } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import { BinderLoad, BinderLoadRequest } from '../../../api/binder-load.ts';
import type { Deps } from '../../context.ts';
import { binderLoad } from '../../engine/merchants/binder-load.ts';
import { guard } from '../../middleware/guard.ts';
import { LIMITS } from '../../middleware/rate-limit.ts';
import { body, errorResponses, json, newRouter } from '../../router.ts';

export function binderLoadRoutes(deps: Deps) {
  const r = newRouter();
  r.use('/v1/public/binder-load', cors({ origin: '*', allowHeaders: ['Authorization', 'Content-Type'], allowMethods: ['POST'] }));
  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/public/binder-load',
      description: 'Called by the embed script when `SvcPay(publishableKey)` loads, before any session exists: which element types the page can mount for this merchant and why one is unavailable, so the page hides what cannot pay instead of failing at submit. Publishable key only; no body fields; 409 `binder_unavailable` when the merchant has no processor.',
      summary: "Which element types a page can mount and pay with for the key's merchant: the processor (`binder`), how an elements session is applied, and each element's availability",
      'x-error-codes': ['validation_error', 'validation_unknown_field', 'binder_unavailable', 'rate_limit_exceeded', 'rate_limit_exceeded_per_key'],
      middleware: guard(deps, { key: 'publishable', limits: LIMITS.publicSessionRead }),
      request: body(BinderLoadRequest, false),
      responses: { 200: json(BinderLoad), ...errorResponses(400, 401, 403, 409, 429) },
    }),
    (c) => c.json(binderLoad(c.get('auth')), 200),
  );
  return r;
}
