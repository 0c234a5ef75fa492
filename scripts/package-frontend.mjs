/**
 * The frontend project's side of the package check (check-package.mjs, issue 22): `@svcpay/js`
 * (assembled by scripts/js-package.mjs) installed ALONE, without the svcpay tarball, linked and
 * with install scripts enabled, as a frontend project that only wants `loadSvcPay` and
 * `verifyWebhook` would install it. Then: nothing native or heavy came with it, both entry points
 * run in Node, and a TypeScript consumer type-checks against its declarations alone.
 */
import { lstatSync, mkdirSync, readFileSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importProblems, JS_PACKAGE_NAME } from './js-package.mjs';
import { consumerTsconfig } from './package-consumer.mjs';

/** What a frontend project must not get by installing `@svcpay/js`: the server's build and its compilers. */
const HEAVY = new Set(['better-sqlite3', 'esbuild', 'tsx', '@esbuild']);
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];
const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies', 'bundledDependencies'];

/** Runs the frontend project's checks; `tools` are check-package.mjs's own `check`, `run` and `npm`. */
export async function frontendChecks({ check, run, npm, root, work, jsTarball }) {
  const app = join(work, 'frontend');
  let installed = false;
  await check(`npm installs ${JS_PACKAGE_NAME} alone into a frontend project (linked, install scripts enabled)`, () => {
    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'svcpay-frontend', private: true, type: 'module' }, null, 2));
    // --ignore-scripts=false: enabled whatever the environment's npm config says.
    npm(['install', jsTarball, '--install-strategy=linked', '--ignore-scripts=false', '--prefer-offline', '--no-audit', '--no-fund'], app);
    installed = true;
  });
  if (!installed) return;

  await check(`${JS_PACKAGE_NAME} declares no dependencies or install scripts, and node_modules holds no native addon, better-sqlite3, esbuild or tsx`, () => {
    const pkg = JSON.parse(readFileSync(join(app, 'node_modules', JS_PACKAGE_NAME, 'package.json'), 'utf8'));
    const problems = [];
    for (const field of DEPENDENCY_FIELDS) if (pkg[field] && Object.keys(pkg[field]).length) problems.push(`package.json has ${field}: ${Object.keys(pkg[field]).join(', ')}`);
    for (const script of INSTALL_SCRIPTS) if (pkg.scripts?.[script]) problems.push(`package.json has an install script: ${script}`);
    const { files, packages } = scan(join(app, 'node_modules'));
    for (const f of files) if (f.endsWith('.node') || f.endsWith('/binding.gyp')) problems.push(`native build file: ${f}`);
    for (const p of packages) if (HEAVY.has(p) || HEAVY.has(p.split('/')[0])) problems.push(`installed with it: ${p}`);
    const others = packages.filter((p) => p !== JS_PACKAGE_NAME && !HEAVY.has(p) && !HEAVY.has(p.split('/')[0]));
    if (others.length) problems.push(`installed with it: ${others.join(', ')}`);
    if (problems.length) throw new Error(problems.join('\n'));
    return `node_modules: ${packages.join(', ')} (${files.length} files)`;
  });

  await check(`${JS_PACKAGE_NAME}'s modules and declaration files import only each other (and node: built-ins)`, () => {
    const problems = importProblems(realpathSync(join(app, 'node_modules', JS_PACKAGE_NAME)));
    if (problems.length) throw new Error(problems.join('\n'));
  });

  await check(`Node imports ${JS_PACKAGE_NAME} and ${JS_PACKAGE_NAME}/webhooks: loadSvcPay rejects outside a browser, verifyWebhook checks a signature`, () => {
    writeFileSync(join(app, 'smoke.mjs'), frontendSmokeSource());
    return run(process.execPath, ['smoke.mjs'], { cwd: app }).trim().split('\n').pop();
  });

  await check(`tsc type-checks a frontend consumer of ${JS_PACKAGE_NAME} (nodenext, no skipLibCheck, no @types/node), wrong calls refused`, () => {
    writeFileSync(join(app, 'consumer.ts'), frontendConsumerSource());
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(frontendTsconfig(), null, 2));
    run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', app], { cwd: app });
  });
}

