/**
 * Inbound provider events (Doc 3, Webhooks): a verified event is kept before the provider hears
 * 200, then applied after the answer, once per provider event id.
 *
 * - `receive` writes the row (or finds it: a provider retries an event it thinks was lost, with
 *   the same id) in one transaction, so an acknowledged event survives a crash.
 * - `drainInbound` applies every pending event in arrival order through `applyProviderEvent`.
 *   Passes run one at a time per store, and each event is leased while it is applied, so the
 *   route's kick, the scheduler and `/_sandbox/clock` never apply one event twice at once. A crash
 *   between applying and marking leaves the row pending: applying it again changes nothing,
 *   because every outcome is compare-and-set.
 * - An event whose application throws (a processor that cannot be asked, a store error) is tried
 *   again on the service clock, backing off from 15 seconds to 10 minutes, for up to 3 days.
 * - An event naming another merchant's records (./provider-events.ts) is kept as ignored, with a warning.
 */
import type { EngineDeps } from '../deps.ts';
import { drainDue, oneAtATimePer } from '../../serial.ts';
import { parseProviderEvent } from '../../processors/sandbox/adapter.ts';
import { parseStripeEvent, STRIPE_SIGNATURE_HEADER, verifyStripeEvent } from '../../processors/stripe/stripe-events.ts';
import { SIGNATURE_HEADER, verifySignature } from '../../../platform/signature.ts';
import { BraintreeProcessorAdapter } from '../../processors/braintree/adapter.ts';
import { keptNotification, notificationForm, parseBraintreeNotification } from '../../processors/braintree/braintree-events.ts';
import { ForeignRecordError, type Processor, type ProviderEvent } from '../../processors/types.ts';
import { parseAccountGatewayId, type InboundEventRecord } from '../../domain/index.ts';
import { applyProviderEvent, type ProviderEventDeps } from './provider-events.ts';
import { applyRefundEvent } from '../refunds/refunds.ts';

/** What a gateway needs to check a posted event. */
export interface InboundContext {
  header(name: string): string | undefined;
  /** The secret the events are signed with: the sandbox's (its processor and Stripe's stand-in), or a merchant's own Stripe endpoint's. */
  secret: string | null;
  nowSeconds: number;
  /** The Braintree gateway whose notifications these are: the platform's, or a merchant's own. */
  braintree: Processor | null;
}

/**
 * A gateway that posts to `/api/webhooks/{gatewayId}`: how a posted body is checked and read into
 * what is kept (JSON), and how what is kept is read as the engine's event.
 */
export interface InboundGateway {
  /** The event to keep, once its signature is the gateway's; `missing` without one, `invalid` with a wrong one. */
  verify(raw: string, ctx: InboundContext): Promise<unknown>;
  /** `owner`: the merchant whose own account posted (its events are that merchant's, whatever they say); null for the platform's. */
  parse(json: unknown, owner: string | null): ProviderEvent | null;
}

/** A body that is not JSON, though signed. */
export class NotJson extends Error {}
const json = (raw: string) => {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new NotJson('The event body is not valid JSON.');
  }
};

/**
 * The sandbox processor (`x-svc-signature`, Doc 3: `t=…,v1=…` HMAC-SHA256 of `t.body`, 300 s),
 * Stripe (`Stripe-Signature`, checked by the `stripe` SDK) and Braintree (`bt_signature` and
 * `bt_payload` in a form, checked by the `braintree` SDK with the gateway's private key).
 */
export const INBOUND_GATEWAYS: Readonly<Record<string, InboundGateway>> = {
  sandbox: {
    async verify(raw, ctx) {
      const header = ctx.header(SIGNATURE_HEADER);
      if (!header) return 'missing';
      return ctx.secret && verifySignature(header, [ctx.secret], raw, ctx.nowSeconds) ? json(raw) : 'invalid';
    },
    parse: parseProviderEvent,
  },
  stripe: {
    async verify(raw, ctx) {
      const header = ctx.header(STRIPE_SIGNATURE_HEADER);
      if (!header) return 'missing';
      const event = ctx.secret ? verifyStripeEvent(raw, header, ctx.secret, ctx.nowSeconds) : null;
      return typeof event === 'object' && event !== null ? event : 'invalid';
    },
    parse: parseStripeEvent,
  },
  braintree: {
    async verify(raw, ctx) {
      const form = notificationForm(raw);
      if (!form) return 'missing';
      const gateway = ctx.braintree;
      const n = gateway instanceof BraintreeProcessorAdapter ? await gateway.notification(form.signature, form.payload) : null;
      return n ? keptNotification(form.payload, n) : 'invalid';
    },
    parse: parseBraintreeNotification,
  },
};

