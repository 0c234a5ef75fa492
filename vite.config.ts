/**
 * One build, three outputs (npm run build runs all three):
 * - default mode: the pages the service serves (hosted page, controller and field frames, the
 *   sandbox processor's fields page) into dist/app, sharing one hashed /assets folder, and the API
 *   reference's renderer into dist/app/docs (scripts/docs-renderer.ts);
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
import { galleryBuild } from './demo/gallery/build.ts';
import { docsRenderer } from './scripts/docs-renderer.ts';
import { noZodInEntry } from './scripts/vite-no-zod.ts';
import { inlineFramePages } from './scripts/vite-frame-pages.ts';

const root = import.meta.dirname;

/**
 * The modules the hosted page, the embedded checkout frame and the sandbox fields page share: the
 * zod-free protocol, the shared locale catalogue and the browser API client. One chunk: every extra
 * chunk costs 0.2-0.35 KB. The frames no longer load it (inlineFramePages). No zod schema module
 * (messages.ts and its parts, params.ts): the hosted page reads through hand-rolled twins (issue 22:
 * zod was ~7.5 KB gzipped of it), so zod is its own chunk, for the pages still reading with it; the
 * build fails if the hosted page's scripts hold zod again (scripts/vite-no-zod.ts).
 */
const zodSchemaModules = /src[\\/]protocol[\\/](params|messages|page-messages|field-messages|payloads|message-parts|primitives)\.ts$/;
const frameCore = [/src[\\/]protocol[\\/]/, /src[\\/]locales[\\/](index\.ts|en\.json)$/, /src[\\/]client[\\/](http|charge|client-error|parsers)\.ts$/];
const inFrameCore = (id: string) => !zodSchemaModules.test(id) && frameCore.some((re) => re.test(id));

/** Formats that are compressed already, and files too small to gain from it (under one packet either way). */
const INCOMPRESSIBLE = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.woff', '.woff2', '.br', '.gz', '.zip']);
const MIN_COMPRESS_BYTES = 512;

/**
 * Writes `x.br` (brotli, quality 11) and `x.gz` (gzip, level 9) beside every file of the output
 * directory, for the server to hold in memory and send by Accept-Encoding (src/platform/static.ts).
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
 * The parts of the script-tag bundle loaded on demand (embed/lazy.ts): each its own IIFE at
 * dist/embed/svcpay-<name>.js, served beside svcpay.js. An IIFE build cannot split, so each is a
 * build of its own, self-contained (its own copy of the channel and checks: it is fetched only by
 * the pages that need it), emitted into the svcpay.js build's output so `precompress` covers it.
 */
const embedParts = ['checkout', 'challenge', 'confirm'] as const;

function lazyEmbedParts(): Plugin {
  return {
    name: 'svcpay-embed-parts',
    apply: 'build',
    async generateBundle() {
      for (const name of embedParts) {
        const out = await viteBuild({
          configFile: false,
          root,
          logLevel: 'warn',
          build: {
            write: false,
            target: 'es2020',
            lib: { entry: resolve(root, `embed/parts/${name}.ts`), formats: ['iife'], name: 'SvcPayPart', fileName: () => `svcpay-${name}.js` },
          },
        });
        const chunks = (Array.isArray(out) ? out : [out as Rolldown.RolldownOutput]).flatMap((o) => o.output).filter((f): f is Rolldown.OutputChunk => f.type === 'chunk');
        if (chunks.length !== 1) throw new Error(`embed part ${name}: expected one script, got ${chunks.length}`);
        this.emitFile({ type: 'asset', fileName: `svcpay-${name}.js`, source: chunks[0]!.code });
      }
    },
  };
}

export default defineConfig(({ mode }) => {
  if (mode === 'embed') {
    return {
      plugins: [lazyEmbedParts(), precompress()],
      build: {
        outDir: 'dist/embed',
        emptyOutDir: true,
        target: 'es2020',
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
            server: resolve(root, 'embed/server/index.ts'),
          },
          formats: ['es'],
          fileName: (_format, name) => `${name}.js`,
        },
        // `svcpay/webhooks`, `svcpay/testing` and `svcpay/server` run in Node: node's modules stay
        // imports, and so do Playwright (a peer dependency of `svcpay/testing`) and openapi-fetch
        // (a dependency: `svcpay/server`'s types are its client's).
        rollupOptions: { external: [/^node:/, /^@playwright\//, /^openapi-fetch$/] },
      },
    };
  }
  return {
    // The designers' gallery (demo/gallery) is built after, on its own, into dist/gallery.
    plugins: [preact(), localeCatalogues(), inlineFramePages(root, () => catalogueFiles().hash), noZodInEntry('hosted'), docsRenderer(), precompress(), galleryBuild(root, () => [preact(), localeCatalogues()])],
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
          // The element frames (field, address, wallet) and the controller are built by
          // inlineFramePages; these two are ordinary pages.
          checkout: resolve(root, 'src/frames/checkout.html'),
          challengeReturn: resolve(root, 'src/frames/challenge-return.html'),
          sandboxFields: resolve(root, 'sandbox-processor/fields-page/index.html'),
        },
        output: {
          codeSplitting: { groups: [{ name: 'core', test: inFrameCore }] },
        },
      },
    },
  };
});
