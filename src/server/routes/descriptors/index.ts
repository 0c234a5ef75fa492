/**
 * `GET /v1/descriptor_config` (Doc 1, "Other merchant endpoints"; Doc 2, "Statement descriptor"):
 * the merchant's statement-descriptor configuration, secret key only. Doc 1's rate-limit table
 * names no bucket for it; it is a secret-key merchant operation, so it shares `paymentOps` as the
 * wallet-domain routes do (docs/merchant.md, Rate limits).
 */
import { createRoute } from '@hono/zod-openapi';
import { DescriptorConfig } from '../../../api/descriptors.ts';
import type { Deps } from '../../context.ts';
import { guard } from '../../middleware/guard.ts';
import { LIMITS } from '../../middleware/rate-limit.ts';
import { errorResponses, json, newRouter } from '../../router.ts';
import { toDescriptorConfig } from './wire.ts';

export function descriptorRoutes(deps: Deps) {
  const r = newRouter();
  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/descriptor_config',
      summary: 'The statement-descriptor configuration: brand name, identity, the per-charge suffix rule, and what the connection carries',
      description: "Reads what each charge asks the processor to print on the buyer's card statement: the brand name, the identity and the rule for the per-charge suffix. Read it to check what buyers will see; it changes nothing.",
      'x-error-codes': ['rate_limit_exceeded', 'rate_limit_exceeded_per_key'],
      middleware: guard(deps, { key: 'secret', limits: LIMITS.paymentOps }),
      responses: { 200: json(DescriptorConfig), ...errorResponses(401, 403, 429) },
    }),
    (c) => c.json(toDescriptorConfig(c.get('auth').merchant, deps.config.descriptorPassthrough), 200),
  );
  return r;
}
