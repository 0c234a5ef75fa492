/**
 * Several instances on one PostgreSQL database, the way a team runs them (Doc 3, Several
 * instances; issue 21): a database (a throwaway cluster unless given one), the sandbox processor
 * alone, N instances and the round-robin balancer in front of them on the public address. Each
 * process is a real one (`src/processor-start.ts`, `src/start.ts`), with its log in `logDir`.
 *
 * Used by `npm run start:cluster` (./start.ts) and by the tests that SIGKILL an instance.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stopChild, waitForReady } from '../../embed/testing/server.ts';
import type { SvcPayAddresses } from '../../embed/testing/types.js';
import { freePorts } from '../../src/platform/ports.ts';
import { startCluster } from '../../src/server/store/postgres/testing.ts';
import { startBalancer, type Balancer } from './balancer.ts';

const root = resolve(import.meta.dirname, '../..');

export interface ClusterPorts {
  /** The balancer: the public address. */
  public: number;
  processor: number;
  stripe: number;
  braintree: number;
  demo: number;
  /** One per instance. */
  instances: number[];
}

export interface SvcPayClusterOptions {
  /** An existing database; without it, a throwaway PostgreSQL cluster made here and removed at `stop()`. */
  databaseUrl?: string;
  /** Two unless told. */
  instances?: number;
  /** Fixed ports (`npm run start:cluster`); free ports when omitted. */
  ports?: ClusterPorts;
  /** The demo shop, beside the first instance. Off unless asked. */
  demo?: boolean;
  /** More environment for every instance and the processor (`SVCPAY_RATE_LIMITS: 'off'`, say: the stand-ins' card-try limits follow it too). */
  env?: Record<string, string>;
  /** Keep the logs and the processor's file after `stop()` (removed by default). */
  keepFiles?: boolean;
  /**
   * `process`: the balancer in a process of its own (`balancer-main.ts`, as compose runs it), so a
   * load test's client does not share its event loop; `in-process` (the default) counts what each
   * instance served.
   */
  balancer?: 'in-process' | 'process';
}

export interface ClusterInstance {
  name: string;
  /** Its own address, behind the balancer. */
  url: string;
  child: ChildProcess;
  logFile: string;
}

export interface SvcPayCluster extends SvcPayAddresses {
  databaseUrl: string;
  instances: ClusterInstance[];
  processorLog: string;
  /** Null when the balancer runs in a process of its own. */
  balancer: Balancer | null;
  logDir: string;
  /** Stops the balancer, the instances, the processor, and the throwaway database if one was made. */
  stop(): Promise<void>;
}

function spawnEntry(entry: string, env: Record<string, string | undefined>, logFile: string): ChildProcess {
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: root, env, stdio: ['ignore', fd, fd], detached: true });
  closeSync(fd);
  return child;
}

