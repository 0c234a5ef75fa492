/**
 * The words of the demo shop's elements page in each language it offers (issue 36: in Arabic the
 * page around the frames was English and left to right). The field and address names are svcpay's
 * own (src/locales), so the page's labels read as the frames do; the rest is the shop's own copy.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ELEMENTS_LOCALES = ['en', 'fr', 'de', 'ar', 'ja'] as const;
export type ElementsLocale = (typeof ELEMENTS_LOCALES)[number];

type ShopWords = Record<'title' | 'theme' | 'language' | 'wallet' | 'card' | 'splitCard' | 'events' | 'noWallet', string>;

const SHOP: Record<ElementsLocale, ShopWords> = {
  en: { title: 'Every svcpay element', theme: 'Theme', language: 'Language', wallet: 'Wallet', card: 'Card', splitCard: 'Split card', events: 'Element events', noWallet: 'No wallet (Apple Pay or Google Pay) is offered by this browser.' },
  fr: { title: 'Tous les éléments svcpay', theme: 'Thème', language: 'Langue', wallet: 'Portefeuille', card: 'Carte', splitCard: 'Carte en champs séparés', events: 'Événements des éléments', noWallet: 'Ce navigateur ne propose aucun portefeuille (Apple Pay ou Google Pay).' },
  de: { title: 'Alle svcpay-Elemente', theme: 'Design', language: 'Sprache', wallet: 'Wallet', card: 'Karte', splitCard: 'Karte in getrennten Feldern', events: 'Ereignisse der Elemente', noWallet: 'Dieser Browser bietet kein Wallet (Apple Pay oder Google Pay) an.' },
  ar: { title: 'كل عناصر svcpay', theme: 'المظهر', language: 'اللغة', wallet: 'المحفظة', card: 'البطاقة', splitCard: 'البطاقة في حقول منفصلة', events: 'أحداث العناصر', noWallet: 'لا يعرض هذا المتصفح أي محفظة (Apple Pay أو Google Pay).' },
  ja: { title: 'svcpay のすべてのエレメント', theme: 'テーマ', language: '言語', wallet: 'ウォレット', card: 'カード', splitCard: '分割カード', events: 'エレメントのイベント', noWallet: 'このブラウザではウォレット（Apple Pay または Google Pay）を利用できません。' },
};

const FIELD_KEYS = { cardNumber: 'card.number.label', cardExpiry: 'card.expiry.label', cardCvc: 'card.cvc.label', billing: 'address.group.billing', shipping: 'address.group.shipping' } as const;

export type ElementsWords = ShopWords & Record<keyof typeof FIELD_KEYS, string> & { dir: 'ltr' | 'rtl' };

const localesDir = join(import.meta.dirname, '..', '..', 'src', 'locales');

/** Read once per language, at first use; the language is one of ELEMENTS_LOCALES, never a path from a request. */
const cache = new Map<ElementsLocale, ElementsWords>();

export function elementsWords(locale: ElementsLocale): ElementsWords {
  const known = cache.get(locale);
  if (known) return known;
  const catalogue = JSON.parse(readFileSync(join(localesDir, `${locale}.json`), 'utf8')) as Record<string, string>;
  const fields = Object.fromEntries(Object.entries(FIELD_KEYS).map(([name, key]) => [name, catalogue[key] ?? key])) as Record<keyof typeof FIELD_KEYS, string>;
  const words = { ...SHOP[locale], ...fields, dir: locale === 'ar' ? 'rtl' : 'ltr' } as const;
  cache.set(locale, words);
  return words;
}
