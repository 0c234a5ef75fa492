/**
 * The hosted checkout page's wording (checkout.*, and the status panels' titles and bodies), on
 * top of the shared catalogue in `./index.ts`. Kept apart so the frames, which never show it, do
 * not download it; only the hosted page and its components import this module.
 */
import en from './checkout.en.json';
import {
  loadCatalogue,
  loadLocale,
  t as shared,
  translate,
  type MessageKey as SharedKey,
  type Vars,
} from './index.ts';

export type CheckoutKey = keyof typeof en;
export type MessageKey = SharedKey | CheckoutKey;

/** Both catalogues in `locale`; the hosted page awaits it before it shows text in that locale. */
export async function loadCheckoutLocale(locale: string | null | undefined): Promise<void> {
  await Promise.all([loadLocale(locale), loadCatalogue(locale, 'checkout.')]);
}

export function isCheckoutKey(key: string): key is CheckoutKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** `t` of `./index.ts`, for the keys of both catalogues. */
export function t(locale: string | null | undefined, key: MessageKey, vars?: Vars): string {
  return isCheckoutKey(key) ? translate(locale, key, en[key], vars) : shared(locale, key, vars);
}
