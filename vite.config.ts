/**
 * One build, three outputs (npm run build runs all three):
 * - default mode: the pages the service serves (hosted page, controller and field frames, the
 *   sandbox processor's fields page) into dist/app, sharing one hashed /assets folder;
 * - `--mode embed`: the script-tag bundle, one IIFE file at dist/embed/svcpay.js;
 * - `--mode npm`: the npm loader module (`loadSvcPay`) at dist/npm/index.js.
 */
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { resolve } from 'node:path';

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

export default defineConfig(({ mode }) => {
  if (mode === 'embed') {
    return {
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
        lib: { entry: resolve(root, 'embed/loader/index.ts'), formats: ['es'], fileName: () => 'index.js' },
      },
    };
  }
  return {
    plugins: [preact()],
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
          field: resolve(root, 'src/frames/field.html'),
          sandboxFields: resolve(root, 'sandbox-processor/fields-page/index.html'),
        },
        output: {
          codeSplitting: { groups: [{ name: 'core', test: (id: string) => frameCore.some((re) => re.test(id)) }] },
        },
      },
    },
  };
});
