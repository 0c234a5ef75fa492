/**
 * Inbound provider webhooks (Doc 3): `POST /api/webhooks/{gatewayId}`, signed with the gateway's
 * own secret in `x-svc-signature` (`t=<unix seconds>,v1=<hex>`), `t` checked against the wall clock
 * (Doc 3: the signature's `t` is wall-clock time). Not part of the merchant contract.
 */
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { applyProviderEvent } from '../../engine/provider-events.ts';
import { applyRefundEvent } from '../../engine/refunds.ts';
import { ApiError } from '../../errors.ts';
import { parseProviderEvent } from '../../processors/sandbox/adapter.ts';
import { SIGNATURE_HEADER, verifySignature } from '../../webhooks/signature.ts';

/** The gateways that post here, each with its own secret. */
const GATEWAYS = new Set(['sandbox']);

export function providerWebhookRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();
  r.post('/api/webhooks/:gatewayId', async (c) => {
    // Doc 1, Authentication 8: 401 webhook_missing_signature / webhook_invalid_signature, 503 webhook_not_configured.
    if (!GATEWAYS.has(c.req.param('gatewayId'))) throw new ApiError('webhook_not_configured');
    const raw = await c.req.text();
    const header = c.req.header(SIGNATURE_HEADER);
    if (!header) throw new ApiError('webhook_missing_signature');
    if (!verifySignature(header, [deps.providerWebhookSecret], raw, Math.floor(Date.now() / 1000))) throw new ApiError('webhook_invalid_signature');
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new ApiError('validation_error', 'The event body is not valid JSON.');
    }
    const event = parseProviderEvent(json);
    if (!event) throw new ApiError('validation_error', 'The event is not one this gateway sends.');
    const applied = await applyProviderEvent(deps, event, applyRefundEvent);
    deps.log.info('provider event', { id: event.id, type: event.type, applied });
    return c.json({ received: true, applied });
  });
  return r;
}
