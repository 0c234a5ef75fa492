/**
 * Vitest setup: every language loaded up front, as the page entries do before their first
 * render, so component tests can render in any locale synchronously.
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCheckoutLocale } from './checkout.ts';
import { supportedLocales } from './index.ts';

// In a browser a catalogue's URL is a same-origin /assets/ file. Under vitest it names the source
// file (a file: URL, or under happy-dom a dev-server path), which Node's fetch does not serve.
const here = dirname(fileURLToPath(import.meta.url));
const networkFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const href = typeof input === 'string' ? input : 'href' in input ? input.href : input.url;
  const path = new URL(href, 'file:///').pathname;
  if (!/\/src\/locales\/[\w.-]+\.json$/.test(path)) return networkFetch(input, init);
  return new Response(await readFile(join(here, basename(path))), { headers: { 'Content-Type': 'application/json' } });
};

await Promise.all(supportedLocales.map((locale) => loadCheckoutLocale(locale)));
