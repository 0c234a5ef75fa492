/**
 * Webhook subscriptions (Doc 2, "Webhook subscriptions and events"; Doc 3, Webhooks): one per URL,
 * a `whsec_*` secret shown on create and rotate only (kept sealed), a rotation that signs with both
 * secrets for 24 hours of service clock, and a synchronous test send.
 */
import type { EngineDeps } from '../deps.ts';
import { sealedIn } from '../sealed.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../ids.ts';
import type { Reads } from '../../store/types.ts';
import { RefusedTarget, checkedAddresses, isPrivateTarget, portOf, type WebhookNetwork } from './webhook-network.ts';
import { sendSigned } from './webhook-send.ts';
import type { AuthContext, WebhookSubscriptionRecord } from '../../domain/index.ts';
import { keepOutcome } from '../idempotency.ts';
import type { IdempotencyReservation } from '../../domain/operations.ts';

/** A new subscription and its `whsec_*` secret, shown on create only (Doc 3, Webhooks). */
export interface CreatedSubscription {
  record: WebhookSubscriptionRecord;
  secret: string;
}

type SubscriptionDeps = Pick<EngineDeps, 'store' | 'clock' | 'sealer' | 'config' | 'webhookNet'>;

/** Doc 3: for 24 hours after a rotation each delivery carries both signatures, new first. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;
export const URL_MAX = 2048;

const owner = (auth: AuthContext) => ({ merchantId: auth.merchant.id, livemode: auth.livemode });

/**
 * Outbound requests go only to http/https URLs, to a host the network rules allow
 * (webhook-network.ts): live mode needs https on a public host; test mode also allows loopback and
 * the allow-listed hosts. A host name is resolved now (and again at every delivery). The service's
 * own listeners are refused in every mode and spelling (issue 32, finding 1): the code is
 * `validation_url_scheme_forbidden`, as for every URL this mode does not allow (Doc 3's "webhook
 * URLs and the network"), with the reason in the message.
 */
export async function checkWebhookUrl(net: WebhookNetwork, raw: string, livemode: boolean): Promise<string> {
  const url = parsedUrl(raw);
  if (!url) throw new DomainError('validation_error', 'url must be an absolute URL such as https://shop.example.com/webhooks.');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new DomainError('validation_url_scheme_forbidden', 'url must use https (or http in test mode).');
  if (url.username || url.password) throw new DomainError('validation_error', 'url must not carry a user name or password.');
  if (livemode && url.protocol !== 'https:') throw new DomainError('validation_url_scheme_forbidden', 'A live subscription needs an https url.');
  try {
    await checkedAddresses(net, url.hostname, livemode, net.own.ports.includes(portOf(url)));
  } catch (err) {
    if (err instanceof RefusedTarget) throw new DomainError('validation_url_scheme_forbidden', `url cannot be used: ${err.message}.`);
    throw err;
  }
  return url.toString();
}

function parsedUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/**
 * A subscription's URL is kept as the URL standard writes it (`checkWebhookUrl`): scheme and host
 * in lower case, a default port dropped, an empty path as `/`. A URL that writes the same is the
 * same URL, however it was spelt (issue 35).
 */
const sameUrl = (raw: string, kept: string) => (parsedUrl(raw)?.toString() ?? raw) === kept;

async function forKey(r: Pick<Reads, 'webhookSubscriptions'>, auth: AuthContext, id: string): Promise<WebhookSubscriptionRecord> {
  const w = await r.webhookSubscriptions.get(id);
  if (!w || w.deletedAt !== null || w.merchantId !== auth.merchant.id || w.livemode !== auth.livemode) throw new DomainError('webhook_subscription_not_found');
  return w;
}

export interface CreateInput {
  url: string;
  enabledEvents: string[];
  description?: string | null;
  status?: 'enabled' | 'disabled';
}

/** Returns the record and its secret in clear, for the one answer that shows it. */
export async function createSubscription(deps: SubscriptionDeps, auth: AuthContext, input: CreateInput, idem?: IdempotencyReservation) {
  const url = await checkWebhookUrl(deps.webhookNet, input.url, auth.livemode);
  const secret = newId.webhookSecret();
  return deps.store.tx(async (r) => {
    if (await r.webhookSubscriptions.findActiveByUrl(owner(auth), url)) throw new DomainError('webhook_subscription_conflict');
    const now = deps.clock.iso();
    const subscriptionId = newId.webhookSubscription(auth.livemode);
    const record: WebhookSubscriptionRecord = {
      id: subscriptionId,
      ...owner(auth),
      url,
      enabledEvents: [...new Set(input.enabledEvents)],
      description: input.description ?? null,
      status: input.status ?? 'enabled',
      secretSealed: deps.sealer.seal(secret, sealedIn.webhookSecret(subscriptionId)),
      previousSecretSealed: null,
      previousExpiresAt: null,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    };
    await r.webhookSubscriptions.insert(record);
    await keepOutcome(r, idem, { record, secret } satisfies CreatedSubscription);
    return { record, secret };
  });
}

export const readSubscription = (deps: SubscriptionDeps, auth: AuthContext, id: string) => forKey(deps.store.read, auth, id);

export async function listSubscriptions(deps: SubscriptionDeps, auth: AuthContext, q: { limit?: number; startingAfter?: string }) {
  const limit = q.limit ?? 10;
  let after: WebhookSubscriptionRecord | undefined;
  if (q.startingAfter !== undefined) {
    after = await deps.store.read.webhookSubscriptions.get(q.startingAfter);
    if (!after || after.merchantId !== auth.merchant.id || after.livemode !== auth.livemode) {
      throw new DomainError('validation_error', 'starting_after is not a subscription of this list; pass the last id of the previous page.');
    }
  }
  const rows = await deps.store.read.webhookSubscriptions.list(owner(auth), limit + 1, after);
  return { data: rows.slice(0, limit), hasMore: rows.length > limit };
}

