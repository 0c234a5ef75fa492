#!/usr/bin/env node
/**
 * `@svcpay/js`: the browser loader (`loadSvcPay`) and the webhook helper (`verifyWebhook`) as a
 * package of their own, with no dependencies and no install scripts (issue 22). Frontend projects
 * install `@svcpay/js`; `svcpay` stays the full kit (reference server, sandbox processor, CLI,
 * `svcpay/server`, `svcpay/testing`, and the loader too), unchanged.
 *
 * Why a second package, and not the other ways to spare a frontend project the server's
 * dependencies (better-sqlite3 compiled from source where no prebuilt binary fits, tsx, esbuild,
 * zod, hono, postgres, stripe, braintree: what `npm install svcpay` costs for `loadSvcPay` alone):
 * - Lazy imports (the server's modules imported only when a server starts) change what runs, not
 *   what installs: npm installs, downloads and builds every declared dependency whatever the code
 *   imports. The native compile stays.
 * - Optional peer dependencies (better-sqlite3, tsx, … as `peerDependenciesMeta.optional`) are
 *   never installed by npm, pnpm or yarn: `npx svcpay` and `startSvcPay` would fail until the
 *   merchant installs a dozen packages by hand, at versions we no longer lock. optionalDependencies
 *   are worse than nothing here: they install, and compile, by default.
 * - A split keeps both promises: `npm install svcpay` still gets a working server and CLI, and
 *   `npm install @svcpay/js` gets two small ESM files and their types, nothing else. The cost is a
 *   second name to publish, from the same commit at the same version.
 *
 * Not an npm workspace: that would move the root install (hoisting, the lock file, `npm ci`).
 * The package is assembled from this repository's build instead: `npm run build` (or
 * `node scripts/ensure.mjs`), then this script, writes dist/js-package/:
 *   dist/index.js, dist/webhooks.js (+ the chunks they import)  from dist/npm
 *   types/loader/*.d.ts, types/webhooks/index.d.ts              from embed/loader, embed/webhooks
 *   package.json (the root's version and licence), README.md, LICENSE
 * and refuses to write it when a module imports anything but its siblings (or `node:` built-ins,
 * for the webhook helper) or a declaration file imports anything outside the package. Publish with
 * `npm publish dist/js-package`. The package check (scripts/check-package.mjs) packs it, lints it
 * and installs it alone into a frontend project (scripts/package-frontend.mjs).
 *
 * Plain Node, no dependencies.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const jsPackageDir = join(root, 'dist', 'js-package');
export const JS_PACKAGE_NAME = '@svcpay/js';

/** The two entry points: where the build put them, where the package has them. */
const entries = [
  { subpath: '.', js: 'dist/npm/index.js', types: 'embed/loader/index.d.ts', to: { js: 'dist/index.js', types: 'types/loader/index.d.ts' } },
  { subpath: './webhooks', js: 'dist/npm/webhooks.js', types: 'embed/webhooks/index.d.ts', to: { js: 'dist/webhooks.js', types: 'types/webhooks/index.d.ts' } },
];

/** Every module specifier of a JS or declaration file: static and dynamic imports, re-exports, `import("…")` types, references. */
export function specifiers(text) {
  const found = new Set();
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\/\/\/\s*<reference\s+(?:path|types|lib)\s*=\s*['"]([^'"]+)['"]/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) found.add(m[1]);
  return [...found];
}

/** The file a declaration file's relative specifier names (`./x.js` is `./x.d.ts`). */
function declarationOf(fromFile, spec) {
  const target = resolve(dirname(fromFile), spec);
  return target.endsWith('.js') ? `${target.slice(0, -3)}.d.ts` : target.endsWith('.d.ts') ? target : `${target}.d.ts`;
}

/** Copies `from` and the relative imports it reaches into `toDir`, keeping their places relative to each other. */
function copyClosure(fromFile, toFile, kind, problems) {
  const todo = [[fromFile, toFile]];
  const seen = new Set();
  while (todo.length) {
    const [src, dest] = todo.pop();
    if (seen.has(src)) continue;
    seen.add(src);
    if (!existsSync(src)) {
      problems.push(`${relative(root, src)} is missing${kind === 'js' ? ': run `npm run build` first' : ''}`);
      continue;
    }
    mkdirSync(dirname(dest), { recursive: true });
    copyFileSync(src, dest);
    for (const spec of specifiers(readFileSync(src, 'utf8'))) {
      if (spec.startsWith('./') || spec.startsWith('../')) {
        const next = kind === 'js' ? resolve(dirname(src), spec) : declarationOf(src, spec);
        todo.push([next, resolve(dirname(dest), relative(dirname(src), next))]);
      } else if (!(kind === 'js' && spec.startsWith('node:'))) {
        problems.push(`${relative(root, src)} imports '${spec}': ${JS_PACKAGE_NAME} has no dependencies`);
      }
    }
  }
}

/**
 * What is wrong with the package in `dir` (an assembly, or an installed copy): a module or a
 * declaration file importing a path outside the package, a file that is not there, or a package.
 */
