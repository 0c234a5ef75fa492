/**
 * Buyer-facing wording, kept out of call sites (STYLE.md habit 3). English is the source
 * catalogue: its keys type every lookup, and any other locale falls back to it key by key.
 *
 * Two catalogues, split by surface so a page downloads only the wording it can show: this one
 * (every page: what the card fields and the controller frame say) and `./checkout.ts` (the hosted
 * page's own wording). English is bundled; every other language is its own file, loaded by
 * `loadLocale` before a page first renders, so a buyer downloads only theirs and `t()` stays
 * synchronous.
 */
import en from './en.json';

export type MessageKey = keyof typeof en;
export type Vars = Record<string, string | number>;

export const supportedLocales = ['en', 'fr'] as const;
export type SupportedLocale = (typeof supportedLocales)[number];

type Messages = Partial<Record<string, string>>;
/** Where a catalogue's other languages come from, one file each. */
export type Loaders = Record<Exclude<SupportedLocale, 'en'>, () => Promise<Messages>>;

/** Non-English messages loaded so far, every catalogue together (their keys never overlap). */
const loaded: Partial<Record<SupportedLocale, Messages>> = {};
const loading = new Map<() => Promise<unknown>, Promise<void>>();

/** Maps any BCP 47 tag ("fr-CA", "FR", undefined) to a supported catalogue, English by default. */
export function resolveLocale(locale: string | null | undefined): SupportedLocale {
  const base = (locale ?? '').toLowerCase().split(/[-_]/)[0];
  return (supportedLocales as readonly string[]).includes(base ?? '') ? (base as SupportedLocale) : 'en';
}

/**
 * Loads `locale`'s part of one catalogue. It never rejects: a language that fails to load shows
 * English (a buyer can still pay), and the next call tries again.
 */
export function loadCatalogue(locale: string | null | undefined, loaders: Loaders): Promise<void> {
  const lang = resolveLocale(locale);
  if (lang === 'en') return Promise.resolve();
  const loader = loaders[lang];
  let done = loading.get(loader);
  if (!done) {
    done = loader().then(
      (messages) => void Object.assign((loaded[lang] ??= {}), messages),
      () => void loading.delete(loader),
    );
    loading.set(loader, done);
  }
  return done;
}

/**
 * Fetches a catalogue that vite emits as a hashed JSON file next to the bundle (/assets/, on the
 * page's own origin: connect-src 'self' allows it). Not `import()`: vite wraps every dynamic
 * import in its module-preload helper, ~0.75 KB gzipped on every frame for files that have no
 * dependencies to preload.
 */
export const fetchCatalogue = (url: URL): Promise<Messages> =>
  fetch(url).then((res) => (res.ok ? (res.json() as Promise<Messages>) : Promise.reject(new Error(`HTTP ${res.status}`))));

const catalogue: Loaders = { fr: () => fetchCatalogue(new URL('./fr.json', import.meta.url)) };

/** Makes `t(locale, …)` answer in `locale`; entries await it before their first render. */
export const loadLocale = (locale: string | null | undefined): Promise<void> => loadCatalogue(locale, catalogue);

/** `key` in `locale` when loaded, else `english`, with `{name}` placeholders filled from `vars`. */
export function translate(locale: string | null | undefined, key: string, english: string, vars?: Vars): string {
  const text = loaded[resolveLocale(locale)]?.[key] ?? english;
  if (!vars) return text;
  // Unknown placeholders stay as typed.
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** Looks up `key` and fills `{name}` placeholders from `vars`; unknown placeholders stay as typed. */
export function t(locale: string | null | undefined, key: MessageKey, vars?: Vars): string {
  return translate(locale, key, en[key], vars);
}

/** True when `key` is a catalogue key, for codes that arrive from the wire (decline codes). */
export function hasMessage(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/**
 * Buyer-safe wording for a processor decline code: the key src/vocab/declines.ts gives it, found
 * as `decline.<code>` or else `decline.default` so frames need not download that table
 * (vocab/declines.test.ts proves the two agree for every code).
 */
export function declineMessage(locale: string | null | undefined, declineCode: string | null | undefined): string {
  const key = `decline.${declineCode ?? ''}`;
  return t(locale, hasMessage(key) ? key : 'decline.default');
}
