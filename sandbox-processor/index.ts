/**
 * The sandbox processor as one unit: its own database, its rules, its event outbox and its HTTP
 * app. The service starts it beside itself and reaches it only over HTTP, through its adapter
 * (src/server/processors/sandbox/adapter.ts), as it would a real provider; the processor reaches
 * the service only through signed webhooks to `{serviceUrl}/api/webhooks/sandbox`.
 */
import { SANDBOX_GATEWAY_ID, SANDBOX_PUBLIC_KEY } from './braintree/app.ts';
import { braintreeHost } from './braintree/host.ts';
import { nonceRepo } from './braintree/nonces.ts';
import { customerRepo } from './braintree/customers.ts';
import { braintreeEventRouter } from './braintree/events.ts';
import { salesRepo } from './braintree/sales.ts';
import { stripeEventRouter } from './stripe/events.ts';
import { stripeHost } from './stripe/host.ts';
import { intentRepo } from './stripe/intents.ts';
import { idempotencyRepo } from './stripe/idempotency.ts';
import { openDb, processorDataPath } from './store/db.ts';
import { noDurability, walDurability } from './store/durable.ts';
import { processorRepo } from './store/repo.ts';
import { Outbox, type Deliver } from './outbox.ts';
import { SandboxProcessorCore } from './processor.ts';
import { runDue } from './provider-events.ts';
import { FaultBoard } from './faults.ts';
import { sandboxProcessorApp, type ProcessorAppOptions } from './server/app.ts';
import { storeStandIns } from './stores/index.ts';
import { storedClock } from './clock.ts';
import { Radar } from './radar.ts';

export { processorDataPath };
export { processorSecrets, type ProcessorSecrets } from './shared-secret.ts';
/** The Braintree stand-in's gateway and public key (its private key is the processor secret). */
export { SANDBOX_GATEWAY_ID as BRAINTREE_SANDBOX_GATEWAY, SANDBOX_PUBLIC_KEY as BRAINTREE_SANDBOX_PUBLIC_KEY } from './braintree/app.ts';
export type { Deliver };

export interface SandboxProcessorOptions extends Omit<ProcessorAppOptions, 'core' | 'faults' | 'moveClock'> {
  /** Its own SQLite file (or `:memory:`), never the service's. */
  dataPath: string;
  /**
   * The service clock, when it runs beside the service. Without it the processor runs alone and
   * keeps the offset the instances push to `POST /v1/_clock` (./clock.ts).
   */
  now?: () => Date;
  /** The secret its webhooks are signed with (`x-svc-signature`); the service verifies with the same. */
  webhookSecret: string;
  /** How events reach the service; the real `fetch` unless told otherwise. */
  deliver?: Deliver;
  /** The platform's Stripe publishable key, the one stripe.js is made with on the Stripe stand-in. */
  stripePublishableKey: string;
  /** Where browsers reach the Braintree stand-in (its client API); its own origin. */
  braintreeUrl?: string;
  /**
   * The stand-ins' per-address limit on card tries (radar.ts); false with the service's
   * SVCPAY_RATE_LIMITS=off. Their cap on declines per browser credential always holds.
   */
  rateLimits?: boolean;
}

export function createSandboxProcessor(opts: SandboxProcessorOptions) {
  const db = openDb(opts.dataPath);
  const repo = processorRepo(db);
  const own = opts.now ? null : storedClock(db);
  const now = opts.now ?? own!.now;
  const outbox = new Outbox(repo, now, { serviceUrl: opts.serviceUrl, webhookSecret: opts.webhookSecret, deliver: opts.deliver, log: opts.log });
  const core = new SandboxProcessorCore(repo, now, (fn) => db.transaction(fn).immediate(), outbox, opts.publicUrl);
  const intents = intentRepo(db);
  const braintreeSales = salesRepo(db);
  // Payments made through a provider stand-in are told to the service as that provider's events.
  const stripeEvents = stripeEventRouter(core, intents);
  const braintreeEvents = braintreeEventRouter(core, braintreeSales, { publicKey: SANDBOX_PUBLIC_KEY, privateKey: opts.apiSecret });
  outbox.setRouter((event) => stripeEvents(event) ?? braintreeEvents(event));
  const durability = opts.dataPath === ':memory:' ? noDurability : walDurability(opts.dataPath);
  const faults = new FaultBoard();
  const radar = new Radar(now, opts.rateLimits ?? true);
  const app = sandboxProcessorApp({ ...opts, core, faults, moveClock: own?.moveTo, durable: opts.durable ?? (() => durability.barrier()) });
  // The store platforms' stand-ins (issue 20): where mirrored orders are made, on the processor's origin.
  const stores = storeStandIns(db, { apiSecret: opts.apiSecret, publicUrl: opts.publicUrl, now });
  app.route('/', stores.app);
  return {
    app,
    /**
     * The Stripe stand-in (stripe/host.ts) over the same records, served on an origin of its own:
     * the `stripe` Node SDK and stripe.js talk to it.
     */
    stripe: stripeHost({ core, intents, idempotency: idempotencyRepo(db), apiSecret: opts.apiSecret, publishableKey: opts.stripePublishableKey, faults, radar }),
    /**
     * The Braintree stand-in (braintree/app.ts) over the same records, on an origin of its own:
     * the `braintree` Node SDK talks to it through a custom Environment.
     */
    braintree: braintreeHost({ core, nonces: nonceRepo(db), customers: customerRepo(db), sales: braintreeSales, faults, radar, gatewayId: SANDBOX_GATEWAY_ID, publicKey: SANDBOX_PUBLIC_KEY, apiSecret: opts.apiSecret, publicUrl: opts.braintreeUrl ?? 'http://127.0.0.1:4246' }),
    db,
    /** Points event delivery somewhere else (the service's test harness: its app's `request`). */
    setDeliver: (deliver: Deliver, opts?: { atOnce?: boolean }) => outbox.setDeliver(deliver, opts),
    /** What `POST /v1/_run_due` does, without HTTP. */
    runDue: () => runDue(core),
    /** The fault switchboard (Doc 3), for tests that arm faults without HTTP. */
    faults,
    close: () => {
      faults.clear();
      void durability.close();
      db.close();
    },
  };
}
export type SandboxProcessor = ReturnType<typeof createSandboxProcessor>;
