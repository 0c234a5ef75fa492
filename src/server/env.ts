/** Process configuration, parsed once at start (Doc 3, "Name and addresses"). */
import { z } from 'zod';
import { isLoopbackListener } from '../platform/loopback.ts';
import { trustedProxies } from '../platform/forwarded.ts';
import { resolve } from 'node:path';
import { ownServiceAddress, serviceAddress } from '../platform/service-url.ts';

const URL_EXPECTED = 'expected an http(s) URL such as http://localhost:4242';
const Url = z.url({ protocol: /^https?$/, error: URL_EXPECTED }).transform((u) => u.replace(/\/+$/, ''));
const PORT_EXPECTED = 'expected a port number from 0 to 65535';
const Port = z.coerce.number({ error: PORT_EXPECTED }).int(PORT_EXPECTED).min(0, PORT_EXPECTED).max(65535, PORT_EXPECTED);

/**
 * A variable with a value the service cannot use: one line per variable, naming it and what it
 * takes, that the process entries print instead of a stack trace (issue 36).
 */
export class EnvError extends Error {
  override name = 'EnvError';
}

export const EnvSchema = z.object({
  PORT: Port.default(4242),
  HOST: z.string().optional(),
  SVCPAY_PUBLIC_URL: Url.optional(),
  PROCESSOR_PORT: Port.default(4243),
  /** Doc 3, Several instances: a processor of another process; this instance then starts none. */
  SVCPAY_PROCESSOR_URL: Url.optional(),
  /** The secret an instance and a processor that runs alone share (its calls and its provider events). */
  SVCPAY_PROCESSOR_SECRET: z.string().min(24, 'at least 24 characters').optional(),
  /** Where a processor that runs alone sends its provider events (unset: where the CLI would look, src/platform/service-url.ts). */
  SVCPAY_SERVICE_URL: Url.optional(),
  /** Where `npx svcpay` and `createSvcPayClient` look for the service; read here only as that default. */
  SVCPAY_URL: Url.optional(),
  /** A processor that runs alone: its own SQLite file (default beside SVCPAY_DATA). */
  SVCPAY_PROCESSOR_DATA: z.string().min(1).optional(),
  DEMO_PORT: Port.default(4244),
  /** Cluster mode (scripts/cluster/): every instance's port, so none sends a webhook to another (issue 32, finding 1). */
  SVCPAY_INSTANCE_PORTS: z.string().regex(/^(\d{1,5}(,\d{1,5})*)?$/, 'a comma list of ports').default(''),
  /** The sandbox's Stripe stand-in (issue 19): its API, stripe.js and card frames, like api.stripe.com and js.stripe.com. */
  STRIPE_PORT: Port.default(4245),
  SVCPAY_STRIPE_URL: Url.optional(),
  /** The sandbox's Braintree stand-in (issue 19): its gateway API and client API. */
  BRAINTREE_PORT: Port.default(4246),
  SVCPAY_BRAINTREE_URL: Url.optional(),
  SVCPAY_DEMO_URL: Url.optional(),
  SVCPAY_DEMO: z.enum(['on', 'off']).default('on'),
  SVCPAY_DATA: z.string().min(1).default('.data/svcpay.sqlite'),
  /** Doc 3, Several instances: the Postgres store (SQLite and SVCPAY_DATA are then unused). */
  SVCPAY_DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'a postgres:// URL').optional(),
  /** Connections each instance keeps to PostgreSQL (besides the one that listens for other instances' commits). */
  SVCPAY_DATABASE_POOL: z.coerce.number().int().min(1).max(200).default(10),
  SVCPAY_CONTROL: z.enum(['on', 'off']).default('on'),
  // Empty is refused rather than read as unset, so a blank value cannot silently mean no token.
  SVCPAY_CONTROL_TOKEN: z.string().min(1, 'set a token or unset the variable').optional(),
  /** The sealing key (src/server/sealing-keys.ts): base64 of 32 bytes; without it, the key file. */
  SVCPAY_SEALING_KEY: z.string().min(1, 'set a key or unset the variable').optional(),
  /** Older sealing keys, comma-separated, that still open what they sealed (a rotation). */
  SVCPAY_SEALING_KEY_PREVIOUS: z.string().default(''),
  /** The key file used when SVCPAY_SEALING_KEY is unset; by default `sealing.key` beside the database. */
  SVCPAY_SEALING_KEY_FILE: z.string().min(1).optional(),
  SVCPAY_READY_FILE: z.string().optional(),
  SVCPAY_LOG: z.enum(['info', 'silent']).default('info'),
  SVCPAY_RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  SVCPAY_DIST: z.string().optional(),
  SVCPAY_DESCRIPTOR_PASSTHROUGH: z.enum(['on', 'off']).default('on'),
  /** Doc 1, Errors (`service_unavailable`): `on` starts the service in its maintenance write-freeze. */
  SVCPAY_WRITE_FREEZE: z.enum(['on', 'off']).default('off'),
  /** Doc 3: a webhook receiver has 10 seconds to answer 2xx; tests shorten it to see a slow one retried. */
  SVCPAY_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  /** Doc 3: host names a test-mode webhook may reach whatever their address (comma list, for containers). */
  SVCPAY_WEBHOOK_ALLOW_HOSTS: z.string().default(''),
  /** Issue 21: proxies (addresses, CIDR ranges; comma list) whose X-Forwarded-For names the client. */
  SVCPAY_TRUSTED_PROXIES: z.string().default(''),
  /** How long the service waits for the processor's answer before the outcome counts as unknown (reconciled later). */
  SVCPAY_PROCESSOR_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(10_000),
  /** How long one reconciler pass may keep starting look-ups; the rest wait for the next pass. */
  SVCPAY_RECONCILE_BUDGET_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
});

