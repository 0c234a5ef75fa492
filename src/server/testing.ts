/** Test harness: the whole app over an in-memory store, driven through `app.request`. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { checkAnswers } from './routes/contract/testing.ts';
import { buildDeps, type BuildOptions } from './deps.ts';
import { loadConfig } from './env.ts';
import { createLogger } from './log.ts';
import { createMerchant, type NewMerchant } from './engine/merchants/merchants.ts';
import { FORM_HANDBACK_MS } from './engine/attempts/attempts.ts';
import { ProcessorUnavailableError, type Processor } from './processors/types.ts';
import type { Store } from './store/types.ts';
import { PgStore, type SqliteStore } from './store/index.ts';
import { ACCOUNT_HEADER } from '../../sandbox-processor/api.ts';
import { freshTestDatabase, keepForClose } from './store/postgres/test-databases.ts';

/** The sealing key of test apps on PostgreSQL (a fixed test value, never a real key). */
const TEST_SEALING_KEY = Buffer.alloc(32, 9).toString('base64');

export const SERVICE = 'http://localhost:4242';

/** A request as an HTTP client sends it: with the Content-Length of its string body. */
const withLength = (init: RequestInit = {}): RequestInit =>
  typeof init.body !== 'string' ? init : { ...init, headers: { ...(init.headers as Record<string, string>), 'Content-Length': String(Buffer.byteLength(init.body)) } };

/** `app.request` has no socket; this stands in for the peer address the rate limits count by. */
export const fromIp = (address: string) => ({ incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: 'IPv4' } } });

