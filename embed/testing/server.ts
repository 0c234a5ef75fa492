/**
 * Starts the reference server (service, sandbox processor and demo shop in one process) the way
 * `npx svcpay` does, against a throwaway database and free ports, and stops it again. Published
 * as `startSvcPay` for merchants' Playwright `globalSetup`; this repository's own e2e and bench
 * use it through e2e/fixtures/server.ts.
 *
 * Free ports rather than the defaults 4242-4244 so a developer's own server can keep running.
 * The three origins stay distinct (localhost vs 127.0.0.1, different ports) as the defaults are,
 * so every cross-origin rule is exercised for real.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts } from '../../src/platform/ports.ts';
import type { StartSvcPayOptions, SvcPayAddresses, SvcPayServer } from './types.js';

/**
 * The package root: two levels up both from this file (embed/testing/) in the repository and
 * from its build (dist/npm/testing.js) in the installed package.
 */
export const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export { freePorts };

const READY_TIMEOUT_MS = 90_000;

export async function startSvcPay(options: StartSvcPayOptions = {}): Promise<SvcPayServer> {
  const tempDir = mkdtempSync(join(tmpdir(), 'svcpay-'));
  const dataFile = join(tempDir, 'svcpay.sqlite');
  const logFile = join(tempDir, 'server.log');
  const readyFile = join(tempDir, 'ready.json');
  const [port, processorPort, demoPort, stripePort, braintreePort] = await freePorts(5);

  const env: Record<string, string | undefined> = {
    ...process.env,
    SVCPAY_DATA: dataFile,
    SVCPAY_READY_FILE: readyFile,
    PORT: String(port),
    PROCESSOR_PORT: String(processorPort),
    DEMO_PORT: String(demoPort),
    STRIPE_PORT: String(stripePort),
    SVCPAY_STRIPE_URL: `http://127.0.0.1:${stripePort}`,
    BRAINTREE_PORT: String(braintreePort),
    SVCPAY_BRAINTREE_URL: `http://127.0.0.1:${braintreePort}`,
    SVCPAY_PUBLIC_URL: `http://localhost:${port}`,
    SVCPAY_DEMO_URL: `http://127.0.0.1:${demoPort}`,
    // Plain text in the log file (some colour libraries take any FORCE_COLOR as "on").
    NO_COLOR: '1',
    ...options.env,
  };

  const child = spawnBin([], env, logFile);
  const remove = () => (options.keepFiles ? undefined : rmSync(tempDir, { recursive: true, force: true }));
  const stop = async () => {
    await stopChild(child);
    remove();
  };
  try {
    const ready = await waitForReady<SvcPayAddresses>(child, readyFile, logFile, options.readyTimeoutMs ?? READY_TIMEOUT_MS, (info) => `${info.serviceUrl}/api/health`);
    const logOffsetAtReady = statSync(logFile).size;
    return { ...ready, tempDir, dataFile, logFile, logOffsetAtReady, pid: child.pid ?? -1, stop };
  } catch (err) {
    await stopChild(child);
    // The log is what explains the failure (quoted in the error); keep it only if asked.
    remove();
    throw err;
  }
}

/** What `svcpay processor` writes to its ready file. */
export interface ProcessorAddresses {
  processorUrl: string;
  stripeUrl: string;
  braintreeUrl: string;
}

/**
 * The sandbox processor alone (`svcpay processor`; Doc 3, Several instances) on free ports, with
 * the given environment (SVCPAY_PROCESSOR_SECRET and SVCPAY_SERVICE_URL at least), against a
 * throwaway file. Not exported from `svcpay/testing`: this repository's e2e and tests use it.
 */
export async function startProcessorAlone(env: Record<string, string>): Promise<ProcessorAddresses & { pid: number; logFile: string; stop(): Promise<void> }> {
  const tempDir = mkdtempSync(join(tmpdir(), 'svcpay-processor-'));
  const logFile = join(tempDir, 'processor.log');
  const readyFile = join(tempDir, 'ready.json');
  const [processorPort, stripePort, braintreePort] = await freePorts(3);
  const child = spawnBin(
    ['processor'],
    {
      ...process.env,
      PROCESSOR_PORT: String(processorPort),
      STRIPE_PORT: String(stripePort),
      SVCPAY_STRIPE_URL: `http://127.0.0.1:${stripePort}`,
      BRAINTREE_PORT: String(braintreePort),
      SVCPAY_BRAINTREE_URL: `http://127.0.0.1:${braintreePort}`,
      SVCPAY_PROCESSOR_DATA: join(tempDir, 'processor.sqlite'),
      SVCPAY_READY_FILE: readyFile,
      NO_COLOR: '1',
      ...env,
    },
    logFile,
  );
  const stop = async () => {
    await stopChild(child);
    rmSync(tempDir, { recursive: true, force: true });
  };
  try {
    const ready = await waitForReady<ProcessorAddresses>(child, readyFile, logFile, READY_TIMEOUT_MS, (info) => `${info.processorUrl}/health`);
    return { ...ready, pid: child.pid ?? -1, logFile, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** `bin/svcpay.js` with `args`, its output to `logFile`, in a process group of its own. */
function spawnBin(args: string[], env: Record<string, string | undefined>, logFile: string): ChildProcess {
  delete env.FORCE_COLOR;
  const logFd = openSync(logFile, 'a');
  // The bin registers tsx in its own process, so the pid is the server's.
  const child = spawn(process.execPath, [join(packageRoot, 'bin', 'svcpay.js'), ...args], {
    cwd: packageRoot,
    env,
    stdio: ['ignore', logFd, logFd],
    // Own process group, so stop() reaches anything the server spawns and nothing else.
    detached: true,
  });
  closeSync(logFd);
  return child;
}

export async function waitForReady<T>(child: ChildProcess, readyFile: string, logFile: string, timeoutMs: number, healthUrl: (info: T) => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `exited with ${code ?? signal}`;
  });
  let lastProblem = 'no ready file yet';
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The svcpay server ${exited} before it was ready.\n${logTail(logFile)}`);
    if (existsSync(readyFile)) {
      try {
        const info = JSON.parse(readFileSync(readyFile, 'utf8')) as T;
        const res = await fetch(healthUrl(info), { signal: AbortSignal.timeout(5_000) });
        if (res.ok) return info;
        lastProblem = `GET ${healthUrl(info)} answered ${res.status}`;
      } catch (err) {
        // The file may be half-written, or the listener not accepting yet: try again.
        lastProblem = err instanceof Error ? err.message : String(err);
      }
    }
    await sleep(200);
  }
  throw new Error(`The svcpay server was not ready within ${timeoutMs / 1000} s (${lastProblem}).\n${logTail(logFile)}`);
}

/** SIGTERM to the child's process group, SIGKILL after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  signalGroup(child.pid, 'SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), sleep(graceMs).then(() => true)]);
  if (timedOut) {
    signalGroup(child.pid, 'SIGKILL');
    await exited;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

export function logTail(logFile: string, lines = 40): string {
  try {
    const text = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    return text ? `--- last lines of ${logFile} ---\n${text}` : `(${logFile} is empty)`;
  } catch {
    return `(no log at ${logFile})`;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
