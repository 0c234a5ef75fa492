/**
 * The contract's description of `POST /api/checkout/client-error` (issue 35: the service answered
 * it and the contract did not say so). The route reads its own body, so that a bad one gets the
 * route's `{ ok, error }` shape (Doc 1's table), and is described here without a validator.
 */
import { z } from '@hono/zod-openapi';
import { ClientErrorRequest } from '../../../api/checkout.ts';
import { ErrorEnvelope } from '../../../api/errors.ts';
import { errorResponses, json, type Router } from '../../router.ts';
import { security } from '../contract/security.ts';

const Kept = z.object({ ok: z.literal(true) });
const Refused = z.object({ ok: z.literal(false), error: z.string() });

export function describeClientError(r: Router) {
  r.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/checkout/client-error',
    summary: 'Hosted page and fields: report a browser error to the service (internal; never card data, scrubbed anyway)',
    description: 'Called by the hosted page and the card frames only, to report a browser failure so operators can see it; merchants never call it. It answers its own `{ ok, error }` shape, not the error envelope, and is limited per address and overall (429 with `Retry-After`).',
    tags: ['checkout'],
    security: security.none,
    'x-error-codes': ['origin_forbidden', 'unsupported_media_type', 'payload_too_large'],
    request: { body: { content: { 'application/json': { schema: ClientErrorRequest } }, required: true } },
    responses: {
      200: json(Kept, 'Kept'),
      400: json(Refused, 'Not JSON, or not a report'),
      403: errorResponses(403)[403],
      413: json(z.union([Refused, ErrorEnvelope]), 'Over 4 KB (over the app-wide cap: the error envelope)'),
      429: json(Refused, 'Too many reports from this address or from all (`Retry-After`)'),
    },
  });
}