export function importProblems(dir) {
  const problems = [];
  const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'node_modules' ? [] : walk(join(d, e.name))) : [join(d, e.name)]));
  for (const file of walk(dir).filter((f) => /\.(d\.ts|m?js)$/.test(f))) {
    const declaration = file.endsWith('.d.ts');
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      const where = relative(dir, file);
      if (!spec.startsWith('./') && !spec.startsWith('../')) {
        if (declaration || !spec.startsWith('node:')) problems.push(`${where} imports '${spec}', outside the package`);
        continue;
      }
      const target = declaration ? declarationOf(file, spec) : resolve(dirname(file), spec);
      const inside = relative(dir, target);
      if (inside.startsWith('..') || inside.startsWith(sep)) problems.push(`${where} imports '${spec}', which escapes the package`);
      else if (!existsSync(target)) problems.push(`${where} imports '${spec}', which the package does not have`);
    }
  }
  return problems;
}

export function packageJson(version) {
  const exportsMap = Object.fromEntries(entries.map((e) => [e.subpath, { types: `./${e.to.types}`, default: `./${e.to.js}` }]));
  return {
    name: JS_PACKAGE_NAME,
    version,
    description: 'svcpay in the browser and in a webhook receiver: loadSvcPay (the svcpay.js loader) and verifyWebhook, with no dependencies',
    license: 'MIT',
    type: 'module',
    sideEffects: false,
    main: `./${entries[0].to.js}`,
    types: `./${entries[0].to.types}`,
    exports: { ...exportsMap, './package.json': './package.json' },
    files: ['dist', 'types'],
    keywords: ['svcpay', 'payments', 'checkout', 'card-fields', 'webhooks'],
    publishConfig: { access: 'public' },
  };
}

const readme = (version) => `# @svcpay/js

The two parts of [svcpay](https://www.npmjs.com/package/svcpay) a frontend project needs, with no
dependencies and no install scripts: the browser loader and the webhook helper. Version ${version},
built from the same commit as \`svcpay\` ${version}.

\`\`\`sh
npm install @svcpay/js
\`\`\`

\`\`\`ts
// In the browser: adds the svcpay.js script tag once and resolves SvcPay(publishableKey, options).
import { loadSvcPay } from '@svcpay/js';

const svcpay = await loadSvcPay('vp_pk_test_…', { scriptUrl: 'https://pay.example.com/js/v1/svcpay.js' });
svcpay.elements({ sessionId }).create('card').mount('#card');
\`\`\`

\`\`\`ts
// In your webhook receiver (Node): the event when the x-svc-signature header is good; throws otherwise.
// rawBody is the body exactly as received (text, or express.raw()'s Buffer), never parsed JSON.
import { SIGNATURE_HEADER, verifyWebhook } from '@svcpay/js/webhooks';

const event = verifyWebhook({ rawBody, signature: req.headers[SIGNATURE_HEADER], secret: webhookSecret });
\`\`\`

Both are ESM and typed. They are the same modules as \`svcpay\` and \`svcpay/webhooks\`: the
[svcpay](https://www.npmjs.com/package/svcpay) package is the full kit (reference server, sandbox
processor, CLI, the typed server client \`svcpay/server\` and the Playwright helpers
\`svcpay/testing\`), for the server and the tests; its README documents every option.

MIT licence.
`;

export function assemble() {
  const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  rmSync(jsPackageDir, { recursive: true, force: true });
  const problems = [];
  for (const e of entries) {
    copyClosure(join(root, e.js), join(jsPackageDir, e.to.js), 'js', problems);
    copyClosure(join(root, e.types), join(jsPackageDir, e.to.types), 'types', problems);
  }
  if (!existsSync(join(root, 'LICENSE'))) problems.push('LICENSE is missing at the repository root');
  if (rootPkg.license !== 'MIT') problems.push(`the root package.json says ${rootPkg.license}; ${JS_PACKAGE_NAME} says MIT`);
  if (!problems.length) problems.push(...importProblems(jsPackageDir));
  if (problems.length) {
    rmSync(jsPackageDir, { recursive: true, force: true });
    throw new Error(`${JS_PACKAGE_NAME} not assembled:\n${problems.join('\n')}`);
  }
  writeFileSync(join(jsPackageDir, 'package.json'), `${JSON.stringify(packageJson(rootPkg.version), null, 2)}\n`);
  writeFileSync(join(jsPackageDir, 'README.md'), readme(rootPkg.version));
  copyFileSync(join(root, 'LICENSE'), join(jsPackageDir, 'LICENSE'));
  const files = [];
  const walk = (d) => readdirSync(d, { withFileTypes: true }).forEach((f) => (f.isDirectory() ? walk(join(d, f.name)) : files.push(join(d, f.name))));
  walk(jsPackageDir);
  return { dir: jsPackageDir, version: rootPkg.version, files: files.length, bytes: files.reduce((n, f) => n + statSync(f).size, 0) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    const { dir, version, files, bytes } = assemble();
    console.log(`js-package: ${JS_PACKAGE_NAME}@${version} in ${relative(root, dir)} (${files} files, ${(bytes / 1024).toFixed(1)} KB)`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
