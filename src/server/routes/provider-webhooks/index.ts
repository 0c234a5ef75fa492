/**
 * Inbound provider webhooks (Doc 3): `POST /api/webhooks/{gatewayId}`, signed with the gateway's
 * own secret: the sandbox's in `x-svc-signature`, Stripe's in `Stripe-Signature` (both
 * `t=<unix seconds>,v1=<hex>`), `t` checked against the wall clock (Doc 3: the signature's `t` is
 * wall-clock time), Braintree's as `bt_signature`. A merchant's own Stripe or Braintree account posts
 * to its own gateway, `<provider>_<merchant id>`, checked with that account's keys. Not part of the
 * merchant contract.
 *
 * A verified event is kept before the 200 and applied after it (engine/webhooks/inbound-events.ts), so a
 * provider is never kept waiting on our processing, and an acknowledged event survives a crash.
 */
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { NotJson, drainInbound, inboundGateway, receive } from '../../engine/webhooks/inbound-events.ts';
import { DomainError } from '../../domain/errors.ts';
import { accountGatewayId } from '../../domain/index.ts';
import { providerSecrets } from '../../engine/merchants/provider-accounts.ts';

/**
 * What checks a gateway's events: the platform's secret and Braintree gateway, or those of the
 * merchant's own account (`owner`); null when that merchant has no such account (any more).
 */
async function gatewayKeys(deps: Deps, gatewayId: string, owner: string | null) {
  if (owner === null) return { secret: deps.providerWebhookSecret, braintree: deps.processorFor('hosted_fields') };
  const merchant = await deps.store.read.merchants.get(owner);
  const own = merchant && deps.ownProcessor(merchant);
  // The gateway must be the account's own provider's: never a secret of another kind, or none.
  if (!merchant?.providerAccount || !own || gatewayId !== accountGatewayId(merchant.providerAccount.provider, merchant.id)) return null;
  const secrets = providerSecrets(deps, merchant);
  if ('webhookSecret' in secrets) return { secret: secrets.webhookSecret, braintree: null };
  return { secret: null, braintree: own };
}

export function providerWebhookRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();
  r.post('/api/webhooks/:gatewayId', async (c) => {
    // Doc 1, Authentication 8: 401 webhook_missing_signature / webhook_invalid_signature, 503 webhook_not_configured.
    const gateway = c.req.param('gatewayId');
    const at = inboundGateway(gateway);
    const keys = at && (await gatewayKeys(deps, gateway, at.owner));
    if (!at || !keys) throw new DomainError('webhook_not_configured');
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
    // What is kept is the verified event as JSON (for Braintree, the notification its form carried).
    const kept = await receive(deps, gateway, event, JSON.stringify(json));
    // Applied after the answer; the scheduler picks up whatever this pass leaves.
    drainInbound(deps).catch((err: unknown) => deps.log.error('provider event processing failed', { error: err instanceof Error ? err.message : String(err) }));
    return c.json({ received: true, duplicate: kept.duplicate });
  });
  return r;
}
