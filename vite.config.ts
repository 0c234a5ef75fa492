/**
 * One build, three outputs (npm run build runs all three):
 * - default mode: the pages the service serves (hosted page, controller and field frames, the
 *   sandbox processor's fields page) into dist/app, sharing one hashed /assets folder;
 * - `--mode embed`: the script-tag bundle, one IIFE file at dist/embed/svcpay.js;
 * - `--mode npm`: the npm loader module (`loadSvcPay`) at dist/npm/index.js, the webhook
 *   receiver helper (`svcpay/webhooks`, Node) at dist/npm/webhooks.js, and the Playwright helpers
 *   for merchants' QA (`svcpay/testing`, Node) at dist/npm/testing.js.
 */
import { build as viteBuild, defineConfig, type Plugin, type Rolldown } from 'vite';
import preact from '@preact/preset-vite';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const root = import.meta.dirname;

/**
 * The modules of the controller frame other than its entry: zod, the protocol, the shared locale
 * catalogue, the frame hash parser, the API calls the controller makes and its own logic. One
 * chunk, because a merchant page always loads the controller and its field frames together, so
 * the frame budget (25 KB gzipped) counts them as one download, and every extra chunk in it costs
 * 0.2-0.35 KB (its imports and exports, and gzip starting afresh). The field frame, the hosted
 * page and the sandbox fields page load this chunk too; the controller's own logic (~1.5 KB
 * gzipped) is what they take along without running it.
 */
const frameCore = [
  /node_modules[\\/]zod[\\/]/,
  /src[\\/]protocol[\\/]/,
  /src[\\/]locales[\\/](index\.ts|en\.json)$/,
  /src[\\/]frames[\\/](params\.ts|controller[\\/](controller|result|merge)\.ts)$/,
  /src[\\/]client[\\/](http|charge|client-error|schemas[\\/](shared|charge))\.ts$/,
];

/** Formats that are compressed already, and files too small to gain from it (under one packet either way). */
const INCOMPRESSIBLE = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.woff', '.woff2', '.br', '.gz', '.zip']);
const MIN_COMPRESS_BYTES = 512;

/**
 * Writes `x.br` (brotli, quality 11) and `x.gz` (gzip, level 9) beside every file of the output
 * directory, for the server to hold in memory and send by Accept-Encoding (src/server/static.ts).
 * A plugin rather than a post-build script: it runs whichever way the build is started (npm run
 * build, scripts/ensure.mjs, a bare `vite build`), so the siblings can never be missing or stale.
 * A sibling is written only when it is smaller than the file. Not used for dist/npm: that is
 * published to npm, never served, and its bundler compresses for itself.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)])));
    return nested.flat();
  };
  return {
    name: 'svcpay-precompress',
    apply: 'build',
    async writeBundle(options) {
      if (!options.dir) return;
      const files = (await walk(options.dir)).filter((f) => !INCOMPRESSIBLE.has(extname(f)));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file);
          if (data.length < MIN_COMPRESS_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gz(data, { level: 9 }),
          ]);
          if (br.length < data.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

/**
 * Emits the locale catalogues other than English (bundled: it is the fallback) as
 * `assets/<name>-<hash>.json`, under one hash of them all that the code reads as
 * `__SVCPAY_CATALOGUES__` (src/locales/index.ts, catalogueUrl). One URL template for forty files:
 * a hashed URL per file in the code cost every frame ~0.4 KB gzipped. Any catalogue edit changes
 * the hash, so the immutable /assets/ cache never serves old wording.
 */
function localeCatalogues(): Plugin {
  const { catalogues, hash } = catalogueFiles();
  return {
    name: 'svcpay-locale-catalogues',
    apply: 'build',
    config: () => ({ define: { __SVCPAY_CATALOGUES__: JSON.stringify(hash) } }),
    generateBundle() {
      for (const { name, source } of catalogues) this.emitFile({ type: 'asset', fileName: `assets/${name}-${hash}.json`, source });
    },
  };
}

function catalogueFiles() {
  const dir = resolve(root, 'src/locales');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'en.json' && f !== 'checkout.en.json');
  const catalogues = files.sort().map((f) => ({ name: f.slice(0, -'.json'.length), source: JSON.stringify(JSON.parse(readFileSync(join(dir, f), 'utf8'))) }));
  const hash = createHash('sha256').update(JSON.stringify(catalogues)).digest('base64url').slice(0, 8);
  return { catalogues, hash };
}

