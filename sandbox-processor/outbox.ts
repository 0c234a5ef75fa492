/**
 * Provider events: written to the processor's outbox in the same transaction as the change they
 * report, then POSTed to `{serviceUrl}/api/webhooks/sandbox`, signed (Doc 3, Webhooks). An event
 * without a 2xx stays in the outbox; `deliverPending` (run by `runDue`) tries it again.
 *
 * An event about a payment made through a provider stand-in (the Stripe stand-in's PaymentIntents)
 * is that provider's event instead: the router (`setRouter`) writes it in the provider's shape, and
 * it goes to `/api/webhooks/{gateway}` signed the provider's way (Stripe: `Stripe-Signature`, the
 * same `t=…,v1=…` HMAC-SHA256 of `t.body`).
 */
import { randomBytes } from 'node:crypto';
import { signatureHeader, SIGNATURE_HEADER } from '../src/platform/signature.ts';
import type { ProviderEventBody } from './api.ts';
import type { ProcessorRepo } from './store/repo.ts';

/** How an event reaches the service: the real `fetch`, or the service app's own `request` in tests. */
export type Deliver = (url: string, init: RequestInit) => Promise<Response> | Response;

/** An event before it has an id (distributes over the union, which `Omit` alone does not). */
export type EventInput = ProviderEventBody extends infer E ? (E extends unknown ? Omit<E, 'id'> : never) : never;

/**
 * A provider's own event for one of ours (its body as sent), null when the event is the sandbox's,
 * or `drop` when the provider sends nothing for it.
 */
export type EventRouter = (event: EventInput) => { gateway: string; id: string; type: string; body: string } | null | 'drop';

/**
 * How each gateway's events are sent: the sandbox's and Stripe's are JSON signed in a header
 * (`x-svc-signature`, `Stripe-Signature`, signed at each attempt); Braintree's are a form whose
 * `bt_signature` was made with the body (no header).
 */
const SENDING: Record<string, { contentType: string; header: string | null }> = {
  sandbox: { contentType: 'application/json', header: SIGNATURE_HEADER },
  stripe: { contentType: 'application/json', header: 'Stripe-Signature' },
  braintree: { contentType: 'application/x-www-form-urlencoded', header: null },
};

/** Doc 3, Webhooks: retries go on for up to 3 days of clock, then the event is given up on. */
const RETRY_FOR_MS = 3 * 24 * 60 * 60 * 1000;

/** Doc 3, Webhooks: a 2xx within 10 seconds counts. */
const DELIVERY_TIMEOUT_MS = 10_000;

export interface OutboxOptions {
  serviceUrl: string;
  webhookSecret: string;
  deliver?: Deliver;
  log: { error(msg: string, fields?: Record<string, unknown>): void };
}

export class Outbox {
  #deliver: Deliver;
  #atOnce = true;
  #router: EventRouter = () => null;
  /** Events being sent right now: a second sender skips them instead of posting twice at once. */
  readonly #inFlight = new Set<string>();

  constructor(
    private readonly repo: ProcessorRepo,
    private readonly now: () => Date,
    private readonly opts: OutboxOptions,
  ) {
    this.#deliver = opts.deliver ?? ((url, init) => fetch(url, init));
  }

  /**
   * The service's test harness builds its app after the processor, then points delivery at it.
   * `atOnce: false` leaves events nobody waits on (browser charges, challenges) in the outbox until
   * `runDue` or an explicit emit, so no write lands in either store after the request that caused it.
   */
  setDeliver(deliver: Deliver, opts: { atOnce?: boolean } = {}) {
    this.#deliver = deliver;
    if (opts.atOnce !== undefined) this.#atOnce = opts.atOnce;
  }

  /** Who writes the events of payments made through a provider stand-in (sandbox-processor/index.ts). */
  setRouter(router: EventRouter) {
    this.#router = router;
  }

  /** Records an event; call inside the transaction that makes the change it reports. */
  enqueue(event: EventInput): string {
    const routed = this.#router(event);
    if (routed === 'drop') return '';
    if (routed) {
      this.repo.insertEvent({ id: routed.id, gateway: routed.gateway, type: routed.type, body: routed.body, createdAt: this.now().toISOString() });
      return routed.id;
    }
    const id = `sbx_evt_${randomBytes(12).toString('hex')}`;
    const body = JSON.stringify({ id, ...event });
    this.repo.insertEvent({ id, gateway: 'sandbox', type: event.type, body, createdAt: this.now().toISOString() });
    return id;
  }

  /** Sends every undelivered event, oldest first; resolves with how many got a 2xx. */
  async deliverPending(): Promise<number> {
    let delivered = 0;
    const since = new Date(this.now().getTime() - RETRY_FOR_MS).toISOString();
    for (const e of this.repo.undeliveredEvents(since)) if (await this.deliverOne(e.id)) delivered++;
    return delivered;
  }

  /** Fire and forget, for events the caller does not wait on (a browser charge, a challenge). */
  kick() {
    if (!this.#atOnce) return;
    void this.deliverPending().catch((err: unknown) => this.opts.log.error('provider event delivery failed', { error: String(err) }));
  }

  #headers(gateway: string, body: string, t: number): Record<string, string> {
    const how = SENDING[gateway] ?? SENDING.sandbox!;
    return { 'Content-Type': how.contentType, ...(how.header ? { [how.header]: signatureHeader([this.opts.webhookSecret], body, t) } : {}) };
  }

  /** One delivery attempt; true when the service answered 2xx (now or before). */
  async deliverOne(id: string): Promise<boolean> {
    const event = this.repo.getEvent(id);
    if (!event) return false;
    if (event.deliveredAt) return true;
    if (this.#inFlight.has(id)) return false;
    this.#inFlight.add(id);
    let ok = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      // Doc 3, decisions: the signature's `t` is the wall-clock time of the attempt.
      const t = Math.floor(Date.now() / 1000);
      const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), DELIVERY_TIMEOUT_MS)));
      const res = await Promise.race([
        this.#deliver(`${this.opts.serviceUrl}/api/webhooks/${event.gateway}`, {
          method: 'POST',
          headers: this.#headers(event.gateway, event.body, t),
          body: event.body,
        }),
        timeout,
      ]);
      ok = res.status >= 200 && res.status < 300;
      await res.body?.cancel().catch(() => undefined);
    } catch (err) {
      this.opts.log.error('provider event not delivered', { event: id, error: err instanceof Error ? err.message : String(err) });
    } finally {
      clearTimeout(timer);
      this.#inFlight.delete(id);
      try {
        this.repo.recordAttempt(id, ok ? this.now().toISOString() : null);
      } catch (err) {
        // The database closed while the attempt was out (shutdown): the event stays undelivered.
        this.opts.log.error('provider event attempt not recorded', { event: id, error: String(err) });
      }
    }
    return ok;
  }
}