/**
 * The gateway a `/api/webhooks/{gatewayId}` names: one of the platform's (`sandbox`, `stripe`,
 * `braintree`), or a merchant's own account (`<provider>_<merchant id>`, domain/provider-account.ts),
 * whose events can only be that merchant's.
 */
export function inboundGateway(gatewayId: string): { gateway: InboundGateway; owner: string | null } | null {
  if (Object.hasOwn(INBOUND_GATEWAYS, gatewayId)) return { gateway: INBOUND_GATEWAYS[gatewayId]!, owner: null };
  const own = parseAccountGatewayId(gatewayId);
  return own ? { gateway: INBOUND_GATEWAYS[own.provider]!, owner: own.merchantId } : null;
}

const LEASE_MS = 60_000;
const RETRY_FIRST_MS = 15_000;
const RETRY_MAX_MS = 600_000;
const GIVE_UP_MS = 3 * 24 * 3600 * 1000;
const BATCH = 100;

type InboundDeps = ProviderEventDeps;

/** Keeps a verified event; `duplicate` when this provider event id was already kept. */
export async function receive(deps: Pick<EngineDeps, 'store' | 'clock'>, gateway: string, event: ProviderEvent, body: string): Promise<{ id: string; duplicate: boolean }> {
  const now = deps.clock.iso();
  const id = `${gateway}:${event.id}`;
  const kept = await deps.store.tx((r) =>
    r.inboundEvents.insertNew({
      id,
      gateway,
      providerEventId: event.id,
      type: event.type,
      body,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      receivedAt: now,
      updatedAt: now,
    }),
  );
  return { id, duplicate: !kept };
}

export interface InboundRun {
  applied: number;
  ignored: number;
  retrying: number;
}

/**
 * Applies every pending event due now, one pass at a time per store (the route's kick, the
 * scheduler and `/_sandbox/clock` share its passes). Resolves after a pass that started after this
 * call, so an event kept before the call is applied (or scheduled for a retry) when it resolves.
 */
export const drainInbound: (deps: InboundDeps) => Promise<InboundRun> = oneAtATimePer((deps: InboundDeps) => applyDue(deps));

function applyDue(deps: InboundDeps): Promise<InboundRun> {
  return drainDue((limit) => deps.store.read.inboundEvents.due(deps.clock.iso(), limit), (e) => applyOne(deps, e.id), { applied: 0, ignored: 0, retrying: 0 }, { batch: BATCH });
}

async function applyOne(deps: InboundDeps, id: string): Promise<keyof InboundRun | null> {
  const leased = await deps.store.tx(async (r) => {
    const e = await r.inboundEvents.get(id);
    const now = deps.clock.iso();
    if (!e || e.state !== 'pending' || e.nextAttemptAt > now) return null;
    await r.inboundEvents.update({ ...e, nextAttemptAt: new Date(deps.clock.nowMs() + LEASE_MS).toISOString(), updatedAt: now });
    return e;
  });
  if (!leased) return null;
  const at = inboundGateway(leased.gateway);
  const event = at ? at.gateway.parse(JSON.parse(leased.body) as unknown, at.owner) : null;
  let applied = false;
  let error: string | null = null;
  try {
    applied = event ? await applyProviderEvent(deps, event, applyRefundEvent) : false;
  } catch (err) {
    // Issue 32, finding 2: one merchant's account naming another's payment. Ignored, never retried; the
    // line names the gateway and the event, nothing of the payment.
    if (err instanceof ForeignRecordError) deps.log.warn('provider event names another merchant’s records', { gateway: leased.gateway, id: leased.providerEventId, type: leased.type });
    else error = err instanceof Error ? err.message : String(err);
  }
  const nowMs = deps.clock.nowMs();
  const now = new Date(nowMs).toISOString();
  const attempts = leased.attempts + 1;
  const givenUp = error !== null && nowMs - Date.parse(leased.receivedAt) >= GIVE_UP_MS;
  const state = error === null ? (applied ? 'applied' : 'ignored') : givenUp ? 'failed' : 'pending';
  const wait = Math.min(RETRY_FIRST_MS * 2 ** (attempts - 1), RETRY_MAX_MS);
  const next: InboundEventRecord = { ...leased, state, attempts, lastError: error, nextAttemptAt: state === 'pending' ? new Date(nowMs + wait).toISOString() : now, updatedAt: now };
  await deps.store.tx((r) => r.inboundEvents.update(next));
  deps.log[error === null ? 'info' : 'warn']('provider event', { id: leased.providerEventId, type: leased.type, state, ...(error === null ? {} : { error }) });
  return state === 'applied' ? 'applied' : state === 'ignored' ? 'ignored' : 'retrying';
}
