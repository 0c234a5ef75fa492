/**
 * `npm run contract:prism` (issue 35): the published contract checked from outside by Stoplight
 * Prism's validating proxy. Starts the reference server (throwaway database, free ports, no demo
 * shop), saves the /openapi.json it serves, starts `prism proxy <file> <service> --errors=false`,
 * drives every operation of the contract through the proxy with good and bad inputs
 * (prism-flows.ts, prism-money.ts, prism-edges.ts, prism-events.ts, prism-sweep.ts) and prints the answers Prism
 * flagged, grouped by cause (prism-report.ts). Installs nothing: PRISM_BIN names a Prism binary
 * (`npm install @stoplight/prism-cli` somewhere outside the project). Exits 1 when any answer
 * breaks the contract, 2 when Prism or the service cannot be started.
 *
 *   PRISM_BIN=/path/to/node_modules/.bin/prism npm run contract:prism
 *   PRISM_REPORT=report.json   also write the report as JSON
 *   PRISM_KEEP=1               keep the temporary folder (contract, server and Prism logs)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts } from '../../src/platform/ports.ts';
import { Driver } from './prism-driver.ts';
import { edges } from './prism-edges.ts';
import { catchAll, pages } from './prism-events.ts';
import { discovery, mirror, rateLimits, records, sessions, webhooks } from './prism-flows.ts';
import { money, type World } from './prism-money.ts';
import { buildReport, printReport } from './prism-report.ts';
import { operations, sweep } from './prism-sweep.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const say = (line: string) => process.stderr.write(`contract:prism: ${line}\n`);

function prismBin(): string {
  const bin = process.env.PRISM_BIN;
  const how = 'install Prism outside this project (mkdir -p ~/prism && cd ~/prism && npm init -y && npm install @stoplight/prism-cli) and run PRISM_BIN=~/prism/node_modules/.bin/prism npm run contract:prism';
  if (!bin) {
    say(`PRISM_BIN is not set: ${how}`);
    process.exit(2);
  }
  try {
    accessSync(bin, constants.X_OK);
  } catch {
    say(`PRISM_BIN=${bin} is not an executable file: ${how}`);
    process.exit(2);
  }
  return bin;
}

async function waitFor<T>(what: string, ms: number, probe: () => T | undefined, log: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`${what} did not start in ${ms / 1000} s; its log:\n${existsSync(log) ? readFileSync(log, 'utf8').slice(-3000) : '(none)'}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}

async function main(): Promise<number> {
  const bin = prismBin();
  const dir = mkdtempSync(join(tmpdir(), 'svcpay-prism-'));
  const [port, processorPort, demoPort, stripePort, braintreePort, prismPort] = await freePorts(6);
  const service = `http://localhost:${port}`;
  const files = { ready: join(dir, 'ready.json'), serverLog: join(dir, 'server.log'), prismLog: join(dir, 'prism.log'), contract: join(dir, 'openapi.json') };
  let server: ChildProcess | undefined;
  let prism: ChildProcess | undefined;
  try {
    server = spawn(join(root, 'node_modules/.bin/tsx'), ['src/start.ts'], {
      cwd: root,
      stdio: ['ignore', openSync(files.serverLog, 'a'), openSync(files.serverLog, 'a')],
      env: {
        ...process.env,
        PORT: String(port),
        PROCESSOR_PORT: String(processorPort),
        DEMO_PORT: String(demoPort),
        STRIPE_PORT: String(stripePort),
        BRAINTREE_PORT: String(braintreePort),
        SVCPAY_PUBLIC_URL: service,
        SVCPAY_DEMO: 'off',
        SVCPAY_DATA: join(dir, 'svcpay.sqlite'),
        SVCPAY_READY_FILE: files.ready,
        NO_COLOR: '1',
      },
    });
    const ready = await waitFor('the service', 90_000, () => (existsSync(files.ready) ? JSON.parse(readFileSync(files.ready, 'utf8')) : undefined), files.serverLog);
    say(`service on ${service}`);
    const contract = await (await fetch(`${service}/openapi.json`)).text();
    writeFileSync(files.contract, contract);
    prism = spawn(bin, ['proxy', files.contract, `http://127.0.0.1:${port}`, '--errors=false', '-p', String(prismPort), '-h', '127.0.0.1'], {
      stdio: ['ignore', openSync(files.prismLog, 'a'), openSync(files.prismLog, 'a')],
      env: { ...process.env, NO_COLOR: '1' },
    });
    await waitFor('Prism', 60_000, () => (existsSync(files.prismLog) && readFileSync(files.prismLog, 'utf8').includes('Prism is listening') ? true : undefined), files.prismLog);
    say(`Prism proxy on http://127.0.0.1:${prismPort}`);

    const d = new Driver(`http://127.0.0.1:${prismPort}`, `http://127.0.0.1:${port}`);
    const w: World = { d, keys: { secret: ready.secretKey, publishable: ready.publishableKey }, origin: service, processorUrl: ready.processorUrl, stripeUrl: ready.stripeUrl, merchantId: ready.merchantId };
    // Rate-limit windows run on the service clock: a minute on, every bucket is empty again.
    const resetLimits = async () => void (await d.control('POST', '/_sandbox/clock', { advanceSeconds: 61 }));
    const ops = operations(JSON.parse(contract));
    const readEvents = await catchAll(w);
    for (const [name, flow] of Object.entries({ discovery, sessions, records, webhooks, money, edges, mirror, pages })) {
      say(`traffic: ${name}`);
      await flow(w);
      await resetLimits();
    }
    say('traffic: every event sent, read back');
    await readEvents();
    say('traffic: every operation with bad inputs');
    await sweep(d, ops, w.keys, service, resetLimits);
    say('traffic: rate limits');
    await rateLimits(w);

    const report = buildReport(ops, d.exchanges);
    printReport(report);
    if (process.env.PRISM_REPORT) writeFileSync(process.env.PRISM_REPORT, JSON.stringify({ report, exchanges: d.exchanges }, null, 2));
    return report.answersWithResponseViolations > 0 ? 1 : 0;
  } finally {
    await stop(prism);
    await stop(server);
    if (process.env.PRISM_KEEP === '1') say(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    say(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exit(2);
  },
);
