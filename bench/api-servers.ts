/**
 * The two servers the API bench drives, each started from outside as its own user would: svcpay as
 * `npm start` runs it (or as a compiled bundle), stripe-stateful-mock through its own CLI. Each runs
 * in its own process group so stop() ends it and whatever it spawned, and nothing else.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts, logTail, repoRoot, stopChild } from '../e2e/fixtures/server.ts';
import { startCluster } from '../src/server/store/postgres/testing.ts';
import { startSvcPayCluster } from '../scripts/cluster/cluster.ts';

const READY_TIMEOUT_MS = 60_000;

/**
 * `postgres`: one instance on a throwaway PostgreSQL cluster (fsync on, as SQLite's file store is
 * durable); `postgres-2`: two instances on one, behind the balancer in its own process, with the
 * processor alone (scripts/cluster/cluster.ts, what `npm run start:cluster` runs).
 */
export type Store = 'memory' | 'file' | 'postgres' | 'postgres-2';
/** `tsx`: TypeScript compiled on the fly, as `npm start` does; `dist`: the esbuild bundle of `npm run build:server`. */
export type Runtime = 'tsx' | 'dist';

export interface Running {
  url: string;
  pid: number;
  /** Spawn to first good answer, in ms. */
  startupMs: number;
  /** Resident set now and its peak so far, in MB (Linux /proc; null elsewhere). */
  memory(): { rssMb: number; peakMb: number } | null;
  /** CPU time (user + system) the process has used so far, in ms (Linux /proc; null elsewhere). */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

export interface RunningSvcpay extends Running {
  secretKey: string;
}

export interface SvcpayOptions {
  store: Store;
  runtime: Runtime;
  /** Extra node flags, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  env?: Record<string, string>;
}

export const bundlePath = join(repoRoot, 'dist', 'server', 'main.js');

export async function startSvcpay(opts: SvcpayOptions): Promise<RunningSvcpay> {
  if (opts.store === 'postgres-2') return startPair(opts);
  const pg = opts.store === 'postgres' ? await startCluster({ fsync: true }) : null;
  try {
    const s = await startOne(opts, pg ? { SVCPAY_DATABASE_URL: pg.url } : {});
    if (!pg) return s;
    const stop = async () => {
      await s.stop();
      await pg.stop();
    };
    return { ...s, stop };
  } catch (err) {
    await pg?.stop();
    throw err;
  }
}

/** Two instances and the processor alone on one PostgreSQL database, measured through the balancer. */
async function startPair(opts: SvcpayOptions): Promise<RunningSvcpay> {
  if (opts.runtime !== 'tsx' || opts.nodeArgs?.length) throw new Error('postgres-2 runs on tsx, without node flags');
  const started = performance.now();
  const cluster = await startSvcPayCluster({ balancer: 'process', env: { SVCPAY_RATE_LIMITS: 'off', SVCPAY_LOG: 'silent', ...opts.env } });
  const pids = cluster.instances.map((i) => i.child.pid ?? -1);
  return {
    url: cluster.serviceUrl,
    pid: pids[0]!,
    startupMs: performance.now() - started,
    secretKey: cluster.secretKey,
    // The instances' figures summed (the processor, balancer and database are not counted).
    memory: () => sumOf(pids.map(memoryOf), (m) => m.rssMb, (m) => m.peakMb),
    cpuMs: () => {
      const each = pids.map(cpuOf);
      return each.some((c) => c === null) ? null : each.reduce((a, b) => a! + b!, 0);
    },
    stop: () => cluster.stop(),
  };
}

function sumOf<T>(items: (T | null)[], rss: (t: T) => number, peak: (t: T) => number): { rssMb: number; peakMb: number } | null {
  if (items.some((i) => i === null)) return null;
  return { rssMb: items.reduce((a, i) => a + rss(i!), 0), peakMb: items.reduce((a, i) => a + peak(i!), 0) };
}

async function startOne(opts: SvcpayOptions, extraEnv: Record<string, string>): Promise<RunningSvcpay> {
  const dir = mkdtempSync(join(tmpdir(), 'svcpay-bench-'));
  const readyFile = join(dir, 'ready.json');
  const [port, processorPort, stripePort, braintreePort] = await freePorts(4);
  const entry = opts.runtime === 'tsx' ? ['--import', 'tsx', 'src/start.ts'] : [bundlePath];
  if (opts.runtime === 'dist' && !existsSync(bundlePath)) throw new Error(`${bundlePath} is missing: run \`npm run build:server\` first`);
  const env = {
    SVCPAY_DATA: opts.store === 'memory' ? ':memory:' : join(dir, 'svcpay.sqlite'),
    PORT: String(port),
    PROCESSOR_PORT: String(processorPort),
    STRIPE_PORT: String(stripePort),
    BRAINTREE_PORT: String(braintreePort),
    SVCPAY_DEMO: 'off',
    SVCPAY_LOG: 'silent',
    SVCPAY_READY_FILE: readyFile,
    // The per-key create limit (30 a minute) would turn a load test into a 429 test.
    SVCPAY_RATE_LIMITS: 'off',
    ...extraEnv,
    ...opts.env,
  };
  const started = performance.now();
  const proc = launch([...(opts.nodeArgs ?? []), ...entry], env, dir);
  const url = `http://127.0.0.1:${port}`;
  try {
    const secretKey = await waitFor(proc, async () => {
      if (!existsSync(readyFile)) return undefined;
      const info = JSON.parse(readFileSync(readyFile, 'utf8')) as { secretKey: string };
      return (await fetch(`${url}/api/health`)).ok ? info.secretKey : undefined;
    });
    return { ...handle(proc, url, started, dir), secretKey };
  } catch (err) {
    await handle(proc, url, started, dir).stop();
    throw err;
  }
}

export async function startMock(): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'stripe-mock-bench-'));
  const [port] = await freePorts(1);
  const started = performance.now();
  const cli = join(repoRoot, 'node_modules', 'stripe-stateful-mock', 'dist', 'cli.js');
  const proc = launch([cli], { PORT: String(port), LOG_LEVEL: 'silent' }, dir);
  const url = `http://127.0.0.1:${port}`;
  try {
    // Any HTTP answer (it is 401 without a key) means the listener is up.
    await waitFor(proc, async () => ((await fetch(`${url}/v1/customers`)).status > 0 ? true : undefined));
    return handle(proc, url, started, dir);
  } catch (err) {
    await handle(proc, url, started, dir).stop();
    throw err;
  }
}

