/**
 * Builds the designers' gallery (demo/gallery/*.html) into dist/gallery, for the demo shop to
 * serve at /gallery. Its own build, started after the app's: sharing the app build's module graph
 * would split the hosted page's chunks differently, and the gallery must never grow what a buyer
 * downloads. `plugins` are the app's own (preact, the locale catalogues), so the gallery renders
 * the components as the service's pages do.
 */
import { resolve } from 'node:path';
import { build, type Plugin, type PluginOption } from 'vite';

export const galleryPages = ['index', 'entry', 'element-frame', 'page-frame', 'sandbox-fields'] as const;

export function galleryBuild(root: string, plugins: () => PluginOption[]): Plugin {
  return {
    name: 'svcpay-gallery',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: plugins(),
        build: {
          outDir: resolve(root, 'dist/gallery'),
          emptyOutDir: true,
          target: 'es2020',
          // Served under a CSP without 'unsafe-inline' scripts, like every other page.
          modulePreload: { polyfill: false },
          // Locale catalogues stay files, fetched from /assets/ (connect-src 'self').
          assetsInlineLimit: (file: string) => (file.endsWith('.json') ? false : undefined),
          rollupOptions: { input: Object.fromEntries(galleryPages.map((p) => [p, resolve(root, `demo/gallery/${p}.html`)])) },
        },
      });
    },
  };
}
