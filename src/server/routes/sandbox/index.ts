/**
 * The sandbox control API (Doc 3): build the world a test needs. Off with SVCPAY_CONTROL=off
 * (every route then answers 404) and never part of the merchant contract.
 */
import { Hono } from 'hono';
import { guardingRoutes } from '../../middleware/storable.ts';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../context.ts';
import { createMerchant, rotateKeys, updateMerchant, type NewMerchant } from '../../engine/merchants/merchants.ts';
import { MerchantSettings, processorKinds } from '../../domain/index.ts';
import { checkedKeys, providerAccountView, setProviderAccount } from '../../engine/merchants/provider-accounts.ts';
import { processorOrNull } from '../../engine/binder.ts';
import { runDue } from '../../jobs/index.ts';
import { pushClock } from '../../jobs/clock-push.ts';
import { parseOrThrow, readJson } from '../../validation.ts';
import { drainInbound } from '../../engine/webhooks/inbound-events.ts';
import { DomainError } from '../../domain/errors.ts';
import { deliveriesOf, redeliver } from '../../engine/webhooks/webhook-delivery.ts';
import { ProcessorRejectedError } from '../../processors/types.ts';
import { PROVIDERS, providerRegistry, type ProviderRegistry } from '../../processors/registry.ts';
import { emittableEventTypes } from '../../../vocab/sandbox.ts';
import { faultRoutes } from './faults.ts';
import { storeRoutes } from './stores.ts';

/**
 * Settings as sent, without defaults: zod 4 fills a default even inside `.partial()`, which would
 * reset every setting left out of a PATCH (Doc 3: PATCH merges).
 */
const SettingsPatch = z.strictObject(
  Object.fromEntries(
    Object.entries(MerchantSettings.shape).map(([k, v]) => [k, (v instanceof z.ZodDefault ? (v.unwrap() as z.ZodType) : v).optional()]),
  ),
) as unknown as z.ZodType<Partial<MerchantSettings>>;

/**
 * The merchant bodies, for one registry's keys: which providers take a merchant's own keys, and
 * what each takes, is theirs (processors/registry.ts).
 */
function merchantBodies(providerAccountKeys: ProviderRegistry['accountKeys']) {
  const create = z.strictObject({
    environment: z.enum(['sandbox', 'live']).optional(),
    processor: z.enum(processorKinds).optional(),
    settings: MerchantSettings.partial().optional(),
    /** The merchant's own keys at its provider (issue 19); absent: the platform's account (the stand-ins). */
    providerAccount: providerAccountKeys.optional(),
  });
  const patch = z.strictObject({
    settings: SettingsPatch.optional(),
    status: z.enum(['active', 'inactive']).optional(),
    /** New keys, or null to go back to the platform's account. */
    providerAccount: providerAccountKeys.nullable().optional(),
  });
  return { create, patch };
}

/**
 * The bodies as the contract states them (the fuzz specs read them), with the service's own
 * providers; the routes check a request against `deps.providers`, the list the app was built with.
 */
const contract = merchantBodies(providerRegistry(PROVIDERS).accountKeys);
export const NewMerchantBody = contract.create;
export const PatchMerchantBody = contract.patch;

export const ClockBody = z.strictObject({ advanceSeconds: z.number().int().min(0).max(10 * 365 * 86400) });

export const WriteFreezeBody = z.strictObject({ on: z.boolean() });

