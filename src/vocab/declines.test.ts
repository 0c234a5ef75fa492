import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { declineMessage, loadLocale, supportedLocales, t, type MessageKey } from '../locales/index.ts';
import { englishDeclineWording } from './decline-wording.ts';
import { declineCodes, declines } from './declines.ts';

const catalogue = (lang: string): Record<string, string> => JSON.parse(readFileSync(new URL(`../locales/${lang}.json`, import.meta.url), 'utf8'));

describe('decline catalogue', () => {
  beforeAll(() => Promise.all(supportedLocales.map((lang) => loadLocale(lang))));

  it('lists every code of the catalogue once', () => {
    expect(Object.keys(declines).sort()).toEqual([...declineCodes].sort());
  });

  it('has wording for every decline code in every locale', () => {
    for (const lang of supportedLocales) {
      const messages = catalogue(lang);
      for (const code of declineCodes) expect(messages[declines[code].key], `${lang} ${code}`).toEqual(expect.any(String));
    }
  });

  it('leaves no decline wording in a locale that no code uses', () => {
    const used = new Set<string>([...declineCodes.map((code) => declines[code].key), 'decline.default']);
    for (const lang of supportedLocales) expect(Object.keys(catalogue(lang)).filter((k) => k.startsWith('decline.') && !used.has(k))).toEqual([]);
  });

  it('shows a browser the wording the catalogue names, in every locale', () => {
    for (const lang of supportedLocales) {
      for (const code of declineCodes) expect(declineMessage(lang, code), `${lang} ${code}`).toBe(t(lang, declines[code].key as MessageKey));
    }
  });

  it('gives the server, for every decline key, the wording an English browser shows', () => {
    const browser = Object.entries(catalogue('en')).filter(([key]) => key.startsWith('decline.'));
    expect(Object.fromEntries(browser)).toEqual(englishDeclineWording);
  });

  // Doc 2, Payment intent: the `action` mapping table.
  it.each([
    ['soft', ['insufficient_funds', 'issuer_unavailable', 'processing_error', 'card_velocity_exceeded']],
    ['hard', ['stolen_card', 'lost_card', 'fraudulent', 'do_not_honor', 'blocked_by_rule']],
    ['fix_and_retry', ['expired_card', 'incorrect_cvc', 'incorrect_zip']],
    ['generic', ['card_declined', 'generic_decline']],
  ])('maps %s as Doc 2 does', (action, codes) => {
    expect(declineCodes.filter((code) => declines[code].action === action).sort()).toEqual([...codes].sort());
  });

  // Doc 2 (blocked_by_rule) and the card-testing rule: lost, stolen, fraudulent and a wrong
  // security code reach the browser as a plain card_declined, as the large providers do.
  const HIDDEN = ['blocked_by_rule', 'lost_card', 'stolen_card', 'fraudulent', 'incorrect_cvc'];
  it('tells a browser lost, stolen, fraudulent, a wrong security code and a merchant rule only as card_declined, and every other code as itself', () => {
    for (const code of declineCodes) expect(declines[code].browser, code).toBe(HIDDEN.includes(code) ? 'card_declined' : code);
  });

  it('never tells a buyer a card is lost, stolen or flagged, or that its security code was wrong', () => {
    for (const code of HIDDEN as (typeof declineCodes)[number][]) expect(declines[code].key).toBe('decline.default');
  });
});