/**
 * The field frame page (issue 9, Speed): one document that carries everything a card needs to
 * render, so a field costs one round trip, as a blank frame does. Its entry is built on its own
 * (no chunk shared with the controller or the hosted page, so no module there grows what a card
 * buyer downloads, and nothing here pulls zod: see src/protocol/field-parsers.ts), and its script
 * and style go inline into `src/frames/field.html`, emitted at the path the server serves. The
 * page's CSP allows those two by their sha256 hashes, which the server computes from this file
 * (src/server/routes/pages). Precompressed like every other file by `precompress`.
 */
function inlineFieldPage(): Plugin {
  const template = resolve(root, 'src/frames/field.html');
  const entryTag = '<script type="module" src="./field/main.tsx"></script>';
  return {
    name: 'svcpay-inline-field-page',
    apply: 'build',
    async generateBundle() {
      const out = await viteBuild({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [preact()],
        define: { __SVCPAY_CATALOGUES__: JSON.stringify(catalogueFiles().hash) },
        build: {
          write: false,
          target: 'es2020',
          modulePreload: false,
          cssCodeSplit: false,
          rollupOptions: { input: resolve(root, 'src/frames/field/main.tsx') },
        },
      });
      const files = (Array.isArray(out) ? out : [out as Rolldown.RolldownOutput]).flatMap((o) => o.output);
      const chunks = files.filter((f): f is Rolldown.OutputChunk => f.type === 'chunk');
      if (chunks.length !== 1) throw new Error(`field page: expected one script, got ${chunks.map((c) => c.fileName).join(', ')}`);
      const css = files.filter((f): f is Rolldown.OutputAsset => f.type === 'asset' && f.fileName.endsWith('.css')).map((f) => String(f.source)).join('');
      // `</script` cannot occur inside the script element; `<\/script` means the same in JS text.
      const js = chunks[0]!.code.replace(/<\/(script)/gi, '<\\/$1').trim();
      if (/<!--|<script/i.test(js) || /<\/style/i.test(css)) throw new Error('field page: the bundle holds text that cannot go inline in HTML');
      const html = readFileSync(template, 'utf8');
      if (!html.includes(entryTag)) throw new Error(`field page: ${template} lost its entry tag ${entryTag}`);
      const page = html.replace('</head>', `<style>${css.trim()}</style>\n  </head>`).replace(entryTag, () => `<script type="module">${js}</script>`);
      this.emitFile({ type: 'asset', fileName: 'src/frames/field.html', source: page });
    },
  };
}

export default defineConfig(({ mode }) => {
  if (mode === 'embed') {
    return {
      plugins: [precompress()],
      build: {
        outDir: 'dist/embed',
        emptyOutDir: true,
        target: 'es2019',
        lib: { entry: resolve(root, 'embed/svcpay.ts'), formats: ['iife'], name: 'SvcPayBundle', fileName: () => 'svcpay.js' },
      },
    };
  }
  if (mode === 'npm') {
    return {
      build: {
        outDir: 'dist/npm',
        emptyOutDir: true,
        target: 'es2019',
        lib: {
          entry: {
            index: resolve(root, 'embed/loader/index.ts'),
            webhooks: resolve(root, 'embed/webhooks/index.ts'),
            testing: resolve(root, 'embed/testing/index.ts'),
          },
          formats: ['es'],
          fileName: (_format, name) => `${name}.js`,
        },
        // `svcpay/webhooks` and `svcpay/testing` run in Node: node's modules stay imports, and so
        // does Playwright (a peer dependency of `svcpay/testing`).
        rollupOptions: { external: [/^node:/, /^@playwright\//] },
      },
    };
  }
  return {
    plugins: [preact(), localeCatalogues(), inlineFieldPage(), precompress()],
    build: {
      outDir: 'dist/app',
      emptyOutDir: true,
      target: 'es2020',
      // No inline polyfill script: every page runs under a CSP without 'unsafe-inline' scripts.
      modulePreload: { polyfill: false },
      // Locale catalogues are fetched (connect-src 'self'), so they must stay files: a data: URL
      // would be refused by that CSP, and would put every language back into the bundle.
      assetsInlineLimit: (file: string) => (file.endsWith('.json') ? false : undefined),
      rollupOptions: {
        input: {
          hosted: resolve(root, 'hosted-page/index.html'),
          controller: resolve(root, 'src/frames/controller.html'),
          sandboxFields: resolve(root, 'sandbox-processor/fields-page/index.html'),
        },
        output: {
          codeSplitting: { groups: [{ name: 'core', test: (id: string) => frameCore.some((re) => re.test(id)) }] },
        },
      },
    },
  };
});
