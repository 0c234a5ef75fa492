/**
 * Telemetry intake (Doc 1): `POST /v1/sdk-telemetry` from server SDKs (secret key) and
 * `POST /v1/public/telemetry/browser` from merchant pages (publishable key, so CORS is open).
 * Nothing is stored: each event becomes one log line, card-like digits masked first (Doc 3:
 * card numbers never reach telemetry).
 */
import { createRoute } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import { TelemetryEvent, TelemetryReceived } from '../../../api/telemetry.ts';
import type { Deps } from '../../context.ts';
import { scrubCardData } from '../../log.ts';
import { guard } from '../../middleware/guard.ts';
import { LIMITS } from '../../middleware/rate-limit.ts';
import { body, errorResponses, json, newRouter } from '../../router.ts';
import { security } from '../contract/security.ts';

const BROWSER = '/v1/public/telemetry/browser';
const errors = errorResponses(400, 401, 403, 429);
const VALIDATION_CODES = ['validation_error', 'validation_unknown_field', 'validation_missing_field'];

/** The log fields of one event, every key and value that could carry digits masked. */
export function telemetryLogFields(source: 'sdk' | 'browser', e: TelemetryEvent) {
  const properties: Record<string, string | number | boolean | null> = {};
  for (const [k, v] of Object.entries(e.properties ?? {})) {
    const masked = typeof v === 'string' ? scrubCardData(v) : typeof v === 'number' && scrubCardData(String(v)) !== String(v) ? '[redacted]' : v;
    properties[scrubCardData(k)] = masked;
  }
  return { source, event: scrubCardData(e.event), sdk: `${scrubCardData(e.sdk.name)}@${scrubCardData(e.sdk.version)}`, properties };
}

export function telemetryRoutes(deps: Deps) {
  const r = newRouter();
  r.use(BROWSER, cors({ origin: '*', allowHeaders: ['Authorization', 'Content-Type'], allowMethods: ['POST'], maxAge: 600 }));

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/sdk-telemetry',
      summary: 'Report an event from a server SDK (on by default with a test key, off with a live key)',
      description: 'Sent by `svcpay/server` on its own; merchant code need not call it. Takes `{ event, sdk: { name, version }, properties? }` (flat, at most 20 properties and 2 KB) and answers 202; the event is logged with card-like digits masked and never stored.',
      tags: ['telemetry'],
      security: security.secret,
      'x-error-codes': VALIDATION_CODES,
      middleware: guard(deps, { key: 'secret', limits: LIMITS.sdkTelemetry }),
      request: body(TelemetryEvent),
      responses: { 202: json(TelemetryReceived, 'Accepted'), ...errors },
    }),
    (c) => {
      deps.log.info('telemetry', { requestId: c.get('requestId'), ...telemetryLogFields('sdk', c.req.valid('json')) });
      return c.json({ received: true as const }, 202);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: BROWSER,
      summary: "Report an event from the browser script on a merchant's page",
      description: 'Sent by the browser script on its own with the publishable key, and open to any origin; merchant code need not call it. Same body as `POST /v1/sdk-telemetry`, limited to 30 per address a minute; nothing is stored.',
      tags: ['telemetry'],
      security: security.publishable,
      'x-error-codes': VALIDATION_CODES,
      middleware: guard(deps, { key: 'publishable', limits: LIMITS.browserTelemetry }),
      request: body(TelemetryEvent),
      responses: { 202: json(TelemetryReceived, 'Accepted'), ...errors },
    }),
    (c) => {
      deps.log.info('telemetry', { requestId: c.get('requestId'), ...telemetryLogFields('browser', c.req.valid('json')) });
      return c.json({ received: true as const }, 202);
    },
  );
  return r;
}