/** Every file under `dir` (symlinks not followed: a linked install's packages are real folders in .store) and the packages installed there. */
function scan(dir) {
  const files = [];
  const packages = new Set();
  const walk = (d, rel) => {
    for (const e of readdirSync(d)) {
      const path = join(d, e);
      const relPath = rel ? `${rel}/${e}` : e;
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) continue;
      if (stat.isDirectory()) walk(path, relPath);
      else {
        files.push(relPath);
        // A package: node_modules/<name>/package.json or node_modules/@scope/<name>/package.json.
        const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/@.][^/]*)\/package\.json$/.exec(`node_modules/${relPath}`);
        if (m) packages.add(m[1]);
      }
    }
  };
  walk(dir, '');
  return { files, packages: [...packages].sort() };
}

function frontendSmokeSource() {
  return `
import { createHmac } from 'node:crypto';
import assert from 'node:assert/strict';
import { loadSvcPay, DEFAULT_SCRIPT_URL } from '${JS_PACKAGE_NAME}';
import { SIGNATURE_HEADER, verifyWebhook } from '${JS_PACKAGE_NAME}/webhooks';

assert.equal(typeof loadSvcPay, 'function');
assert.match(DEFAULT_SCRIPT_URL, /\\/js\\/v1\\/svcpay\\.js$/);
await assert.rejects(loadSvcPay('vp_pk_test_x'), /browser/);
assert.equal(SIGNATURE_HEADER, 'x-svc-signature');

const secret = 'whsec_frontend_check';
const rawBody = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', created: 1, livemode: false, merchant_id: 'm', data: {} });
const t = Math.floor(Date.now() / 1000);
const signature = 't=' + t + ',v1=' + createHmac('sha256', secret).update(t + '.' + rawBody).digest('hex');
assert.equal(verifyWebhook({ rawBody, signature, secret }).id, 'evt_1');
assert.equal(verifyWebhook({ rawBody: Buffer.from(rawBody), signature: [signature], secret: ['whsec_new', secret] }).id, 'evt_1');
assert.throws(() => verifyWebhook({ rawBody, signature, secret: 'whsec_other' }));
assert.throws(() => verifyWebhook({ rawBody: rawBody + ' ', signature, secret }));
console.log('loadSvcPay rejected in Node; verifyWebhook took the good signature and refused two bad ones');
`;
}

function frontendConsumerSource() {
  return `
import { loadSvcPay, type ElementChangeEvent, type SvcPay } from '${JS_PACKAGE_NAME}';
import { SIGNATURE_HEADER, verifyWebhook, type WebhookEnvelope } from '${JS_PACKAGE_NAME}/webhooks';

export async function mountCard(sessionId: string): Promise<SvcPay> {
  const svcpay = await loadSvcPay('vp_pk_test_123', { locale: 'fr', scriptUrl: 'https://pay.example.com/js/v1/svcpay.js' });
  const card = svcpay.elements({ sessionId }).create('card', { hidePostalCode: true });
  card.on('change', (event: ElementChangeEvent) => void event.complete);
  card.mount('#card');
  // @ts-expect-error: element types are a closed list
  svcpay.elements({ sessionId }).create('iban');
  // @ts-expect-error: the publishable key is required
  await loadSvcPay();
  return svcpay;
}

export function receive(rawBody: Uint8Array, headers: Record<string, string | string[] | undefined>): WebhookEnvelope {
  // @ts-expect-error: the secret is required
  verifyWebhook({ rawBody, signature: headers[SIGNATURE_HEADER] });
  const event = verifyWebhook({ rawBody, signature: headers[SIGNATURE_HEADER], secret: ['whsec_new', 'whsec_old'] });
  const created: number = event.created;
  void created;
  // @ts-expect-error: an envelope has what it declares, nothing else
  void event.payload;
  return event;
}
`;
}

/** The merchant consumer's settings, as a frontend project has them: no Node types, so the declarations must stand on their own. */
function frontendTsconfig() {
  const base = consumerTsconfig();
  return { ...base, compilerOptions: { ...base.compilerOptions, types: [] } };
}
