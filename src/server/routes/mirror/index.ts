/**
 * `POST /v1/mirror/quote` (Document 1's endpoint list): a basket priced by a connected store,
 * secret key only. Read only (the store makes no order), so an Idempotency-Key changes nothing.
 * It shares the `paymentOps` bucket with the other secret-key merchant operations.
 */
import { createRoute } from '@hono/zod-openapi';
import { MirrorQuote, MirrorQuoteBody } from '../../../api/mirror.ts';
import type { Deps } from '../../context.ts';
import { quoteRefusals } from '../../domain/errors-mirror.ts';
import { quoteBasket } from '../../engine/mirror/pricing/quote.ts';
import { guard } from '../../middleware/guard.ts';
import { LIMITS } from '../../middleware/rate-limit.ts';
import { body, errorResponses, json, newRouter } from '../../router.ts';

export function mirrorRoutes(deps: Deps) {
  const r = newRouter();
  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/mirror/quote',
      summary: 'Price a basket against a connected store (its catalogue prices, a voucher it honours); makes no order',
      description: 'Asks a connected store (`settings.connectedStores`) to price line items with its own catalogue prices, shipping and voucher, to show a total before you create the session or intent. It makes no order and reserves nothing; the totals computed when the order is made are authoritative, so do not use a quote to resolve `order_first_amount_mismatch`.',
      'x-error-codes': ['validation_error', 'validation_missing_field', 'validation_unknown_field', ...quoteRefusals, 'rate_limit_exceeded', 'rate_limit_exceeded_per_key'],
      middleware: guard(deps, { key: 'secret', limits: LIMITS.paymentOps }),
      request: body(MirrorQuoteBody),
      responses: { 200: json(MirrorQuote), ...errorResponses(400, 401, 403, 429) },
    }),
    async (c) => c.json(await quoteBasket(deps, c.get('auth'), c.req.valid('json')), 200),
  );
  return r;
}