interface Launched {
  child: ChildProcess;
  logFile: string;
  exited: () => string | null;
}

function launch(args: string[], env: Record<string, string>, dir: string): Launched {
  const logFile = join(dir, 'server.log');
  const logFd = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env, NO_COLOR: '1' },
    stdio: ['ignore', logFd, logFd],
    detached: true,
  });
  closeSync(logFd);
  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `exited with ${code ?? signal}`;
  });
  return { child, logFile, exited: () => exited };
}

async function waitFor<T>(proc: Launched, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = 'not listening yet';
  while (Date.now() < deadline) {
    const exited = proc.exited();
    if (exited) throw new Error(`server ${exited} before it was ready\n${logTail(proc.logFile)}`);
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await sleep(50);
  }
  throw new Error(`server not ready within ${READY_TIMEOUT_MS / 1000} s (${last})\n${logTail(proc.logFile)}`);
}

function handle(proc: Launched, url: string, started: number, dir: string): Running {
  const pid = proc.child.pid ?? -1;
  return {
    url,
    pid,
    startupMs: performance.now() - started,
    memory: () => memoryOf(pid),
    cpuMs: () => cpuOf(pid),
    stop: async () => {
      // A --cpu-prof run writes its profile on exit, which takes a moment for a large one.
      await stopChild(proc.child, 15_000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function memoryOf(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (USER_HZ, 100 on Linux). */
function cpuOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
