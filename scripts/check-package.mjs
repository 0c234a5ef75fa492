#!/usr/bin/env node
/**
 * The npm package works as published, not only in this repository (issue 9). `npm test` runs this
 * after the unit tests; alone: `npm run package-check` (`SVCPAY_PACK_KEEP=1` keeps the scratch
 * directory and says where it is).
 *
 * 1. `npm pack` (its `prepack` builds dist/), then the tarball's file list: what the package needs
 *    is in it, and no tests, fixtures, node_modules or reports.
 * 2. publint and attw (`.attw.json`: ESM-only profile) on that tarball: both must find nothing.
 * 3. A scratch project in a temp directory installs the tarball with npm (from npm's cache first,
 *    linked: the package sees only the dependencies it declares) and then, as a merchant's
 *    project would:
 *    - imports `svcpay`, `svcpay/webhooks` and `svcpay/testing` in Node, verifies a signature and
 *      starts and stops the reference server with `startSvcPay`;
 *    - type-checks a consumer TypeScript file with this repository's tsc (nodenext resolution,
 *      no skipLibCheck), wrong calls under `@ts-expect-error` proving the types are not `any`;
 *    - runs the installed `svcpay` bin on free ports and asks it for its health, the embed script
 *      and a hosted checkout page, then stops it.
 *
 * The scratch install skips install scripts (no network for prebuilt binaries, and compiling
 * SQLite would take minutes): better-sqlite3's native addon is copied from this repository's
 * node_modules, which must hold the same version.
 *
 * Plain Node. Prints one line per check and closes with `N passed, N failed`. The scratch
 * project's own files are in ./package-consumer.mjs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { consumerSource, consumerTsconfig, smokeSource } from './package-consumer.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'svcpay-pack-'));
const app = join(work, 'consumer');
const results = [];

/** Files the installed package cannot work without (exports, types, bin, the server and its bundles). */
const REQUIRED = [
  'package.json',
  'README.md',
  'bin/svcpay.js',
  'dist/npm/index.js',
  'dist/npm/webhooks.js',
  'dist/npm/testing.js',
  'dist/npm/server.js',
  'embed/server/index.d.ts',
  'embed/server/types.d.ts',
  'embed/server/openapi.d.ts',
  'embed/loader/index.d.ts',
  'embed/loader/types.d.ts',
  'embed/loader/vocab.d.ts',
  'embed/loader/appearance.d.ts',
  'embed/loader/elements.d.ts',
  'embed/loader/results.d.ts',
  'embed/loader/checkout.d.ts',
  'embed/webhooks/index.d.ts',
  'embed/testing/index.d.ts',
  'embed/testing/types.d.ts',
  'embed/testing/page-objects.d.ts',
  'embed/testing/fixture-types.d.ts',
  'embed/server/control-types.d.ts',
  'dist/embed/svcpay.js',
  'dist/app/hosted-page/index.html',
  'dist/app/sandbox-processor/fields-page/index.html',
  // The API reference's renderer (GET /docs), copied in by the build (scripts/docs-renderer.ts).
  'dist/app/docs/redoc.standalone.js',
  'dist/app/docs/redoc.standalone.js.LICENSE.txt',
  'src/start.ts',
  'src/cli/main.ts',
  'src/server/main.ts',
  'src/platform/static.ts',
  'sandbox-processor/index.ts',
  'demo/shop/server.ts',
];
/** What a published package must never carry. */
const FORBIDDEN = [
  /(^|\/)node_modules\//,
  /\.test(-d)?\.[cm]?[jt]sx?$/,
  /(^|\/)(fixtures|testing)\.ts$/,
  /\.fixtures\.ts$/,
  /^(e2e|bench|scripts|reports|test-results|playwright-report|\.data|\.ci|src\/server\/fuzz)\//,
  /^(hosted-page|src\/(checkout|components|frames|client|protocol))\//,
];
/**
 * A budget against accidents (a build folder or a data file swept in), not a target. Raised from
 * 1 MiB to 1.25 MiB with issue 19: the Stripe and Braintree stand-ins the reference server serves and
 * braintree-web's Hosted Fields and 3-D Secure chunks (with their precompressed copies) are ~200 KB
 * of the ~1.03 MiB tarball, and belong in it. Raised to 2.25 MiB with issue 22: the API reference
 * served offline at /docs is Redoc's standalone bundle (1.1 MB, ~0.3 MB in the tarball) with its
 * .br and .gz copies (0.27 + 0.33 MB, already compressed), ~0.9 MB that took the tarball to ~2.0 MiB.
 */