export async function testApp(env: Record<string, string> = {}, build: Omit<BuildOptions, 'processorTransport'> = {}) {
  const lines: string[] = [];
  // `npm run unit:postgres`: the same tests, each app on a fresh PostgreSQL database of its own.
  const onPg = env.SVCPAY_DATABASE_URL === undefined && !env.SVCPAY_DATA ? await freshTestDatabase() : null;
  const pgEnv = onPg ? { SVCPAY_DATABASE_URL: onPg, SVCPAY_DATABASE_POOL: '3', SVCPAY_SEALING_KEY: TEST_SEALING_KEY } : {};
  const config = loadConfig({ SVCPAY_DATA: ':memory:', SVCPAY_LOG: 'info', ...pgEnv, ...env });
  const built = await buildDeps(config, createLogger(true, (l) => lines.push(l)), { ...build, processorTransport: 'in-process' });
  const { deps, processorSecret } = built;
  const sandbox = built.sandbox!; // in-process: buildDeps refuses SVCPAY_PROCESSOR_URL with it
  // The tests' own row counts and queries (`t.store.db`) read SQLite. A world on PostgreSQL
  // (SVCPAY_DATABASE_URL, issue 21) answers through the app and `pg` alone.
  const store = built.store as SqliteStore;
  const pg = built.store instanceof PgStore ? built.store : null;
  if (pg && onPg) keepForClose(pg);
  deps.webhookNet.resolve = offlineResolver;
  const app = checkAnswers(createApp(deps));
  // The processor's events reach this app's `/api/webhooks/sandbox` without a socket. Events are
  // sent by the processor's runDue or an explicit emit only, never in the background of a test.
  // Each carries its Content-Length, as over a socket (a body's media type is checked only then).
  sandbox.setDeliver((url, init) => app.request(url, withLength(init)), { atOnce: false });
  const merchant = (input: NewMerchant = {}) => createMerchant(deps, input);
  // A test's own calls come from a documentation address; its control-API calls from this machine (the API answers no other peer).
  const json = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, ip = path.startsWith('/_sandbox') ? '127.0.0.1' : '198.51.100.7') =>
    app.request(
      path,
      {
        method,
        headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      fromIp(ip),
    );
  /** Rows of a table, read straight from the database: what tests count to prove nothing else was written. */
  const count = async (table: string): Promise<number> => {
    if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
    return (await query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n;
  };
  /**
   * Rows of a plain SQL query on either database (`?` placeholders; no SQLite-only functions, no
   * `rowid`): what tests read to check what was written. Counts come back as numbers on both.
   */
  const query = async <R = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<R[]> => {
    if (!pg) return store.db.prepare(sql).all(...params) as R[];
    let i = 0;
    return (await pg.sql.unsafe(sql.replace(/\?/g, () => `$${++i}`), params as never[])) as unknown as R[];
  };
  /** The states of the payment attempts of one kind, in the order they were made, on either database. */
  const attemptStates = async (kind: string): Promise<string[]> =>
    (pg
      ? ((await pg.sql`select state from payment_attempts where kind = ${kind} order by seq`) as unknown as { state: string }[])
      : (store.db.prepare('SELECT state FROM payment_attempts WHERE kind = ? ORDER BY rowid').all(kind) as { state: string }[])
    ).map((a) => a.state);
  /** A merchant's outbox, oldest first (the order events were written), its data as stored: on either database. */
  const events = async (merchantId: string): Promise<{ type: string; data: string }[]> =>
    pg
      ? ((await pg.sql`select type, data from events where merchant_id = ${merchantId} order by created, seq`) as unknown as { type: string; data: string }[])
      : (store.db.prepare('SELECT type, data FROM events WHERE merchant_id = ? ORDER BY created, rowid').all(merchantId) as { type: string; data: string }[]);
  /** The service's adapter for the sandbox processor: tests wrap its calls to make it slow or fail. */
  const processor = deps.processorFor('sandbox')!;
  return { app, deps, sandbox, processor, store, pg, merchant, json, count, query, events, attemptStates, logLines: lines, processorSecret };
}

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

type ProcessorMethod = 'charge' | 'chargeVaulted' | 'capture' | 'void' | 'refund' | 'lookup' | 'vault';

/**
 * Makes one processor call act and then lose its answer (the processor did it; the service hears
 * `ProcessorUnavailableError`), as a dropped connection would. Returns the undo.
 */
export function loseAnswer(processor: Processor, method: ProcessorMethod) {
  const p = processor as unknown as Record<ProcessorMethod, (...args: unknown[]) => Promise<unknown>>;
  const real = p[method].bind(processor);
  p[method] = async (...args: unknown[]) => {
    await real(...args);
    throw new ProcessorUnavailableError('the connection dropped after the request was sent');
  };
  return () => (p[method] = real);
}

/**
 * Tests use only loopback: no host name reaches a real DNS server. `localhost` and address literals
 * need no resolver; a test that needs a name sets `deps.webhookNet.resolve` to a zone of its own.
 */
export const offlineResolver = async (host: string): Promise<never> => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host} (tests resolve no names)`), { code: 'ENOTFOUND' });
};

/**
 * A provider whose revocation of a browser form answers but does not take: an older form can
 * still pay. The service revokes a session's older forms before a new one or a charge (so the
 * sandbox never lets two pay); tests of what happens when a second payment still lands (it is
 * recorded, never discarded) use this to make one. Returns the undo.
 */
export function leakyRevocation(processor: Processor) {
  const real = processor.revokeClientToken.bind(processor);
  processor.revokeClientToken = async () => undefined;
  return () => (processor.revokeClientToken = real);
}

/**
 * Runs the service clock past FORM_HANDBACK_MS: the session's live form is then too old to be handed
 * back, and the next init makes a fresh one and revokes the old (issue 18, finding 8). With
 * leakyRevocation, that is how a test gets two forms that can both pay.
 */
export const outliveHandback = (t: { json: (method: string, path: string, body?: unknown) => Response | Promise<Response> }) =>
  t.json('POST', '/_sandbox/clock', { advanceSeconds: FORM_HANDBACK_MS / 1000 + 60 });

/**
 * A provider that cannot fence a reference (many real ones have no cancel-by-reference): a call
 * the service gave up on can still land later. Tests of the 72-hour second watch
 * (engine/payments/reconcile/recheck.ts) use it. Returns the undo.
 */
export function noFences(processor: Processor) {
  const p = processor as { -readonly [K in keyof Processor]: Processor[K] };
  const real = { fence: p.fence.bind(p), fences: p.fencesLateCalls };
  p.fence = async () => undefined;
  // It says so, as a real provider's adapter does: the engine then reverses what lands late.
  p.fencesLateCalls = { charge: false, refund: false };
  return () => {
    p.fence = real.fence;
    p.fencesLateCalls = real.fences;
  };
}

/** Makes one processor call time out before the processor sees it: nothing moved, nobody knows. Returns the undo. */
export function neverArrives(processor: Processor, method: ProcessorMethod) {
  const p = processor as unknown as Record<ProcessorMethod, (...args: unknown[]) => Promise<unknown>>;
  const real = p[method].bind(processor);
  p[method] = async () => {
    throw new ProcessorUnavailableError('timed out');
  };
  return () => (p[method] = real);
}

/** The buyer's answer on the processor's bank-challenge page, through its server API (no browser). */
export async function answerChallenge(t: { processorSecret: string; sandbox: { app: { request: (path: string, init: RequestInit) => Response | Promise<Response> } } }, merchantId: string, challengeUrl: string, result: 'approve' | 'fail') {
  const id = decodeURIComponent(new URL(challengeUrl).pathname.split('/').pop()!);
  const secret = t.processorSecret;
  return t.sandbox.app.request(`/v1/transactions/${id}/challenge`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secret}`, [ACCOUNT_HEADER]: merchantId, 'Content-Type': 'application/json' },
    body: JSON.stringify({ result }),
  });
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered. */
  status: number;
}

/**
 * A webhook receiver on loopback for tests: records every request and answers `state.answer`
 * (after `state.delayMs`). `url` is its base address.
 */
export async function webhookReceiver() {
  const hits: ReceivedWebhook[] = [];
  const state = { answer: 200, delayMs: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const status = state.answer;
      setTimeout(() => {
        hits.push({ headers: req.headers, body, status });
        res.writeHead(status).end();
      }, state.delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, hits, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}
