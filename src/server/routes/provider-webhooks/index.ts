/**
 * Inbound provider webhooks (Doc 3): `POST /api/webhooks/{gatewayId}`, signed the way the gateway's
 * provider signs (its registry entry's `inbound`, processors/registry.ts), a signature's time
 * checked against the wall clock (Doc 3: the signature's `t` is wall-clock time). A merchant's own
 * account at a provider posts to its own gateway, `<provider>_<merchant id>`, checked with that
 * account's keys. In the contract for completeness; merchants never call it.
 *
 * A verified event is kept before the 200 and applied after it (engine/webhooks/inbound-events.ts), so a
 * provider is never kept waiting on our processing, and an acknowledged event survives a crash.
 */
import { z } from '@hono/zod-openapi';
import type { Deps } from '../../context.ts';
import { errorResponses, json, newRouter } from '../../router.ts';
import { security } from '../contract/security.ts';
import { drainInbound, receive } from '../../engine/webhooks/inbound-events.ts';
import { NotJson } from '../../processors/inbound.ts';
import type { ProviderEntry } from '../../processors/provider-entry.ts';
import { DomainError } from '../../domain/errors.ts';
import { checkMediaType } from '../../middleware/content-type.ts';
import { accountGatewayId } from '../../domain/index.ts';
import { providerSecrets } from '../../engine/merchants/provider-accounts.ts';

/**
 * What checks a gateway's events: the platform's secret and its adapter of the provider, or those
 * of the merchant's own account (`owner`); null when that merchant has no such account (any more).
 */
async function gatewayKeys(deps: Deps, gatewayId: string, provider: ProviderEntry, owner: string | null) {
  if (owner === null) return { secret: deps.providerWebhookSecret, gateway: deps.processorFor(provider.kinds[0]!) };
  const merchant = await deps.store.read.merchants.get(owner);
  const own = merchant && deps.ownProcessor(merchant);
  // The gateway must be the account's own provider's: never a secret of another kind, or none.
  if (!merchant?.providerAccount || !own || gatewayId !== accountGatewayId(merchant.providerAccount.provider, merchant.id)) return null;
  // The signing secret of the account's webhook endpoint, for providers that sign with one.
  return { secret: providerSecrets(deps, merchant).webhookSecret ?? null, gateway: own };
}

/** The gateway's answer: kept (or seen before: `duplicate`), applied after the answer. */
const Received = z.object({ received: z.literal(true), duplicate: z.boolean() });

export function providerWebhookRoutes(deps: Deps) {
  const r = newRouter();
  // In the contract, described without a validator: the body is the provider's own (JSON, or a
  // form for Braintree), read and checked by the gateway's verifier below.
  r.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/webhooks/{gatewayId}',
    summary: "A payment provider's event, signed the provider's way (for providers, not merchants)",
    description: "The URL a payment provider posts its events to; merchants configure it in their provider account, never call it. A verified event is stored before the 200 and applied once per provider event id (a retry answers `duplicate: true`), so a hosted payment is recorded even if the buyer's browser never returns. A missing or wrong signature is 401; a gateway with no secret configured is 503 `webhook_not_configured`.",
    tags: ['webhooks'],
    security: security.none,
    'x-error-codes': ['validation_error', 'webhook_missing_signature', 'webhook_invalid_signature', 'webhook_not_configured'],
    request: { params: z.object({ gatewayId: z.string().describe('The provider (`sandbox`, `stripe`, `braintree`) or a merchant\'s own account (`<provider>_<merchant id>`)') }) },
    responses: { 200: json(Received, 'Kept'), ...errorResponses(400, 401, 503) },
  });
  r.post('/api/webhooks/:gatewayId', async (c) => {
    // Doc 1, Authentication 8: 401 webhook_missing_signature / webhook_invalid_signature, 503 webhook_not_configured.
    const gateway = c.req.param('gatewayId');
    // A provider's gateway (its entry's `inbound`: how its signature is checked and its events
    // read), or a merchant's own account's, whose events can only be that merchant's (`owner`).
    const at = deps.providers.inbound(gateway);
    const keys = at && (await gatewayKeys(deps, gateway, at.provider, at.owner));
    if (!at || !keys) throw new DomainError('webhook_not_configured');
    // The provider's own format (Braintree posts a form), where the merchant API takes JSON only.
    checkMediaType(c.req.raw, at.gateway.mediaType);
    const raw = await c.req.text();
    let json: unknown;
    try {
      json = await at.gateway.verify(raw, { header: (name) => c.req.header(name), nowSeconds: Math.floor(Date.now() / 1000), ...keys });
    } catch (err) {
      if (err instanceof NotJson) throw new DomainError('validation_error', err.message);
      throw err;
    }
    if (json === 'missing') throw new DomainError('webhook_missing_signature');
    if (json === 'invalid') throw new DomainError('webhook_invalid_signature');
    const event = at.gateway.parse(json, at.owner);
    if (!event) throw new DomainError('validation_error', 'The event is not one this gateway sends.');
    // What is kept is the verified event as JSON (for a provider posting a form, the notification it carried).
    const kept = await receive(deps, gateway, event, JSON.stringify(json));
    // Applied after the answer; the scheduler picks up whatever this pass leaves.
    drainInbound(deps).catch((err: unknown) => deps.log.error('provider event processing failed', { error: err instanceof Error ? err.message : String(err) }));
    return c.json({ received: true, duplicate: kept.duplicate });
  });
  return r;
}