const MAX_TARBALL_BYTES = 2.25 * 1024 * 1024;

async function check(name, fn) {
  const started = Date.now();
  try {
    const note = await fn();
    results.push(true);
    console.log(`ok    ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)${note ? `: ${note}` : ''}`);
  } catch (err) {
    results.push(false);
    console.log(`FAIL  ${name}\n${indent(err instanceof Error ? err.message : String(err))}`);
  }
}

function indent(text) {
  return text.replace(/^/gm, '      ');
}

function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts, env: { ...process.env, NO_COLOR: '1', ...opts.env } });
  if (result.status !== 0) {
    throw new Error(`${[cmd, ...args].join(' ')} exited ${result.status ?? result.signal}\n${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? result.error.message : ''}`);
  }
  return result.stdout;
}

const npm = (args, cwd) => run('npm', args, { cwd, shell: process.platform === 'win32' });

// 1. Pack.
let tarball = '';
let files = [];
await check('npm pack builds and packs what the package needs, and nothing else', () => {
  const out = npm(['pack', '--json', '--pack-destination', work], root);
  // The prepack step prints its own line before npm's JSON.
  const [info] = JSON.parse(out.slice(out.indexOf('\n[') + 1 || out.indexOf('[')));
  tarball = join(work, info.filename);
  files = info.files.map((f) => f.path);
  const missing = REQUIRED.filter((f) => !files.includes(f));
  if (missing.length) throw new Error(`missing from the tarball: ${missing.join(', ')}`);
  const unwanted = files.filter((f) => FORBIDDEN.some((re) => re.test(f)));
  if (unwanted.length) throw new Error(`should not be published: ${unwanted.join(', ')}`);
  if (info.size > MAX_TARBALL_BYTES) throw new Error(`the tarball is ${info.size} bytes; keep it under ${MAX_TARBALL_BYTES}`);
  return `${info.filename}, ${files.length} files, ${(info.size / 1024).toFixed(0)} KB`;
});
if (!tarball) finish();

// 2. Linters.
await check('publint finds nothing (suggestions included)', async () => {
  const { publint } = await import(pathToFileURL(join(root, 'node_modules/publint/src/index-node.js')).href);
  const { formatMessage } = await import(pathToFileURL(join(root, 'node_modules/publint/src/utils.js')).href);
  const bytes = readFileSync(tarball);
  const { messages, pkg } = await publint({ pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) }, level: 'suggestion', strict: true });
  if (messages.length) throw new Error(messages.map((m) => `${m.type}: ${formatMessage(m, pkg, { color: false })}`).join('\n'));
});