export function sandboxRoutes(deps: Deps) {
  // Issue 37: an id or body text no store can keep is answered before a store is asked; two routes name their own not-found.
  const r = guardingRoutes(new Hono<AppEnv>(), {
    '/_sandbox/webhook_subscriptions/:id/deliveries': 'webhook_subscription_not_found',
    '/_sandbox/webhook_deliveries/:id/redeliver': 'webhook_event_not_found',
  });
  if (!deps.config.control) return r;
  const bodies = merchantBodies(deps.providers.accountKeys);

  r.post('/_sandbox/merchants', async (c) => {
    const { providerAccount, ...input } = parseOrThrow(bodies.create, await readJson(c.req.raw));
    // Checked (and completed by the provider) before anything is made: keys this merchant could not use make no merchant.
    const keys = providerAccount && (await checkedKeys(deps, { processor: input.processor ?? 'sandbox', environment: input.environment ?? 'sandbox' }, providerAccount));
    // Partial settings: missing keys take Doc 3's defaults inside createMerchant.
    const made = await createMerchant(deps, input as NewMerchant);
    const merchant = keys ? await setProviderAccount(deps, made.merchant.id, keys) : made.merchant;
    return c.json({ id: merchant.id, environment: merchant.environment, keys: made.keys, providerAccount: providerAccountView(deps.config.publicUrl, merchant) }, 201);
  });

  r.patch('/_sandbox/merchants/:id', async (c) => {
    const { providerAccount, ...input } = parseOrThrow(bodies.patch, await readJson(c.req.raw));
    const id = c.req.param('id');
    const before = await deps.store.read.merchants.get(id);
    if (!before) throw new DomainError('route_not_found', 'No such merchant.');
    // Bad keys are refused before the settings change: a refused PATCH changes nothing.
    const keys = providerAccount && (await checkedKeys(deps, before, providerAccount));
    let m = await updateMerchant(deps, id, input);
    if (keys !== undefined) m = await setProviderAccount(deps, id, keys);
    return c.json({ id: m.id, environment: m.environment, status: m.status, settings: m.settings, providerAccount: providerAccountView(deps.config.publicUrl, m) });
  });

  // No fields, `{}` or no body: anything else (a webhook's event envelope) is refused before the
  // keys change (issue 32, finding 1).
  r.post('/_sandbox/merchants/:id/rotate_keys', async (c) => {
    parseOrThrow(z.strictObject({}), await readJson(c.req.raw));
    return c.json(await rotateKeys(deps, c.req.param('id')));
  });

  const clock = () => ({ now: deps.clock.iso(), unix: deps.clock.unix() });
  // Read from the store first: on a shared database another instance may have moved it (issue 21).
  r.get('/_sandbox/clock', async (c) => {
    await deps.clock.refresh();
    return c.json(clock());
  });
  r.post('/_sandbox/clock', async (c) => {
    const { advanceSeconds } = parseOrThrow(ClockBody, await readJson(c.req.raw));
    await deps.clock.advance(advanceSeconds);
    await pushClock(deps);
    await runDue(deps);
    return c.json(clock());
  });
  // QA (webhooks issue): a subscription's deliveries with every attempt, and one redelivered now.
  r.get('/_sandbox/webhook_subscriptions/:id/deliveries', async (c) => {
    const sub = await deps.store.read.webhookSubscriptions.get(c.req.param('id'));
    if (!sub) throw new DomainError('webhook_subscription_not_found');
    return c.json({ data: await deliveriesOf(deps, sub.id) });
  });
  r.post('/_sandbox/webhook_deliveries/:id/redeliver', async (c) => {
    parseOrThrow(z.strictObject({}), await readJson(c.req.raw));
    const d = await redeliver(deps, c.req.param('id'));
    if (!d) throw new DomainError('webhook_event_not_found', 'No such webhook delivery.');
    return c.json(d);
  });

  // Doc 3: makes the sandbox processor send a provider event to the service's own inbound webhook.
  r.post('/_sandbox/provider_events', async (c) => {
    const input = parseOrThrow(ProviderEventBody, await readJson(c.req.raw));
    const settlement = await settlementNamed(deps, input);
    const merchant = settlement && (await deps.store.read.merchants.get(settlement.merchantId));
    const processor = merchant && processorOrNull(deps, merchant);
    // A provider's payment is a sandbox transaction under its stand-in (`standInTransaction`): the
    // sandbox emits for it, and the stand-in writes the event as its provider's (to /api/webhooks/<provider>).
    const transactionId = settlement && merchant && processor?.standInTransaction ? await processor.standInTransaction(merchant, settlement.processorRef) : null;
    const sandbox = deps.processorFor('sandbox')?.standInControl;
    if (!settlement || !merchant || !transactionId || !sandbox) {
      throw new DomainError('payment_intent_not_found', 'No captured payment of the sandbox processor (or of a provider’s stand-in) has this payment_intent or transaction.');
    }
    try {
      const sent = await sandbox.emitEvent(merchant, input.type, { transactionId });
      // The service applies provider events after answering the provider; a QA request returns
      // once that is done, so what it asked for can be read back at once.
      if (sent.delivered) await drainInbound(deps);
      return c.json(sent, 202);
    } catch (err) {
      if (err instanceof ProcessorRejectedError) throw new DomainError('invalid_transition', err.message);
      throw err;
    }
  });
  // Doc 1's maintenance write-freeze (middleware/write-freeze.ts), switched at runtime; this route stays open under it.
  r.get('/_sandbox/write_freeze', (c) => c.json({ on: deps.writeFreeze.on }));
  r.post('/_sandbox/write_freeze', async (c) => {
    deps.writeFreeze.on = parseOrThrow(WriteFreezeBody, await readJson(c.req.raw)).on;
    deps.log.info('maintenance write-freeze switched', { on: deps.writeFreeze.on });
    return c.json({ on: deps.writeFreeze.on });
  });
  faultRoutes(r, deps);
  storeRoutes(r, deps);
  return r;
}

export const ProviderEventBody = z
  .strictObject({
    type: z.enum(emittableEventTypes),
    payment_intent: z.string().min(1).max(100).optional(),
    transaction: z.string().min(1).max(100).optional(),
  })
  .refine((b) => (b.payment_intent === undefined) !== (b.transaction === undefined), { message: 'send exactly one of payment_intent or transaction' });

async function settlementNamed(deps: Deps, input: z.infer<typeof ProviderEventBody>) {
  if (input.transaction !== undefined) return deps.store.read.settlements.get(input.transaction);
  const intent = await deps.store.read.payments.get(input.payment_intent!);
  return intent?.vpTxId ? deps.store.read.settlements.get(intent.vpTxId) : undefined;
}