async function balancerAnswers(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the balancer at ${url} did not answer within 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startSvcPayCluster(opts: SvcPayClusterOptions = {}): Promise<SvcPayCluster> {
  const count = opts.instances ?? 2;
  const ports: ClusterPorts = opts.ports ?? (await freePorts(5 + count).then(([pub, processor, stripe, braintree, demo, ...instances]) => ({ public: pub!, processor: processor!, stripe: stripe!, braintree: braintree!, demo: demo!, instances })));
  const logDir = mkdtempSync(join(tmpdir(), 'svcpay-cluster-'));
  const pg = opts.databaseUrl ? null : await startCluster();
  const databaseUrl = opts.databaseUrl ?? pg!.url;
  const publicUrl = `http://localhost:${ports.public}`;
  const processorUrl = `http://127.0.0.1:${ports.processor}`;
  const stripeUrl = `http://127.0.0.1:${ports.stripe}`;
  const braintreeUrl = `http://127.0.0.1:${ports.braintree}`;
  const demoUrl = `http://127.0.0.1:${ports.demo}`;
  // What every process shares: the processor's secret, and the sealing key (sealed values in the
  // one database must open on every instance).
  const shared: Record<string, string | undefined> = {
    ...process.env,
    SVCPAY_PROCESSOR_SECRET: randomBytes(24).toString('base64url'),
    SVCPAY_SEALING_KEY: randomBytes(32).toString('base64'),
    PROCESSOR_PORT: String(ports.processor),
    SVCPAY_PROCESSOR_URL: processorUrl,
    STRIPE_PORT: String(ports.stripe),
    SVCPAY_STRIPE_URL: stripeUrl,
    BRAINTREE_PORT: String(ports.braintree),
    SVCPAY_BRAINTREE_URL: braintreeUrl,
    NO_COLOR: '1',
  };
  delete shared.FORCE_COLOR;
  const children: ChildProcess[] = [];
  let balancer: Balancer | undefined;
  const stop = async () => {
    await balancer?.close();
    await Promise.all(children.map((c) => stopChild(c)));
    await pg?.stop();
  };
  try {
    const processorLog = join(logDir, 'processor.log');
    const processorReady = join(logDir, 'processor.ready.json');
    const processor = spawnEntry('src/processor-start.ts', { ...shared, ...opts.env, SVCPAY_SERVICE_URL: publicUrl, SVCPAY_PROCESSOR_DATA: join(logDir, 'processor.sqlite'), SVCPAY_READY_FILE: processorReady }, processorLog);
    children.push(processor);
    await waitForReady<{ processorUrl: string }>(processor, processorReady, processorLog, 90_000, (i) => `${i.processorUrl}/health`);
    const upstreams = ports.instances.map((p) => `http://127.0.0.1:${p}`);
    if (opts.balancer === 'process') {
      const log = join(logDir, 'balancer.log');
      children.push(spawnEntry('scripts/cluster/balancer-main.ts', { ...process.env, BALANCER_PORT: String(ports.public), BALANCER_UPSTREAMS: upstreams.join(',') }, log));
    } else balancer = await startBalancer({ port: ports.public, upstreams });

    const instances: ClusterInstance[] = [];
    let first: SvcPayAddresses | undefined;
    // One after the other: the first makes the schema and the demo merchant, the next finds them.
    for (const [i, port] of ports.instances.entries()) {
      const name = `instance-${String.fromCharCode(97 + i)}`;
      const logFile = join(logDir, `${name}.log`);
      const readyFile = join(logDir, `${name}.ready.json`);
      const demo = opts.demo === true && i === 0;
      const child = spawnEntry(
        'src/start.ts',
        {
          ...shared,
          PORT: String(port),
          // Every instance's port: none may send a webhook to another (issue 32, finding 1).
          SVCPAY_INSTANCE_PORTS: ports.instances.join(','),
          HOST: '127.0.0.1',
          SVCPAY_PUBLIC_URL: publicUrl,
          SVCPAY_DATABASE_URL: databaseUrl,
          SVCPAY_TRUSTED_PROXIES: '127.0.0.1,::1',
          SVCPAY_DEMO: demo ? 'on' : 'off',
          DEMO_PORT: String(ports.demo),
          SVCPAY_DEMO_URL: demoUrl,
          SVCPAY_READY_FILE: readyFile,
          SVCPAY_DATA: join(logDir, `${name}.unused.sqlite`),
          ...opts.env,
        },
        logFile,
      );
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      const ready = await waitForReady<SvcPayAddresses>(child, readyFile, logFile, 90_000, () => `${url}/api/health`);
      first ??= ready;
      instances.push({ name, url, child, logFile });
    }
    if (opts.balancer === 'process') await balancerAnswers(publicUrl);
    return { ...first!, serviceUrl: publicUrl, databaseUrl, instances, processorLog, balancer: balancer ?? null, logDir, stop: async () => {
      await stop();
      if (!opts.keepFiles) rmSync(logDir, { recursive: true, force: true });
    } };
  } catch (err) {
    await stop();
    throw err;
  }
}