export interface PatchInput {
  url?: string;
  enabledEvents?: string[];
  description?: string | null;
  status?: 'enabled' | 'disabled';
}

export async function patchSubscription(deps: SubscriptionDeps, auth: AuthContext, id: string, input: PatchInput) {
  return deps.store.tx(async (r) => {
    const w = await forKey(r, auth, id);
    if (input.url !== undefined && !sameUrl(input.url, w.url)) throw new DomainError('webhook_subscription_url_immutable');
    const next: WebhookSubscriptionRecord = {
      ...w,
      enabledEvents: input.enabledEvents ? [...new Set(input.enabledEvents)] : w.enabledEvents,
      description: input.description === undefined ? w.description : input.description,
      status: input.status ?? w.status,
      updatedAt: deps.clock.iso(),
    };
    await r.webhookSubscriptions.update(next);
    return next;
  });
}

export async function deleteSubscription(deps: SubscriptionDeps, auth: AuthContext, id: string) {
  return deps.store.tx(async (r) => {
    const w = await forKey(r, auth, id);
    const next = { ...w, deletedAt: deps.clock.iso(), updatedAt: deps.clock.iso() };
    await r.webhookSubscriptions.update(next);
    return next;
  });
}

/** New secret now; the old one keeps signing beside it for 24 hours of service clock. */
export async function rotateSecret(deps: SubscriptionDeps, auth: AuthContext, id: string) {
  const secret = newId.webhookSecret();
  return deps.store.tx(async (r) => {
    const w = await forKey(r, auth, id);
    const next: WebhookSubscriptionRecord = {
      ...w,
      secretSealed: deps.sealer.seal(secret, sealedIn.webhookSecret(w.id)),
      // Bound to its column: the old secret moves by being opened there and sealed again here.
      previousSecretSealed: deps.sealer.seal(deps.sealer.open(w.secretSealed, sealedIn.webhookSecret(w.id)), sealedIn.webhookPreviousSecret(w.id)),
      previousExpiresAt: new Date(deps.clock.nowMs() + ROTATION_OVERLAP_MS).toISOString(),
      updatedAt: deps.clock.iso(),
    };
    await r.webhookSubscriptions.update(next);
    return { record: next, secret };
  });
}

/** The secrets a delivery is signed with now: the current one, then the previous one while it overlaps. */
export function signingSecrets(deps: Pick<EngineDeps, 'sealer' | 'clock'>, w: WebhookSubscriptionRecord): string[] {
  const secrets = [deps.sealer.open(w.secretSealed, sealedIn.webhookSecret(w.id)) as string];
  if (w.previousSecretSealed && w.previousExpiresAt && w.previousExpiresAt > deps.clock.iso()) secrets.push(deps.sealer.open(w.previousSecretSealed, sealedIn.webhookPreviousSecret(w.id)) as string);
  return secrets;
}

/** `GET /v1/webhook_events/{id}`: the event envelope, for its own merchant and mode only. */
export async function readEvent(deps: Pick<EngineDeps, 'store'>, auth: AuthContext, id: string) {
  const e = await deps.store.read.events.get(id);
  if (!e || e.merchantId !== auth.merchant.id || e.livemode !== auth.livemode) throw new DomainError('webhook_event_not_found');
  return e;
}

const PRIVATE_FAILURE =
  'The test event was not accepted: the endpoint on this machine or your private network did not answer 2xx in time. Check that your receiver is running on that port and answers 2xx; for a closer look, watch its own log.';

/**
 * `send_test_event`: a `test_event: true` envelope sent now, signed like every delivery. A 2xx
 * answer is `{ delivered: true, status }`; any other answer, or none within 10 seconds, is 502
 * `webhook_test_delivery_failed` (the status said, never socket detail). Test events are not stored: they are not events of the account.
 */
export async function sendTestEvent(deps: SubscriptionDeps, auth: AuthContext, id: string) {
  const w = await forKey(deps.store.read, auth, id);
  const type = (w.enabledEvents[0] ?? 'charge.succeeded') as string;
  const envelope = {
    id: newId.event(auth.livemode),
    type,
    created: deps.clock.unix(),
    livemode: auth.livemode,
    test_event: true,
    merchant_id: auth.merchant.id,
    data: { session_id: null, payment_intent_id: null, amount: 0, currency: 'USD', note: 'svcpay test event: do nothing and answer 2xx' },
  };
  const sent = await sendSigned(deps.webhookNet, w, JSON.stringify(envelope), signingSecrets(deps, w), deps.config.webhookTimeoutMs);
  // Issue 32, finding 1: on this machine or a private host, every failure reads the same (closed
  // port, refused target, any status, no answer), so a test send never tells which local ports answer.
  if (!sent.delivered && isPrivateTarget(deps.webhookNet, new URL(w.url).hostname, auth.livemode)) throw new DomainError('webhook_test_delivery_failed', PRIVATE_FAILURE);
  // Doc 1's code, and only what the merchant can act on: never the socket's address, port or errno.
  if (sent.status === null) throw new DomainError('webhook_test_delivery_failed', `The test event could not be delivered: ${sent.error}.`);
  // An answer other than 2xx is no delivery either (a real event would be retried): the same code, with the status.
  if (!sent.delivered) throw new DomainError('webhook_test_delivery_failed', `The test event was not accepted: the endpoint answered HTTP ${sent.status}; answer 2xx to acknowledge events.`);
  return { id: envelope.id, type, delivered: sent.delivered, status: sent.status };
}
