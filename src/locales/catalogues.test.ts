/**
 * What the key-by-key check of index.test.ts cannot see (issue 36): a catalogue that is English
 * copied under another name, or a region variant that is its base language copied. Either would
 * pass every key and placeholder check and show a buyer wording that is not theirs.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { supportedLocales } from './index.ts';

const dir = dirname(fileURLToPath(import.meta.url));
/** Both catalogues of `locale`, as one map (their keys never overlap). */
const read = (locale: string): Record<string, string> => ({
  ...(JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Record<string, string>),
  ...(JSON.parse(readFileSync(join(dir, `checkout.${locale}.json`), 'utf8')) as Record<string, string>),
});
const same = (a: Record<string, string>, b: Record<string, string>) => Object.keys(a).filter((key) => a[key] === b[key]);

describe('translated catalogues', () => {
  const english = read('en');

  // Card number masks, "CVC", "Sandbox" and loanwords (Filipino keeps "Billing address") may stay
  // English; most of a page may not.
  it.each(supportedLocales.filter((l) => l !== 'en'))('%s says at least four fifths of it in its own words', (locale) => {
    const kept = same(read(locale), english);
    expect(kept.length, `${locale} keeps English: ${kept.join(', ')}`).toBeLessThanOrEqual(Object.keys(english).length / 5);
  });

  const variants = supportedLocales.filter((l) => l.includes('-'));
  it.each(variants)('%s words some of it otherwise than its base language', (locale) => {
    const base = read(locale.split('-')[0]!);
    const differ = Object.keys(base).length - same(read(locale), base).length;
    expect(differ, `${locale} against ${locale.split('-')[0]}`).toBeGreaterThanOrEqual(5);
  });

  it('words Hong Kong’s Traditional Chinese apart from Taiwan’s', () => {
    const tw = read('zh-TW');
    const hk = read('zh-HK');
    expect(Object.keys(tw).length - same(tw, hk).length).toBeGreaterThanOrEqual(10);
  });
});

describe('the designer’s guide', () => {
  // Merchants choose a locale from this list (merchant.md links it): a language added without it
  // is one they cannot find, a language named but gone one their buyers never get.
  const guide = readFileSync(join(dir, '../../docs/designer.md'), 'utf8');
  const section = guide.slice(guide.indexOf('## Languages'), guide.indexOf('\n## ', guide.indexOf('## Languages') + 1));
  const listed = section.slice(section.indexOf('languages:'), section.indexOf('. ', section.indexOf('languages:')));

  it('names every supported language, and their number', () => {
    const tags = [...listed.matchAll(/\b([a-z]{2,3}(?:-(?:[A-Z]{2}|419))?)\b(?=[ ,(]|$)/g)].map((m) => m[1]);
    expect(tags.filter((t) => t !== 'and').sort()).toEqual([...supportedLocales].sort());
    expect(section).toContain(`speak ${supportedLocales.length} languages`);
  });
});
