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
      rollupOptions: {
        input: {
          hosted: resolve(root, 'hosted-page/index.html'),
          controller: resolve(root, 'src/frames/controller.html'),
          field: resolve(root, 'src/frames/field.html'),
          sandboxFields: resolve(root, 'src/server/processors/sandbox/fields-page/index.html'),
        },
      },
    },
  };
});
