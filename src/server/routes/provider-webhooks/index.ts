/**
 * Inbound provider webhooks (Doc 3): `POST /api/webhooks/{gatewayId}`, signed with the gateway's
 * own secret: the sandbox's in `x-svc-signature`, Stripe's in `Stripe-Signature` (both
 * `t=<unix seconds>,v1=<hex>`), `t` checked against the wall clock (Doc 3: the signature's `t` is
 * wall-clock time). Not part of the merchant contract.
 *
 * A verified event is kept before the 200 and applied after it (engine/webhooks/inbound-events.ts), so a
 * provider is never kept waiting on our processing, and an acknowledged event survives a crash.
 */
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { INBOUND_GATEWAYS, NotJson, drainInbound, receive } from '../../engine/webhooks/inbound-events.ts';
import { DomainError } from '../../domain/errors.ts';

export function providerWebhookRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();
  r.post('/api/webhooks/:gatewayId', async (c) => {
    // Doc 1, Authentication 8: 401 webhook_missing_signature / webhook_invalid_signature, 503 webhook_not_configured.
    const gateway = c.req.param('gatewayId');
    const inbound = Object.hasOwn(INBOUND_GATEWAYS, gateway) ? INBOUND_GATEWAYS[gateway] : undefined;
    if (!inbound) throw new DomainError('webhook_not_configured');
    const raw = await c.req.text();
    let json: unknown;
    try {
      json = await inbound.verify(raw, { header: (name) => c.req.header(name), secret: deps.providerWebhookSecret, nowSeconds: Math.floor(Date.now() / 1000), processorFor: deps.processorFor });
    } catch (err) {
      if (err instanceof NotJson) throw new DomainError('validation_error', err.message);
      throw err;
    }
    if (json === 'missing') throw new DomainError('webhook_missing_signature');
    if (json === 'invalid') throw new DomainError('webhook_invalid_signature');
    const event = inbound.parse(json);
    if (!event) throw new DomainError('validation_error', 'The event is not one this gateway sends.');
    // What is kept is the verified event as JSON (for Braintree, the notification its form carried).
    const kept = await receive(deps, gateway, event, JSON.stringify(json));
    // Applied after the answer; the scheduler picks up whatever this pass leaves.
    drainInbound(deps).catch((err: unknown) => deps.log.error('provider event processing failed', { error: err instanceof Error ? err.message : String(err) }));
    return c.json({ received: true, duplicate: kept.duplicate });
  });
  return r;
}
