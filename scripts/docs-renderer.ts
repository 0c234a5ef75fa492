/**
 * Copies the API reference's renderer (Redoc's standalone bundle, src/server/routes/docs) from
 * node_modules into dist/app/docs at build time, with its third-party notices. `redoc` is a
 * devDependency: the package ships this one browser file, not React and Redoc's ~100 modules.
 * Emitted into the app build, so `precompress` writes its .br and .gz siblings like any asset.
 *
 * Three edits, each checked, so an upgrade that moves one fails the build instead of shipping a
 * page that reaches out or breaks its CSP:
 * - the sidebar's "API docs by Redocly" logo is an image on Redocly's CDN (blocked by the page's
 *   img-src and logged as a violation): an empty image instead; the link stays;
 * - the bundle's style elements (styled-components', and perfect-scrollbar's stylesheet, written
 *   as the bundle loads, before any option is read) are stamped with webpack's `__webpack_nonce__`,
 *   which Redoc's build leaves undefined: it is set to the nonce of the script element that loads
 *   the bundle instead, so the page's CSP allows exactly those styles;
 * - the source map comment names a file the package does not carry.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { RENDERER_DIR, RENDERER_FILE, RENDERER_LICENSE } from '../src/server/routes/docs/renderer.ts';

const REMOTE_LOGO = '"https://cdn.redoc.ly/redoc/logo-mini.svg"';
/** An empty image: the logo's slot stays, nothing is fetched (img-src allows data:). */
const NO_LOGO = '"data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="';
const SOURCE_MAP = /\n\/\/# sourceMappingURL=\S+\s*$/;
/** webpack's runtime: `__webpack_require__.nc`, what every style element of the bundle is stamped with. */
const UNSET_NONCE = 'r.nc=void 0;';
const SCRIPT_NONCE = 'r.nc=document.currentScript&&document.currentScript.nonce||void 0;';

const count = (text: string, part: string) => text.split(part).length - 1;

export function rendererSource(bundle: string): string {
  if (!bundle.includes(REMOTE_LOGO)) throw new Error(`${RENDERER_FILE}: the Redocly logo URL moved; check that the bundle loads nothing remote before upgrading`);
  if (count(bundle, UNSET_NONCE) !== 1) throw new Error(`${RENDERER_FILE}: webpack's nonce is no longer set once as \`${UNSET_NONCE}\`; its styles would break the page's CSP`);
  if (!SOURCE_MAP.test(bundle)) throw new Error(`${RENDERER_FILE}: no trailing source map comment where one was expected`);
  const out = bundle.replaceAll(REMOTE_LOGO, NO_LOGO).replace(UNSET_NONCE, SCRIPT_NONCE).replace(SOURCE_MAP, '\n');
  const remote = out.match(/"https?:\/\/[^"]*\.(svg|png|gif|jpe?g|webp|woff2?|css)"/);
  if (remote) throw new Error(`${RENDERER_FILE}: the bundle names a remote file it may load: ${remote[0]}`);
  return out;
}

export function docsRenderer(): Plugin {
  const dir = join(dirname(createRequire(import.meta.url).resolve('redoc/package.json')), 'bundles');
  return {
    name: 'svcpay-docs-renderer',
    apply: 'build',
    generateBundle() {
      const bundle = readFileSync(join(dir, RENDERER_FILE), 'utf8');
      this.emitFile({ type: 'asset', fileName: `${RENDERER_DIR}/${RENDERER_FILE}`, source: rendererSource(bundle) });
      this.emitFile({ type: 'asset', fileName: `${RENDERER_DIR}/${RENDERER_LICENSE}`, source: readFileSync(join(dir, RENDERER_LICENSE), 'utf8') });
    },
  };
}
