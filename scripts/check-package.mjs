#!/usr/bin/env node
/**
 * The npm package works as published, not only in this repository (issue 9). `npm test` runs this
 * after the unit tests; alone: `npm run package-check` (`SVCPAY_PACK_KEEP=1` keeps the scratch
 * directory and says where it is).
 *
 * 1. `npm pack` (its `prepack` builds dist/), then the tarball's file list: what the package needs
 *    is in it, and no tests, fixtures, node_modules or reports.
 *    Then `@svcpay/js` (the browser loader and the webhook helper, no dependencies) is assembled
 *    from that build into dist/js-package (scripts/js-package.mjs) and packed too.
 * 2. publint and attw (`.attw.json`: ESM-only profile) on both tarballs: both must find nothing.
 * 3. A frontend project installs the `@svcpay/js` tarball alone, linked and with install scripts
 *    enabled: no dependency, nothing native, its declarations import only each other, both entry
 *    points run in Node and type-check (./package-frontend.mjs).
 * 4. A scratch project in a temp directory installs the svcpay tarball with npm (from npm's cache
 *    first, linked: the package sees only the dependencies it declares) and then, as a merchant's
 *    project would:
 *    - imports `svcpay`, `svcpay/webhooks` and `svcpay/testing` in Node, verifies a signature and
 *      starts and stops the reference server with `startSvcPay`;
 *    - type-checks a consumer TypeScript file with this repository's tsc (nodenext resolution,
 *      no skipLibCheck), wrong calls under `@ts-expect-error` proving the types are not `any`;
 *    - runs the installed `svcpay` bin on free ports and asks it for its health, the embed script,
 *      a hosted checkout page and the demo shop's designers' gallery, then stops it.
 * 5. A `"type": "commonjs"` project beside it (./package-commonjs.mjs) require()s every entry point
 *    and runs the merchant guide's Express snippet compiled to CommonJS (issue 36).
 *
 * The merchant's scratch install skips install scripts (no network for prebuilt binaries, and
 * compiling SQLite would take minutes): better-sqlite3's native addon is copied from this
 * repository's node_modules, which must hold the same version.
 *
 * Plain Node. Prints one line per check and closes with `N passed, N failed`. The merchant's
 * scratch project's own files and the bin run are in ./package-consumer.mjs, the frontend
 * project's in ./package-frontend.mjs, the assembly of `@svcpay/js` in ./js-package.mjs.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkInstalledBin, consumerSource, consumerTsconfig, smokeSource } from './package-consumer.mjs';
import { commonjsChecks } from './package-commonjs.mjs';
import { frontendChecks } from './package-frontend.mjs';
import { assemble, JS_PACKAGE_NAME } from './js-package.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'svcpay-pack-'));
const app = join(work, 'consumer');
const results = [];

/** Files the installed package cannot work without (exports, types, bin, the server and its bundles). */
const REQUIRED = [
  'package.json',
  'README.md',
  'docs/merchant.md',
  'docs/qa.md',
  'LICENSE',
  'CHANGELOG.md',
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
  // The designers' gallery the demo shop serves at /gallery (demo/shop/gallery-routes.ts).
  'dist/gallery/demo/gallery/index.html',
  'dist/gallery/demo/gallery/entry.html',
  'dist/gallery/demo/gallery/element-frame.html',
  'dist/gallery/demo/gallery/page-frame.html',
  'dist/gallery/demo/gallery/sandbox-fields.html',
];
/** `@svcpay/js`'s whole file list: its two entry points (and the chunk the webhook helper imports), their declarations, nothing else. */
const JS_REQUIRED = ['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/webhooks.js', 'types/loader/index.d.ts', 'types/webhooks/index.d.ts'];
const JS_ALLOWED = /^(package\.json|README\.md|LICENSE|dist\/[\w-]+\.js|types\/(loader|webhooks)\/[\w-]+\.d\.ts)$/;
/** `@svcpay/js` is ~9 KB packed; a budget against a server module or a dependency bundled in by accident. */
const MAX_JS_TARBALL_BYTES = 32 * 1024;
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
 * Raised to 2.5 MiB with issue 35: svcpay/server's generated types now carry the contract's
 * description of every operation and field (embed/server/openapi.d.ts, 256 KB to 367 KB), and the
 * merchant guide grew with the rules built; the tarball reached 2.28 MiB, all of it text a merchant reads.
 * Raised to 2.75 MiB with issue 36: the tarball had reached 2.49 MiB, and each element frame page
 * (card, address, wallet) now carries the controller's code (it runs in a copy of the page a buyer
 * already has), ~18 KB more per page and its .br and .gz copies, +36 KB in the tarball (2.52 MiB).
 */
