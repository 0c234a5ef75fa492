/**
 * The gallery's stable URLs: `/gallery/<component>/<state>?theme=<theme>&locale=<locale>`, e.g.
 * `/gallery/card-fields/invalid-number?theme=night&locale=ar`, and what a designer reviews of each
 * state. `theme` is left out for components that no theme reaches (the hosted page's own).
 */
import { supportedLocales } from '../../src/locales/index.ts';
import { appearanceThemes, type AppearanceTheme } from '../../src/protocol/appearance.ts';
import type { GalleryComponent, GalleryState } from './catalogue.ts';
import { isThemed } from './stages.ts';

/**
 * The languages every state is reviewed in: English, German (the longest labels), Arabic (right
 * to left) and Japanese (another script, other address order). Any supported language works by URL.
 */
export const reviewLocales = ['en', 'de', 'ar', 'ja'] as const;
export const galleryThemes = appearanceThemes;
export const allLocales = supportedLocales;

export interface EntryView {
  theme: AppearanceTheme;
  locale: string;
}

export interface EntryLink extends EntryView {
  /** What the link says in its column: the theme or the locale it shows. */
  label: string;
  kind: 'theme' | 'locale';
  url: string;
}

export function entryUrl(component: GalleryComponent, state: GalleryState, view: EntryView): string {
  const query = new URLSearchParams();
  if (isThemed(component.name)) query.set('theme', view.theme);
  query.set('locale', view.locale);
  return `/gallery/${component.slug}/${encodeURIComponent(state.name)}?${query}`;
}

/** A state's own look: the default theme, in the language its props pin, else English. */
export const baseView = (state: GalleryState): EntryView => ({ theme: 'default', locale: state.locale ?? 'en' });

/**
 * The entries of one state that the index lists. Every state in its own view; a main state also in
 * each theme (themed components) and each review language. The rest are a URL away (each entry
 * page links every theme and language): the index stays a list a designer can walk, and a test
 * can load every entry of it in a minute. A state that pins a language is about that language: it
 * is listed in that one only.
 */
export function reviewLinks(component: GalleryComponent, state: GalleryState): EntryLink[] {
  const base = baseView(state);
  const themes = state.main && isThemed(component.name) ? galleryThemes : (['default'] as const);
  const links: EntryLink[] = themes.map((theme) => ({ ...base, theme, label: theme, kind: 'theme', url: entryUrl(component, state, { ...base, theme }) }));
  if (state.main && state.locale === null) {
    for (const locale of reviewLocales.filter((l) => l !== base.locale)) {
      links.push({ theme: 'default', locale, label: locale, kind: 'locale', url: entryUrl(component, state, { theme: 'default', locale }) });
    }
  }
  return links;
}

/**
 * The view a URL's query asks for: a theme of the list (default otherwise, and always for an
 * unthemed component), a locale with a catalogue (else the state's own, else English). Anything
 * else in the query is ignored: it never reaches a style or a prop.
 */
export function readView(search: string, component: GalleryComponent, state: GalleryState): EntryView {
  const query = new URLSearchParams(search);
  const wantedTheme = query.get('theme');
  const theme = isThemed(component.name) ? (galleryThemes.find((t) => t === wantedTheme) ?? 'default') : 'default';
  const wantedLocale = query.get('locale');
  const locale = allLocales.find((l) => l === wantedLocale) ?? baseView(state).locale;
  return { theme, locale };
}

/** `/gallery/card-fields/invalid-number` -> its two segments; null for any other path. */
export function readEntryPath(pathname: string): { slug: string; state: string } | null {
  const m = /^\/gallery\/([a-z0-9-]+)\/([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  try {
    return { slug: m[1]!, state: decodeURIComponent(m[2]!) };
  } catch {
    return null;
  }
}
