/** Builds the dependency set from a config: store, clock, processors, logger, signer, limiter. */
import { Clock } from './clock.ts';
import { oneAtATime } from './serial.ts';
import type { Deps } from './context.ts';
import type { Config } from './env.ts';
import { redirectSigner } from './engine/redirect.ts';
import { keptSecret } from './engine/sealed.ts';
import { resealStale } from './engine/reseal.ts';
import { loadSealingKeys } from './sealing-keys.ts';
import { randomChars } from './ids.ts';
import { createLogger, type Logger } from './log.ts';
import { MemoryRateLimiter } from './middleware/rate-limit-memory.ts';
import { httpTransport, type FetchLike } from '../platform/http-transport.ts';
import { redactUrl } from '../platform/redact-url.ts';
import { ownListeners, systemResolver } from './engine/webhooks/webhook-network.ts';
import { ownAccountAdapters } from './processors/own-accounts.ts';
import { PROVIDERS, providerRegistry } from './processors/registry.ts';
import type { OwnAccountTestHosts, ProviderEntry } from './processors/provider-entry.ts';
import { storeClients } from './processors/stores/store-clients.ts';
import { providerSecrets } from './engine/merchants/provider-accounts.ts';
import { createStore, PgStore, SqliteStore } from './store/index.ts';
import { PgRateLimiter } from './middleware/rate-limit-postgres.ts';
import { createSandboxProcessor, processorDataPath, processorSecrets, type SandboxProcessor } from '../../sandbox-processor/index.ts';

export interface BuildOptions {
  /**
   * How the adapter reaches the sandbox processor: `network` (the real fetch to
   * SVCPAY_PROCESSOR_URL, as in production) or `in-process` (the processor app's own `request`,
   * for unit tests: same HTTP API, no sockets).
   */
  processorTransport?: 'network' | 'in-process';
  /**
   * Tests only: a processor another instance already started, shared as one processor that runs
   * alone is (issue 21: two instances on one database, one processor). In-process transport only.
   */
  sandbox?: SandboxProcessor;
  /** Tests only: where merchants' own provider accounts are reached instead of the real providers. */
  ownAccounts?: OwnAccountTestHosts;
  /**
   * Tests only: the providers the service reads (adapters, webhook gateways, capabilities, CSP
   * hosts, account keys), in place of processors/registry.ts's list (a provider a test adds,
   * docs/contributing.md, "Adding a processor").
   */
  providers?: readonly ProviderEntry[];
}