const MAX_TARBALL_BYTES = 2.75 * 1024 * 1024;

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

/** `npm pack` of the package in `dir` into the scratch directory: npm's JSON about the tarball. */
function pack(dir) {
  const out = npm(['pack', '--json', '--pack-destination', work], dir);
  // The prepack step prints its own line before npm's JSON.
  return JSON.parse(out.slice(out.indexOf('\n[') + 1 || out.indexOf('[')))[0];
}

// 1. Pack.
let tarball = '';
let files = [];
await check('npm pack builds and packs what the package needs, and nothing else', () => {
  const info = pack(root);
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

let jsTarball = '';
await check(`${JS_PACKAGE_NAME} assembles from that build (scripts/js-package.mjs) and packs its two entry points, their types and nothing else`, () => {
  const { dir, version } = assemble();
  const rootVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  if (version !== rootVersion) throw new Error(`${JS_PACKAGE_NAME} is ${version}, svcpay ${rootVersion}`);
  const info = pack(dir);
  const jsFiles = info.files.map((f) => f.path);
  const missing = JS_REQUIRED.filter((f) => !jsFiles.includes(f));
  if (missing.length) throw new Error(`missing from the tarball: ${missing.join(', ')}`);
  const unwanted = jsFiles.filter((f) => !JS_ALLOWED.test(f));
  if (unwanted.length) throw new Error(`should not be published: ${unwanted.join(', ')}`);
  if (info.size > MAX_JS_TARBALL_BYTES) throw new Error(`the tarball is ${info.size} bytes; keep it under ${MAX_JS_TARBALL_BYTES}`);
  jsTarball = join(work, info.filename);
  return `${info.filename}, ${jsFiles.length} files, ${(info.size / 1024).toFixed(1)} KB`;
});

// 2. Linters, on both tarballs.
for (const [label, file] of [['svcpay', tarball], [JS_PACKAGE_NAME, jsTarball]]) {
  if (!file) continue;
  await check(`publint finds nothing in ${label} (suggestions included)`, async () => {
    const { publint } = await import(pathToFileURL(join(root, 'node_modules/publint/src/index-node.js')).href);
    const { formatMessage } = await import(pathToFileURL(join(root, 'node_modules/publint/src/utils.js')).href);
    const bytes = readFileSync(file);
    const { messages, pkg } = await publint({ pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) }, level: 'suggestion', strict: true });
    if (messages.length) throw new Error(messages.map((m) => `${m.type}: ${formatMessage(m, pkg, { color: false })}`).join('\n'));
  });

  await check(`attw finds nothing in ${label} (are the types wrong, ESM-only profile from .attw.json)`, () => {
    run(process.execPath, [join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'), file, '--format', 'ascii', '--no-color', '--no-emoji'], { cwd: root });
  });
}

// 3. A frontend project: @svcpay/js alone (./package-frontend.mjs).
if (jsTarball) await frontendChecks({ check, run, npm, root, work, jsTarball });

// 4. A merchant's project.
let installed = false;
await check('npm installs the tarball into a scratch project', () => {
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'svcpay-consumer', private: true, type: 'module' }, null, 2));
  // The consumer's own dependencies: Playwright (svcpay/testing's peer), Node's types, and Express
  // with its types for the merchant guide's Express snippet (./package-commonjs.mjs).
  const version = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  // Linked, as pnpm and npm's isolated mode install: the package sees only its own dependencies,
  // so a runtime import of a devDependency fails here as it would for them (issue 22).
  npm(['install', tarball, `@playwright/test@${version('@playwright/test')}`, `@types/node@${version('@types/node')}`, `express@${version('express')}`, `@types/express@${version('@types/express')}`, '--install-strategy=linked', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'], app);
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

await commonjsChecks({ check, run, root, app });

await check('tsc type-checks a consumer of all four entry points (nodenext, no skipLibCheck), wrong calls refused', () => {
  writeFileSync(join(app, 'consumer.ts'), consumerSource());
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(consumerTsconfig(), null, 2));
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', app], { cwd: app });
});

await check('the installed `svcpay` bin starts the reference server and the demo shop, which answer: health, svcpay.js, /docs and an error’s docs link, a checkout page, the gallery', () => checkInstalledBin(app, work));

finish();

function finish() {
  const passed = results.filter(Boolean).length;
  const failed = results.length - passed;
  if (process.env.SVCPAY_PACK_KEEP) console.log(`package-check: scratch files kept in ${work}`);
  else rmSync(work, { recursive: true, force: true });
  console.log(`package-check: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && results.length > 0 ? 0 : 1);
}
