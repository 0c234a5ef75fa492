/**
 * The build of the frame pages (vite.config.ts, default mode): each element frame and the
 * controller, one document with its script and style inline.
 */
import preact from '@preact/preset-vite';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { build as viteBuild, type Plugin, type Rolldown } from 'vite';
import { missingWording, pickWording } from '../src/locales/frame-wording.ts';

/**
 * The frame pages (issue 9, Speed): each one document that carries everything it needs, so a field
 * costs one round trip, as a blank frame does (and the controller, loaded after the fields, one
 * too). Each entry is built on its own (no chunk shared with the other frame or the hosted page, so
 * no module there grows what a card buyer downloads; none carries zod, and the build fails if one
 * does: see src/protocol/page-parsers.ts, frame-parsers.ts and src/client/parsers.ts), and its
 * script and style go inline into its page, emitted at the path the server serves. The pages' CSP allows those by their sha256 hashes,
 * which the server computes from the built file (src/server/routes/pages). Precompressed like every
 * other file by `precompress`.
 */
/**
 * The controller's English wording: it shows a field's own error message; of the validation wording
 * it needs only what it says for a field that never told one (merge.ts, incompleteKey; an
 * address's too), and src/protocol/errors.ts's validation_error. Then decline and challenge
 * wording, and the fault messages of errors.ts. Every element page carries it: the controller runs
 * in a copy of an element page (src/frames/controller/start.ts).
 */
const controllerWording = ['error.incomplete_number', 'error.incomplete_expiry', 'error.incomplete_cvc', 'error.invalid_number', 'address.error.required', 'decline.', 'challenge.', 'status.'];

const framePages: FramePage[] = [
  { page: 'src/frames/field.html', entry: './field/main.tsx', wording: ['card.', 'error.', ...controllerWording] },
  // Element frames other than the card's: each its own document with only its own component, so
  // neither grows what a card buyer downloads.
  { page: 'src/frames/address.html', entry: './address/main.tsx', wording: ['address.', 'card.postal.', 'error.', ...controllerWording] },
  { page: 'src/frames/wallet.html', entry: './wallet/main.tsx', wording: ['wallet.', 'error.', 'decline.', 'status.', ...controllerWording] },
  // The controller's own page, for embed scripts cached before it ran in the element pages.
  { page: 'src/frames/controller.html', entry: './controller/main.ts', wording: controllerWording },
];

interface FramePage {
  page: string;
  entry: string;
  /**
   * The English wording the page carries: the keys of src/locales/en.json under these prefixes,
   * or whole keys (issue 9: the whole catalogue was ~1 KB gzipped of each frame, most of it other
   * frames' words). English stays the per-key fallback of every other language, whose catalogues are
   * still whole files fetched on demand. The build fails when the page's code names a key it does
   * not carry (src/locales/frame-wording.ts), so a missing prefix never ships as an empty label.
   */
  wording: readonly string[];
}

export function inlineFramePages(root: string, catalogueHash: () => string): Plugin {
  return {
    name: 'svcpay-inline-frame-pages',
    apply: 'build',
    async generateBundle() {
      // One hash for every page: it reads all the catalogue files.
      const hash = catalogueHash();
      for (const frame of framePages) this.emitFile({ type: 'asset', fileName: frame.page, source: await inlinePage(root, hash, frame) });
    },
  };
}

const readJson = (file: string): Record<string, string> => JSON.parse(readFileSync(file, 'utf8'));

/** Loads `englishFile` (src/locales/en.json) with only the keys under `prefixes` (FramePage.wording). */
function englishSubset(englishFile: string, prefixes: readonly string[]): Plugin {
  return {
    name: 'svcpay-english-subset',
    enforce: 'pre',
    load: (id) => (id.split('?')[0] === englishFile ? JSON.stringify(pickWording(readJson(englishFile), prefixes)) : null),
  };
}

async function inlinePage(root: string, catalogueHash: string, { page, entry, wording }: FramePage): Promise<string> {
  const template = resolve(root, page);
  const englishFile = resolve(root, 'src/locales/en.json');
  const entryTag = `<script type="module" src="${entry}"></script>`;
  const out = await viteBuild({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [englishSubset(englishFile, wording), preact()],
    // A classic script (below): the URL a module would read as import.meta.url is the page's own.
    define: { __SVCPAY_CATALOGUES__: JSON.stringify(catalogueHash), 'import.meta.url': 'location.href' },
    build: {
      write: false,
      target: 'es2020',
      modulePreload: false,
      cssCodeSplit: false,
      rollupOptions: { input: resolve(dirname(template), entry), output: { format: 'iife', strict: true } },
    },
  });
  const files = (Array.isArray(out) ? out : [out as Rolldown.RolldownOutput]).flatMap((o) => o.output);
  const chunks = files.filter((f): f is Rolldown.OutputChunk => f.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`${page}: expected one script, got ${chunks.map((c) => c.fileName).join(', ')}`);
  // Less vite's chunk marker comment (`/*$vite$:1*/`), which nothing reads in an inline style.
  const css = files
    .filter((f): f is Rolldown.OutputAsset => f.type === 'asset' && f.fileName.endsWith('.css'))
    .map((f) => String(f.source).replace(/\/\*\$vite\$:\d+\*\//g, ''))
    .join('')
    .trim();
  // `</script` cannot occur inside the script element; `<\/script` means the same in JS text.
  const js = chunks[0]!.code.replace(/<\/(script)/gi, '<\\/$1').trim();
  // No zod in a frame (issue 9: zod/mini was ~17 KB minified of a frame): what a frame reads goes
  // through hand-rolled twins (src/protocol/checks.ts; src/client/parsers.ts for the service's answers).
  const zod = Object.keys(chunks[0]!.modules).filter((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id) && chunks[0]!.modules[id]!.renderedLength > 0);
  if (zod.length) throw new Error(`${page}: a frame carries no zod, but its bundle holds ${zod.map((id) => id.replace(/.*[\\/]node_modules[\\/]/, '')).join(', ')}: read through a hand-rolled twin instead (src/client/parsers.ts)`);
  const missing = missingWording(js, readJson(englishFile), wording);
  if (missing) throw new Error(`${page}: its code names "${missing.named}", but its English wording (FramePage.wording) leaves out "${missing.key}"`);
  if (/<!--|<script/i.test(js) || /<\/style/i.test(css)) throw new Error(`${page}: the bundle holds text that cannot go inline in HTML`);
  // The template's indentation between tags renders nothing; only the template's, never the code's.
  const html = readFileSync(template, 'utf8').replace(/>\s+</g, '><').trim();
  if (!html.includes(entryTag)) throw new Error(`${template} lost its entry tag ${entryTag}`);
  const style = css ? `<style>${css}</style>` : '';
  // A classic script, not a module (issue 22, Speed): it runs as the parser reaches it, at the end
  // of the body, in a task of its own. A module script waits for the whole body to arrive and runs
  // inside the parser's last task, with DOMContentLoaded and the browser's form scan after it, and
  // a frame's postMessage leaves only when its task ends: `ready` reached the page ~7 ms later.
  // Strict, in an IIFE, as the module was.
  return html.replace('</head>', `${style}</head>`).replace(entryTag, () => `<script>${js}</script>`);
}
