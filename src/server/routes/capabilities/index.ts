/** `GET /v1/capabilities` (Doc 1, Capabilities and discovery): either key, snake_case. */
import { createRoute } from '@hono/zod-openapi';
import { Capabilities } from '../../../api/capabilities.ts';
import type { Deps } from '../../context.ts';
import { capabilitiesFor } from '../../engine/merchants/capabilities.ts';
import { guard } from '../../middleware/guard.ts';
import { LIMITS } from '../../middleware/rate-limit.ts';
import { errorResponses, json, newRouter } from '../../router.ts';
import { security } from '../contract/security.ts';

export function capabilitiesRoutes(deps: Deps) {
  const r = newRouter();
  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/capabilities',
      summary: "What the merchant's payment processor supports; read once at start-up and branch on it before optional operations",
      description: 'Takes either key. Read it once at start-up and branch on it: an operation the processor does not support is refused before anything is sent (422 `capability_not_supported`, or 501 `endpoint_not_implemented` for a manual capture without `auth_capture_separation`). An account with no processor answers 409 `binder_unavailable`.',
      security: security.either,
      'x-error-codes': ['binder_unavailable'],
      middleware: guard(deps, { key: 'either', limits: LIMITS.sessionRead }),
      responses: { 200: json(Capabilities), ...errorResponses(401, 409, 429) },
    }),
    (c) => c.json(capabilitiesFor(deps, c.get('auth').merchant), 200),
  );
  return r;
}