export interface Config {
  port: number;
  host: string | undefined;
  publicUrl: string;
  processorPort: number;
  processorUrl: string;
  /** SVCPAY_PROCESSOR_URL was set: the processor runs in another process, this one starts none. */
  externalProcessor: boolean;
  /** SVCPAY_PROCESSOR_SECRET: shared with a processor that runs alone. */
  processorSecret: string | undefined;
  /** SVCPAY_SERVICE_URL: where a processor that runs alone sends its provider events. */
  serviceUrl: string;
  /** SVCPAY_PROCESSOR_DATA: a processor that runs alone keeps its records here (undefined: beside dataPath). */
  processorData: string | undefined;
  demoPort: number;
  demoUrl: string;
  /** SVCPAY_INSTANCE_PORTS: the ports of every instance of a cluster (empty: this one only). */
  instancePorts: number[];
  /** The sandbox's Stripe stand-in: its own origin, as Stripe's hosts are not the service's. */
  stripePort: number;
  stripeUrl: string;
  /** The sandbox's Braintree stand-in: its own origin. */
  braintreePort: number;
  braintreeUrl: string;
  demo: boolean;
  dataPath: string;
  /** The Postgres store's URL; absent: SQLite at `dataPath`. */
  databaseUrl: string | undefined;
  /** SVCPAY_DATABASE_POOL: connections to PostgreSQL per instance. */
  databasePool: number;
  control: boolean;
  /** When set, every `/_sandbox/` call must carry it as a bearer token. */
  controlToken: string | undefined;
  /** The sealing key's source (src/server/sealing-keys.ts). */
  sealingKey: string | undefined;
  sealingKeysPrevious: string[];
  sealingKeyFile: string | undefined;
  readyFile: string | undefined;
  log: boolean;
  /** Doc 1 rate limits; `off` only for load tests and the browser suite. */
  rateLimits: boolean;
  /** Built browser bundles (vite): dist/app, dist/embed. */
  distDir: string;
  /** Doc 2, Statement descriptor: `off` is the platform-wide kill switch (`skipped` / `kill_switch`). */
  descriptorPassthrough: boolean;
  /** SVCPAY_WRITE_FREEZE: the maintenance write-freeze's state at start (the control API moves it). */
  writeFreeze: boolean;
  /** How long a webhook receiver has to answer before the attempt counts as failed. */
  webhookTimeoutMs: number;
  /** `SVCPAY_WEBHOOK_ALLOW_HOSTS`, lower case; IPv6 literals bracketed as URLs write them. */
  webhookAllowHosts: string[];
  /** `SVCPAY_TRUSTED_PROXIES`: a load balancer in front of the instances; its X-Forwarded-For names the client. */
  trustedProxies: string[];
  /** How long a processor call may take before its outcome counts as unknown. */
  processorTimeoutMs: number;
  /** How long one reconciler pass may keep starting look-ups (real time). */
  reconcileBudgetMs: number;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const named = new Map<string, string>();
    for (const i of parsed.error.issues) {
      const name = String(i.path[0]);
      if (!named.has(name)) named.set(name, `svcpay: ${name}: ${i.message}${shownValue(name, env[name])}`);
    }
    throw new EnvError([...named.values()].join('\n'));
  }
  const e = parsed.data;
  try {
    trustedProxies(e.SVCPAY_TRUSTED_PROXIES.split(',').map((h) => h.trim()).filter(Boolean));
  } catch (err) {
    throw new EnvError(`svcpay: SVCPAY_TRUSTED_PROXIES: ${(err as Error).message}`);
  }
  // Issue 18, finding 5: the control API mints keys and moves the clock; on a listener other machines
  // can reach, it needs a token (or to be off).
  if (e.SVCPAY_CONTROL === 'on' && e.HOST !== undefined && !isLoopbackListener(e.HOST) && e.SVCPAY_CONTROL_TOKEN === undefined) {
    throw new EnvError(
      `svcpay: HOST=${e.HOST} listens beyond this machine while the sandbox control API is on without a token: set SVCPAY_CONTROL_TOKEN (every /_sandbox/ call then needs it as a bearer) or SVCPAY_CONTROL=off`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: ownServiceAddress({ SVCPAY_PUBLIC_URL: e.SVCPAY_PUBLIC_URL, PORT: String(e.PORT) }).url,
    processorPort: e.PROCESSOR_PORT,
    processorUrl: e.SVCPAY_PROCESSOR_URL ?? `http://127.0.0.1:${e.PROCESSOR_PORT}`,
    externalProcessor: e.SVCPAY_PROCESSOR_URL !== undefined,
    processorSecret: e.SVCPAY_PROCESSOR_SECRET,
    serviceUrl: e.SVCPAY_SERVICE_URL ?? serviceAddress({ SVCPAY_URL: e.SVCPAY_URL, SVCPAY_PUBLIC_URL: e.SVCPAY_PUBLIC_URL, PORT: String(e.PORT) }).url,
    processorData: e.SVCPAY_PROCESSOR_DATA,
    demoPort: e.DEMO_PORT,
    instancePorts: e.SVCPAY_INSTANCE_PORTS.split(',').filter(Boolean).map(Number),
    demoUrl: e.SVCPAY_DEMO_URL ?? `http://127.0.0.1:${e.DEMO_PORT}`,
    stripePort: e.STRIPE_PORT,
    stripeUrl: e.SVCPAY_STRIPE_URL ?? `http://127.0.0.1:${e.STRIPE_PORT}`,
    braintreePort: e.BRAINTREE_PORT,
    braintreeUrl: e.SVCPAY_BRAINTREE_URL ?? `http://127.0.0.1:${e.BRAINTREE_PORT}`,
    demo: e.SVCPAY_DEMO === 'on',
    dataPath: e.SVCPAY_DATA,
    databaseUrl: e.SVCPAY_DATABASE_URL,
    databasePool: e.SVCPAY_DATABASE_POOL,
    control: e.SVCPAY_CONTROL === 'on',
    controlToken: e.SVCPAY_CONTROL_TOKEN,
    sealingKey: e.SVCPAY_SEALING_KEY,
    sealingKeysPrevious: e.SVCPAY_SEALING_KEY_PREVIOUS.split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    sealingKeyFile: e.SVCPAY_SEALING_KEY_FILE,
    readyFile: e.SVCPAY_READY_FILE,
    log: e.SVCPAY_LOG === 'info',
    rateLimits: e.SVCPAY_RATE_LIMITS === 'on',
    distDir: e.SVCPAY_DIST ?? resolve(import.meta.dirname, '../../dist'),
    descriptorPassthrough: e.SVCPAY_DESCRIPTOR_PASSTHROUGH === 'on',
    writeFreeze: e.SVCPAY_WRITE_FREEZE === 'on',
    webhookTimeoutMs: e.SVCPAY_WEBHOOK_TIMEOUT_MS,
    webhookAllowHosts: e.SVCPAY_WEBHOOK_ALLOW_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean)
      .map((h) => (h.includes(':') && !h.startsWith('[') ? `[${h}]` : h)),
    trustedProxies: e.SVCPAY_TRUSTED_PROXIES.split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    processorTimeoutMs: e.SVCPAY_PROCESSOR_TIMEOUT_MS,
    reconcileBudgetMs: e.SVCPAY_RECONCILE_BUDGET_MS,
  };
}

/** The refused value, when showing it cannot leak a secret: ` (got 72x2)`. */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined || /SECRET|KEY|TOKEN|PASSWORD|DATABASE|_URL$/.test(name) || value.length > 40) return '';
  return ` (got ${JSON.stringify(value)})`;
}
