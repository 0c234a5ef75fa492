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

/** Doc 3 leaves the set open; issue 36 asks for what Stripe Elements offers (about 48). Region
 * variants only where the wording differs (pt-BR, fr-CA, es-419, zh-TW and zh-HK in Traditional
 * script); every other tag resolves to its base language. */
export const supportedLocales = [
  'en', 'fr', 'fr-CA', 'de', 'es', 'es-419', 'it', 'nl', 'pt', 'pt-BR', 'sv', 'da', 'nb', 'fi', 'is',
  'pl', 'cs', 'sk', 'sl', 'hr', 'hu', 'ro', 'bg', 'el', 'et', 'lv', 'lt', 'mt', 'ca', 'tr', 'ru', 'uk',
  'ar', 'he', 'fa', 'ur', 'hi', 'bn', 'th', 'vi', 'id', 'ms', 'fil', 'sw', 'ja', 'zh', 'zh-TW', 'zh-HK', 'ko',
] as const;
export type SupportedLocale = (typeof supportedLocales)[number];

type Messages = Partial<Record<string, string>>;

/** Non-English messages loaded so far, every catalogue together (their keys never overlap). */
const loaded: Partial<Record<SupportedLocale, Messages>> = {};
const loading = new Map<string, Promise<void>>();

const byLowerCase = new Map<string, SupportedLocale>(supportedLocales.map((l) => [l.toLowerCase(), l]));
/** Older or macro-language codes browsers still send: Norwegian and Nynorsk read Bokmål, iw is
 * Hebrew, in Indonesian, tl Tagalog (Filipino). */
const aliases: Partial<Record<string, string>> = { no: 'nb', nn: 'nb', iw: 'he', in: 'id', tl: 'fil' };

/**
 * The catalogue for a BCP 47 tag: its language and region when there is one (pt-BR), else its
 * language. Spanish of any region but Spain's and Equatorial Guinea's is Latin American (es-MX,
 * es-US: es-419). Chinese goes by script first: Hant is Traditional (Hong Kong's for HK and MO,
 * else Taiwan's), Hans Simplified whatever the region; zh-MO reads Hong Kong's too.
 */
function match(locale: string | null | undefined): SupportedLocale | undefined {
  const parts = (locale ?? '').toLowerCase().split(/[-_]/);
  const lang = aliases[parts[0]!] ?? parts[0]!;
  const script = parts[1]?.length === 4 ? parts[1] : '';
  let region = parts[script ? 2 : 1] ?? '';
  if (lang === 'es' && region && !/^(es|gq)$/.test(region)) region = '419';
  if (lang === 'zh') region = script === 'hans' ? '' : /^(hk|mo)$/.test(region) ? 'hk' : script ? 'tw' : region;
  return byLowerCase.get(`${lang}-${region}`) ?? byLowerCase.get(lang);
}

/**
 * Maps any BCP 47 tag ("fr-CA", "FR", "pt_br", undefined) to a supported catalogue: the exact
 * language and region when there is one (pt-BR), else the base language (de-AT is de, zh-CN is
 * zh), English by default.
 */
export const resolveLocale = (locale: string | null | undefined): SupportedLocale => match(locale) ?? 'en';

/** The browser's languages, most wanted first. */
export const browserLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : navigator.languages ?? []);

/**
 * The tag to show a buyer: the first of `wanted` that has a catalogue, where `'auto'` stands for
 * the browser's languages in order. The full tag is kept (de-AT, not de) so Intl formats amounts
 * and dates the way that region writes them (Intl callers take any tag: see money.ts); English
 * when nothing fits. An element group asks for `[locale]` (no locale is English: the merchant
 * page's language is unknown), the hosted page for `[session locale, 'auto']`.
 */
export function negotiateLocale(wanted: readonly (string | null | undefined)[], browser: readonly string[] = browserLanguages()): string {
  for (const tag of wanted.flatMap((w): readonly (string | null | undefined)[] => (w === 'auto' ? browser : [w]))) {
    if (match(tag)) return tag!.replace(/_/g, '-');
  }
  return 'en';
}

/** Arabic, Hebrew, Persian and Urdu read right to left; the page mirrors (CSS logical properties). */
export const localeDir = (locale: string | null | undefined): 'rtl' | 'ltr' => (/^(ar|he|fa|ur)$/.test(resolveLocale(locale)) ? 'rtl' : 'ltr');

/** `lang` and `dir` of a page or frame document, set before its first render. */
export function applyDocumentLocale(doc: Document, locale: string): void {
  doc.documentElement.lang = locale;
  doc.documentElement.dir = localeDir(locale);
}

/** Fetches one language of a catalogue (the file `<catalogue><language>.json` in the app). */
export type Loader = (lang: Exclude<SupportedLocale, 'en'>) => Promise<Messages>;

/**
 * Loads `locale`'s part of one catalogue: `''` (this module's) or `'checkout.'`. It never
 * rejects: a language that fails to load shows English (a buyer can still pay), and the next
 * call tries again.
 */
export function loadCatalogue(
  locale: string | null | undefined,
  catalogue: string,
  load: Loader = (lang) => fetchCatalogue(catalogueUrl(catalogue + lang)),
): Promise<void> {
  const lang = resolveLocale(locale);
  if (lang === 'en') return Promise.resolve();
  const id = catalogue + lang;
  let done = loading.get(id);
  if (!done) {
    done = load(lang).then(
      (messages) => void Object.assign((loaded[lang] ??= {}), messages),
      () => void loading.delete(id),
    );
    loading.set(id, done);
  }
  return done;
}

/**
 * Fetches a catalogue that vite emits as a JSON file next to the bundle (/assets/, same origin as
 * the scripts, which send CORS headers). Not `import()`: vite wraps every dynamic import in its
 * module-preload helper, ~0.75 KB gzipped on every frame for files that have no dependencies to
 * preload.
 */
export const fetchCatalogue = (url: URL): Promise<Messages> =>
  fetch(url).then((res) => (res.ok ? (res.json() as Promise<Messages>) : Promise.reject(new Error(`HTTP ${res.status}`))));

/** Set in a build by vite.config.ts (localeCatalogues): the one content hash of every catalogue file. */
declare const __SVCPAY_CATALOGUES__: string | undefined;

/**
 * Where catalogue file `name` (`de`, `checkout.de`) is. A build emits each as
 * `/assets/<name>-<hash>.json` under one hash of them all, so one template serves every file
 * (a literal hashed URL per file cost every frame ~0.4 KB gzipped); under vitest, the source file.
 */
export function catalogueUrl(name: string): URL {
  // Not inline: vite turns `new URL(`./${x}`, import.meta.url)` into a map of every matching file.
  const here = import.meta.url;
  return typeof __SVCPAY_CATALOGUES__ === 'string'
    ? new URL(`/assets/${name}-${__SVCPAY_CATALOGUES__}.json`, here)
    : new URL(`./${name}.json`, here);
}

/** Makes `t(locale, …)` answer in `locale`; entries await it before their first render. */
export const loadLocale = (locale: string | null | undefined): Promise<void> => loadCatalogue(locale, '');

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
