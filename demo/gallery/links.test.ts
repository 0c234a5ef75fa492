import { describe, expect, it } from 'vitest';
import type { GalleryComponent, GalleryState } from './catalogue.ts';
import { entryUrl, readEntryPath, readView, reviewLinks } from './links.ts';

const state = (name: string, locale: string | null = null, main = false): GalleryState => ({ name, description: name, props: {}, locale, main });
const card: GalleryComponent = { name: 'CardFields', slug: 'card-fields', file: 'CardFields.states.ts', states: [] };
const pay: GalleryComponent = { name: 'PayButton', slug: 'pay-button', file: 'PayButton.states.ts', states: [] };

describe('gallery links', () => {
  it('writes the stable URL of an entry, with a theme only where a theme applies', () => {
    expect(entryUrl(card, state('invalid-number'), { theme: 'night', locale: 'ar' })).toBe('/gallery/card-fields/invalid-number?theme=night&locale=ar');
    expect(entryUrl(pay, state('idle'), { theme: 'night', locale: 'ar' })).toBe('/gallery/pay-button/idle?locale=ar');
  });

  it('lists a main state in each theme in its language, then in German, Arabic and Japanese', () => {
    expect(reviewLinks(card, state('empty', null, true)).map((l) => l.url)).toEqual([
      '/gallery/card-fields/empty?theme=default&locale=en',
      '/gallery/card-fields/empty?theme=night&locale=en',
      '/gallery/card-fields/empty?theme=flat&locale=en',
      '/gallery/card-fields/empty?theme=default&locale=de',
      '/gallery/card-fields/empty?theme=default&locale=ar',
      '/gallery/card-fields/empty?theme=default&locale=ja',
    ]);
    expect(reviewLinks(pay, state('idle', null, true)).map((l) => l.label)).toEqual(['default', 'de', 'ar', 'ja']);
  });

  it('lists any other state once, in the default theme and its own language', () => {
    expect(reviewLinks(card, state('expired')).map((l) => l.url)).toEqual(['/gallery/card-fields/expired?theme=default&locale=en']);
    expect(reviewLinks(card, state('japanese', 'ja', true)).map((l) => l.url)).toEqual([
      '/gallery/card-fields/japanese?theme=default&locale=ja',
      '/gallery/card-fields/japanese?theme=night&locale=ja',
      '/gallery/card-fields/japanese?theme=flat&locale=ja',
    ]);
  });

  it('reads a view from the query, keeping only themes and locales it knows', () => {
    expect(readView('?theme=night&locale=ar', card, state('empty'))).toEqual({ theme: 'night', locale: 'ar' });
    expect(readView('?theme=url(x)&locale=xx-evil', card, state('french', 'fr'))).toEqual({ theme: 'default', locale: 'fr' });
    expect(readView('?theme=night&locale=pt-BR', pay, state('idle'))).toEqual({ theme: 'default', locale: 'pt-BR' });
    expect(readView('', card, state('empty'))).toEqual({ theme: 'default', locale: 'en' });
  });

  it('reads an entry path, nothing else', () => {
    expect(readEntryPath('/gallery/card-fields/invalid-number')).toEqual({ slug: 'card-fields', state: 'invalid-number' });
    expect(readEntryPath('/gallery/card-fields')).toBeNull();
    expect(readEntryPath('/gallery/Card/x')).toBeNull();
    expect(readEntryPath('/gallery/card-fields/%E0%A4%A')).toBeNull();
  });
});
