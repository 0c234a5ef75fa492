/** Webhook records: subscriptions, the deliveries of events to them, and every attempt. */

/** A webhook subscription (Doc 2, "Webhook subscriptions"; Doc 3, Webhooks): one per URL and mode. */
export interface WebhookSubscriptionRecord {
  id: string;
  merchantId: string;
  livemode: boolean;
  url: string;
  enabledEvents: string[];
  description: string | null;
  status: 'enabled' | 'disabled';
  /** The `whsec_*` secret, sealed (engine/sealed.ts): shown on create and rotate only. */
  secretSealed: string;
  /** After a rotation: the previous secret, still signing beside the new one until `previousExpiresAt`. */
  previousSecretSealed: string | null;
  previousExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Set by DELETE: the row stays for its delivery history, every read answers 404, and the URL is free again. */
  deletedAt: string | null;
}

/** One event owed to one subscription (an outbox row fanned out), until a 2xx or three days. */
export interface WebhookDeliveryRecord {
  id: string;
  merchantId: string;
  livemode: boolean;
  subscriptionId: string;
  eventId: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** Service-clock ISO time of the next try while `pending`. */
  nextAttemptAt: string;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One try of a delivery, kept for the attempts log. */
export interface WebhookAttemptRecord {
  id: string;
  deliveryId: string;
  subscriptionId: string;
  eventId: string;
  number: number;
  /** Service-clock ISO time of the try. */
  at: string;
  status: number | null;
  ms: number;
  error: string | null;
  /** When the next try is due; null when this one succeeded or was the last. */
  nextAttemptAt: string | null;
}

/**
 * An event a provider posted to `/api/webhooks/{gatewayId}`, kept before the 200 (Doc 3: persisted
 * before answering) and applied afterwards, once per provider event id: the id is
 * `<gateway>:<provider event id>`, so a provider's retry of an event finds its row and adds nothing.
 */
export interface InboundEventRecord {
  id: string;
  gateway: string;
  providerEventId: string;
  type: string;
  /** The verified body, exactly as received (provider events carry brand and last 4 only). */
  body: string;
  /** `applied`: it changed something; `ignored`: nothing of ours to change; `failed`: given up on. */
  state: 'pending' | 'applied' | 'ignored' | 'failed';
  attempts: number;
  /** Service-clock ISO time of the next try while `pending` (pushed out while one is being applied). */
  nextAttemptAt: string;
  lastError: string | null;
  receivedAt: string;
  updatedAt: string;
}