export async function buildDeps(config: Config, log: Logger = createLogger(config.log), opts: BuildOptions = {}) {
  // Doc 3, Several instances: PostgreSQL when SVCPAY_DATABASE_URL names one, SQLite otherwise.
  const store = config.databaseUrl ? await PgStore.open(config.databaseUrl, { pool: config.databasePool }) : createStore(config.dataPath);
  // Issue 18, finding 4: the sealing key comes from the environment or a key file, never the
  // database; values sealed under an older key (or the pre-issue-18 key in meta) are sealed again now.
  const { sealer, resealed, legacyKeyDropped } = await resealStale(store, loadSealingKeys(config));
  if (legacyKeyDropped && store instanceof SqliteStore) store.db.pragma('wal_checkpoint(TRUNCATE)');
  if (resealed) log.info('sealed values moved to the current sealing key', { resealed, legacyKeyDropped });
  const clock = await Clock.load({
    readOffset: async () => Number((await store.read.meta.get('clock_offset_ms')) ?? 0),
    writeOffset: (ms) => store.tx((r) => r.meta.set('clock_offset_ms', String(ms))),
  });
  // Instances on one PostgreSQL database keep one service clock: a move on another instance is
  // taken when its commit is heard (one read in flight at a time, however many commits arrive).
  if (store instanceof PgStore) store.onRemoteCommit(oneAtATime(() => clock.refresh().catch(() => undefined)));
  // Doc 3, Several instances: with a processor that runs alone, every secret comes from the one the
  // instances and it share; beside the service, they are made once and kept in the store.
  if (config.externalProcessor && !config.processorSecret) {
    throw new Error(`svcpay: SVCPAY_PROCESSOR_URL (${redactUrl(config.processorUrl)}) names a processor that runs alone: set SVCPAY_PROCESSOR_SECRET to the secret it was started with`);
  }
  const secrets = config.processorSecret
    ? processorSecrets(config.processorSecret)
    : {
        // The secret the service presents to the processor: kept, so a restart still matches.
        apiSecret: await keptSecret(store, sealer, 'processor_secret', () => `sbx_sk_${randomChars(40)}`),
        // The secret the processor signs its webhooks with; the inbound route verifies with it (Doc 3, Webhooks).
        webhookSecret: await keptSecret(store, sealer, 'processor_webhook_secret', () => `whsec_${randomChars(40)}`),
        // The platform's publishable key at the sandbox's Stripe stand-in (stripe.js is made with it).
        stripePublishableKey: await keptSecret(store, sealer, 'stripe_publishable_key', () => `pk_test_${randomChars(40)}`),
      };
  const { apiSecret: secret, webhookSecret } = secrets;
  // The processor runs beside the service (its own origin, its own database; main.ts serves its
  // app) unless SVCPAY_PROCESSOR_URL names one that runs alone.
  const sandbox = opts.sandbox ?? (config.externalProcessor
    ? null
    : createSandboxProcessor({
        dataPath: processorDataPath(config.dataPath),
        ...secrets,
        braintreeUrl: config.braintreeUrl,
        serviceUrl: config.publicUrl,
        publicUrl: config.processorUrl,
        distDir: config.distDir,
        log,
        rateLimits: config.rateLimits,
        // Doc 3, Starting it: one service clock drives every time rule, the sandbox's included.
        now: () => clock.now(),
      }));
  if (opts.processorTransport === 'in-process' && !sandbox) throw new Error('the in-process transport needs the processor beside the service (unset SVCPAY_PROCESSOR_URL)');
  const transport: FetchLike = sandbox && opts.processorTransport === 'in-process' ? abortable((url, init) => sandbox.app.request(url, init)) : httpTransport();
  const providers = providerRegistry(opts.providers ?? PROVIDERS);
  // Each UI mode's adapter on the platform's account, made by the provider serving it (processors/registry.ts).
  const processorFor = providers.platform({ config, secrets, transport, inProcess: sandbox && opts.processorTransport === 'in-process' ? sandbox : null });
  const deps: Deps = {
    config,
    clock,
    store,
    log,
    signer: redirectSigner(store, sealer),
    sealer,
    // Several instances on one PostgreSQL database count the same buckets; one SQLite instance counts in memory.
    limiter: store instanceof PgStore ? new PgRateLimiter(store.sql) : new MemoryRateLimiter(),
    writeFreeze: { on: config.writeFreeze },
    ownProcessor: ownAccountAdapters(providers, { publicUrl: config.publicUrl, timeoutMs: config.processorTimeoutMs, open: (m) => providerSecrets({ sealer }, m), ...opts.ownAccounts }),
    ownAccountReach: { timeoutMs: config.processorTimeoutMs, ...opts.ownAccounts },
    providers,
    processorFor,
    // Offline and in every test the stores are the sandbox's stand-ins, on the processor's origin,
    // reached with the processor secret in place of a store connection's token.
    stores: storeClients({ baseUrl: (platform, store) => `${config.processorUrl}/stores/${platform}/${encodeURIComponent(store)}`, token: secret, fetch: transport, timeoutMs: config.processorTimeoutMs, standInsUrl: config.processorUrl }),
    providerWebhookSecret: webhookSecret,
    webhookNet: { allowHosts: config.webhookAllowHosts, resolve: systemResolver, own: ownListeners(config) },
  };
  return { deps, sandbox, store, processorSecret: secret };
}

/**
 * The in-process transport gives up when the caller's signal says so, as a socket would: a slow
 * answer from the sandbox (a store's `answerDelayMs`) times out in tests as it does over HTTP.
 */
function abortable(fetch: FetchLike): FetchLike {
  return (url, init) => {
    const signal = init?.signal;
    const answer = Promise.resolve(fetch(url, init));
    if (!signal) return answer;
    return new Promise((resolve, reject) => {
      const abort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  };
}
