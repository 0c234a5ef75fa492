import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import checkoutEn from './checkout.en.json';
import checkoutFr from './checkout.fr.json';
import en from './en.json';
import fr from './fr.json';
import { loadCheckoutLocale, t as checkoutT } from './checkout.ts';
import { declineMessage, loadLocale, localeDir, negotiateLocale, resolveLocale, supportedLocales, t } from './index.ts';

describe('loadLocale', () => {
  // A fresh copy of the modules: the test setup has already loaded every language in the shared one.
  async function fresh() {
    vi.resetModules();
    return { ...(await import('./index.ts')), checkout: await import('./checkout.ts') };
  }

  it('answers in English until the French catalogue is loaded, then in French', async () => {
    const l = await fresh();
    expect(l.t('fr', 'card.number.label')).toBe('Card number');
    expect(l.declineMessage('fr', 'card_declined')).toBe('Your card was declined. Try another card.');
    await l.loadLocale('fr-BE');
    expect(l.t('fr', 'card.number.label')).toBe('Numéro de carte');
    expect(l.t('en', 'card.number.label')).toBe('Card number');
    // The hosted page's catalogue is loaded apart: still English.
    expect(l.checkout.t('fr', 'checkout.total')).toBe('Total');
    expect(l.checkout.t('fr', 'status.pay_error')).toBe(fr['status.pay_error']);
  });

  it('loads both catalogues for the hosted page', async () => {
    const l = await fresh();
    await l.checkout.loadCheckoutLocale('fr');
    expect(l.checkout.t('fr', 'checkout.pay', { amount: '10,00 €' })).toBe(checkoutFr['checkout.pay'].replace('{amount}', '10,00 €'));
    expect(l.checkout.t('fr', 'card.number.label')).toBe('Numéro de carte');
    expect(l.t('fr', 'card.cvc.label')).toBe('Code de sécurité');
  });

  it('resolves at once for English, without fetching', async () => {
    const l = await fresh();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    try {
      await expect(l.loadLocale('en')).resolves.toBeUndefined();
      await expect(l.loadLocale(undefined)).resolves.toBeUndefined();
      await expect(l.loadLocale('xx')).resolves.toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps English when a language fails to load, and tries again on the next call', async () => {
    const l = await fresh();
    const notFound = vi.fn(async (_url: URL) => new Response('{}', { status: 404 }));
    vi.stubGlobal('fetch', notFound);
    try {
      await expect(l.loadLocale('fr')).resolves.toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(notFound.mock.calls[0]?.[0].pathname).toMatch(/\/fr\.json$/);
    expect(l.t('fr', 'card.number.label')).toBe('Card number');
    await l.loadLocale('fr');
    expect(l.t('fr', 'card.number.label')).toBe('Numéro de carte');
  });

  it('loads each language of a catalogue once', async () => {
    const l = await fresh();
    const loader = vi.fn(async () => ({ 'card.cvc.label': 'CVC (fr)' }));
    await Promise.all([l.loadCatalogue('fr', 'test.', loader), l.loadCatalogue('fr-FR', 'test.', loader)]);
    await l.loadCatalogue('fr', 'test.', loader);
    expect(loader).toHaveBeenCalledOnce();
    expect(l.t('fr', 'card.cvc.label')).toBe('CVC (fr)');
  });
});

describe('t', () => {
  beforeAll(() => loadCheckoutLocale('fr'));

  it('returns English by default', () => {
    expect(t(undefined, 'card.number.label')).toBe('Card number');
    expect(t('en', 'card.cvc.label')).toBe('Security code');
  });

  it('translates to French, including region tags', () => {
    expect(t('fr', 'card.number.label')).toBe('Numéro de carte');
    expect(t('fr-CA', 'card.number.label')).toBe('Numéro de carte');
  });

  it('falls back to English for unsupported locales', () => {
    expect(t('xx', 'card.expiry.label')).toBe('Expiration date');
    expect(resolveLocale('xx')).toBe('en');
  });

  it('fills placeholders', () => {
    expect(checkoutT('en', 'checkout.pay', { amount: '$10.00' })).toBe('Pay $10.00');
    expect(checkoutT('en', 'status.success.redirecting')).toBe('Returning you to {merchant}…');
    expect(t('en', 'card.brand.label', { brand: 'Visa', other: 1 })).toBe('Card brand: Visa');
  });

  it('reads the hosted page keys and the shared ones through the checkout t', () => {
    expect(checkoutT('fr', 'status.not_found.title')).toBe(checkoutFr['status.not_found.title']);
    expect(checkoutT('fr', 'status.not_found.body')).toBe(fr['status.not_found.body']);
  });
});

describe('declineMessage', () => {
  beforeAll(() => loadLocale('fr'));

  it('maps card_declined to the buyer message', () => {
    expect(declineMessage('en', 'card_declined')).toBe('Your card was declined. Try another card.');
  });

  it('hides fraud signals behind the generic decline', () => {
    for (const code of ['stolen_card', 'lost_card', 'fraudulent', 'blocked_by_rule']) {
      expect(declineMessage('en', code)).toBe('Your card was declined. Try another card.');
    }
  });

  it('handles missing and unknown codes', () => {
    expect(declineMessage('fr', null)).toBe('Votre carte a été refusée. Essayez une autre carte.');
    expect(declineMessage('en', 'something_new')).toBe('Your card was declined. Try another card.');
  });
});

describe('catalogues', () => {
  // Every catalogue file beside this test, read from disk: a language file nobody imports is
  // still checked, and a supported language without its file fails.
  const dir = dirname(fileURLToPath(import.meta.url));
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  const read = (file: string): Record<string, unknown> => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  const others = supportedLocales.filter((l) => l !== 'en');

  it('offers at least the 48 languages of Stripe Elements, four of them right to left', () => {
    expect(supportedLocales.length).toBeGreaterThanOrEqual(48);
    expect(supportedLocales).toEqual(expect.arrayContaining(['ar', 'he', 'fa', 'ur', 'ja', 'zh', 'zh-TW', 'zh-HK', 'hi', 'th', 'vi', 'id']));
  });

  it('has a file for every supported language, and none for another', () => {
    const expected = supportedLocales.flatMap((l) => [`${l}.json`, `checkout.${l}.json`]);
    expect(files.sort()).toEqual(expected.sort());
  });

  for (const [name, english] of [['', en], ['checkout.', checkoutEn]] as const) {
    it.each(others)(`${name}%s.json has every English key, no other, with the same placeholders`, (locale) => {
      const messages = read(`${name}${locale}.json`);
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        const translated = messages[key];
        expect(typeof translated === 'string' && translated.trim().length > 0, `${locale} ${key}`).toBe(true);
        expect(placeholders(translated as string), `${locale} ${key}`).toEqual(placeholders(text));
      }
    });
  }

  it.each(others)('loads %s from its own files', async (locale) => {
    await loadCheckoutLocale(locale);
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(t(locale, key)).toBe(read(`${locale}.json`)[key]);
    for (const key of Object.keys(checkoutEn) as (keyof typeof checkoutEn)[]) {
      expect(checkoutT(locale, key)).toBe(read(`checkout.${locale}.json`)[key]);
    }
  });

  it('defines each key in one catalogue only', () => {
    expect(Object.keys(checkoutEn).filter((key) => key in en)).toEqual([]);
  });
});

describe('resolveLocale', () => {
  it('matches a region variant to its language', () => {
    expect(resolveLocale('de-AT')).toBe('de');
    expect(resolveLocale('zh-CN')).toBe('zh');
    expect(resolveLocale('zh-SG')).toBe('zh');
    expect(resolveLocale('ar-EG')).toBe('ar');
    expect(resolveLocale('JA')).toBe('ja');
  });

  it('prefers a region catalogue when there is one', () => {
    expect(resolveLocale('pt-BR')).toBe('pt-BR');
    expect(resolveLocale('pt_br')).toBe('pt-BR');
    expect(resolveLocale('pt-PT')).toBe('pt');
    expect(resolveLocale('pt')).toBe('pt');
    expect(resolveLocale('fr-CA')).toBe('fr-CA');
    expect(resolveLocale('fr-BE')).toBe('fr');
    expect(resolveLocale('es-419')).toBe('es-419');
  });

  it('reads Latin American Spanish for the Americas, Spain’s for Spain', () => {
    for (const tag of ['es-MX', 'es-AR', 'es-CO', 'es-US', 'es_cl', 'es-Latn-PE']) expect(resolveLocale(tag)).toBe('es-419');
    for (const tag of ['es', 'es-ES', 'es-GQ']) expect(resolveLocale(tag)).toBe('es');
  });

  it('reads Chinese by script first, then by region', () => {
    for (const tag of ['zh-TW', 'zh-Hant', 'zh-Hant-TW']) expect(resolveLocale(tag)).toBe('zh-TW');
    for (const tag of ['zh-HK', 'zh-MO', 'zh-Hant-HK', 'zh_Hant_MO']) expect(resolveLocale(tag)).toBe('zh-HK');
    for (const tag of ['zh', 'zh-CN', 'zh-Hans', 'zh-Hans-CN', 'zh-Hans-HK']) expect(resolveLocale(tag)).toBe('zh');
  });

  it('reads Norwegian and old Hebrew codes', () => {
    expect(resolveLocale('no')).toBe('nb');
    expect(resolveLocale('nn-NO')).toBe('nb');
    expect(resolveLocale('iw')).toBe('he');
    expect(resolveLocale('in-ID')).toBe('id');
    expect(resolveLocale('tl')).toBe('fil');
  });

  it('is English for anything else', () => {
    for (const tag of [undefined, null, '', 'auto', 'xx', 'cy-GB', 'en-GB']) expect(resolveLocale(tag)).toBe('en');
  });
});

describe('negotiateLocale', () => {
  it("reads the browser for 'auto', keeping the region for Intl", () => {
    expect(negotiateLocale(['auto'], ['de-AT', 'en'])).toBe('de-AT');
    expect(negotiateLocale(['auto'], ['pt-BR'])).toBe('pt-BR');
    expect(negotiateLocale(['auto'], ['zh-CN'])).toBe('zh-CN');
  });

  it('skips browser languages without a catalogue', () => {
    expect(negotiateLocale(['auto'], ['cy-GB', 'am', 'ja-JP', 'fr'])).toBe('ja-JP');
    expect(negotiateLocale(['auto'], ['cy-GB', 'en-GB', 'fr'])).toBe('en-GB');
    expect(negotiateLocale(['auto'], ['cy-GB'])).toBe('en');
    expect(negotiateLocale(['auto'], [])).toBe('en');
  });

  it('takes an asked language first, and the browser only where asked', () => {
    expect(negotiateLocale(['fr'], ['de'])).toBe('fr');
    expect(negotiateLocale([undefined], ['de'])).toBe('en');
    expect(negotiateLocale(['xx'], ['de'])).toBe('en');
    // The hosted page: the session's locale, then the browser.
    expect(negotiateLocale(['de', 'auto'], ['ja'])).toBe('de');
    expect(negotiateLocale([null, 'auto'], ['ja'])).toBe('ja');
    expect(negotiateLocale(['xx', 'auto'], ['ko-KR'])).toBe('ko-KR');
  });

  it('hands Intl a hyphenated tag', () => {
    expect(negotiateLocale(['pt_BR'])).toBe('pt-BR');
  });

  it('reads navigator.languages by default', () => {
    vi.stubGlobal('navigator', { languages: ['sv-SE', 'en'], language: 'sv-SE' });
    try {
      expect(negotiateLocale(['auto'])).toBe('sv-SE');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('localeDir', () => {
  it('is right to left for Arabic, Hebrew, Persian and Urdu only', () => {
    for (const tag of ['ar', 'ar-SA', 'he', 'iw', 'fa', 'fa-IR', 'ur', 'ur-PK']) expect(localeDir(tag), tag).toBe('rtl');
    const rtl = supportedLocales.filter((l) => localeDir(l) === 'rtl');
    expect(rtl).toEqual(['ar', 'he', 'fa', 'ur']);
    for (const tag of ['en', 'fr', 'ja', 'zh', 'hi', 'bn', 'sw', undefined]) expect(localeDir(tag)).toBe('ltr');
  });
});

describe('English fallback', () => {
  it('shows English for a key a catalogue lacks, never the key', async () => {
    vi.resetModules();
    const l = await import('./index.ts');
    await l.loadCatalogue('de', 'test.', async () => ({ 'card.cvc.label': 'Sicherheitscode' }));
    expect(l.t('de', 'card.cvc.label')).toBe('Sicherheitscode');
    expect(l.t('de', 'card.number.label')).toBe('Card number');
  });
});
