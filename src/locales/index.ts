/**
 * Buyer-facing wording, kept out of call sites (STYLE.md habit 3). English is the source
 * catalogue: its keys type every lookup, and any other locale falls back to it key by key.
 */
import en from './en.json';
import fr from './fr.json';

export type MessageKey = keyof typeof en;
type Catalogue = Partial<Record<MessageKey, string>>;

const catalogues: Record<string, Catalogue> = { en, fr };

export const supportedLocales = ['en', 'fr'] as const;
export type SupportedLocale = (typeof supportedLocales)[number];

/** Maps any BCP 47 tag ("fr-CA", "FR", undefined) to a supported catalogue, English by default. */
export function resolveLocale(locale: string | null | undefined): SupportedLocale {
  const base = (locale ?? '').toLowerCase().split(/[-_]/)[0];
  return (supportedLocales as readonly string[]).includes(base ?? '') ? (base as SupportedLocale) : 'en';
}

/** Looks up `key` and fills `{name}` placeholders from `vars`; unknown placeholders stay as typed. */
export function t(locale: string | null | undefined, key: MessageKey, vars?: Record<string, string | number>): string {
  const text = catalogues[resolveLocale(locale)]?.[key] ?? en[key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** True when `key` is a catalogue key, for codes that arrive from the wire (decline codes). */
export function hasMessage(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/**
 * Buyer-safe wording for a processor decline code. Codes that would tell a fraudster too much
 * (lost_card, stolen_card, fraudulent, blocked_by_rule) fall back to the generic decline.
 */
export function declineMessage(locale: string | null | undefined, declineCode: string | null | undefined): string {
  const key = `decline.${declineCode ?? ''}`;
  return t(locale, hasMessage(key) ? key : 'decline.default');
}