await check('attw finds nothing (are the types wrong, ESM-only profile from .attw.json)', () => {
  run(process.execPath, [join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--format', 'ascii', '--no-color', '--no-emoji'], { cwd: root });
});

// 3. A merchant's project.
let installed = false;
await check('npm installs the tarball into a scratch project', () => {
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'svcpay-consumer', private: true, type: 'module' }, null, 2));
  // The consumer's own devDependencies: Playwright (svcpay/testing's peer) and Node's types.
  const version = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  // Linked, as pnpm and npm's isolated mode install: the package sees only its own dependencies,
  // so a runtime import of a devDependency fails here as it would for them (issue 22).
  npm(['install', tarball, `@playwright/test@${version('@playwright/test')}`, `@types/node@${version('@types/node')}`, '--install-strategy=linked', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'], app);
  const ours = join(root, 'node_modules/better-sqlite3');
  // Linked: svcpay's own better-sqlite3, in the store beside it.
  const theirs = realpathSync(join(realpathSync(join(app, 'node_modules/svcpay')), '..', 'better-sqlite3'));
  if (version('better-sqlite3') !== JSON.parse(readFileSync(join(theirs, 'package.json'), 'utf8')).version) {
    throw new Error('the scratch project got another better-sqlite3 than this repository has: its native addon cannot be reused');
  }
  mkdirSync(join(theirs, 'build/Release'), { recursive: true });
  copyFileSync(join(ours, 'build/Release/better_sqlite3.node'), join(theirs, 'build/Release/better_sqlite3.node'));
  installed = true;
});
if (!installed) finish();

await check('Node imports svcpay, svcpay/webhooks, svcpay/testing and svcpay/server; startSvcPay starts the server, the typed client makes a session on it', () => {
  writeFileSync(join(app, 'smoke.mjs'), smokeSource());
  const out = run(process.execPath, ['smoke.mjs'], { cwd: app });
  return out.trim().split('\n').pop();
});

await check('tsc type-checks a consumer of all four entry points (nodenext, no skipLibCheck), wrong calls refused', () => {
  writeFileSync(join(app, 'consumer.ts'), consumerSource());
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(consumerTsconfig(), null, 2));
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', app], { cwd: app });
});

await check('the installed `svcpay` bin starts the reference server, which answers', async () => {
  const [port, processorPort, demoPort] = await freePorts(3);
  const readyFile = join(work, 'bin-ready.json');
  const bin = join(app, 'node_modules/.bin/svcpay');
  const child = spawn(bin, [], {
    cwd: app,
    env: { ...process.env, PORT: String(port), PROCESSOR_PORT: String(processorPort), DEMO_PORT: String(demoPort), SVCPAY_DATA: ':memory:', SVCPAY_READY_FILE: readyFile, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((done) => child.once('exit', (code, signal) => done(code ?? signal)));
  try {
    const info = await waitForFile(readyFile, exited, () => output);
    const expect = async (path, status, contentType) => {
      const res = await fetch(`${info.serviceUrl}${path}`, { signal: AbortSignal.timeout(10_000) });
      if (res.status !== status || !(res.headers.get('content-type') ?? '').includes(contentType)) {
        throw new Error(`GET ${path} answered ${res.status} ${res.headers.get('content-type')}, expected ${status} ${contentType}`);
      }
    };
    await expect('/api/health', 200, 'application/json');
    await expect('/js/v1/svcpay.js', 200, 'javascript');
    await expect('/docs', 200, 'text/html');
    await expect('/docs/redoc.standalone.js', 200, 'javascript');
    await expect(new URL(info.checkoutUrl).pathname, 200, 'text/html');
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : err}\n--- bin output ---\n${output}`);
  } finally {
    child.kill('SIGTERM');
  }
  const code = await exited;
  if (code !== 0) throw new Error(`the server exited ${code} on SIGTERM\n${output}`);
});

finish();

function finish() {
  const passed = results.filter(Boolean).length;
  const failed = results.length - passed;
  if (process.env.SVCPAY_PACK_KEEP) console.log(`package-check: scratch files kept in ${work}`);
  else rmSync(work, { recursive: true, force: true });
  console.log(`package-check: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && results.length > 0 ? 0 : 1);
}

async function waitForFile(file, exited, output, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let exitCode;
  exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the server exited ${exitCode} before it was ready\n${output()}`);
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        // Half-written: read again.
      }
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`no ready file within ${timeoutMs / 1000} s\n${output()}`);
}

async function freePorts(count) {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise((done, fail) => {
      const s = createServer();
      s.once('error', fail);
      s.listen(0, '127.0.0.1', () => done(s));
    })),
  );
  const ports = servers.map((s) => s.address().port);
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  return ports;
}
