/**
 * The amount the sandbox bank's check shows, on its own page (server/challenge-page.ts) and inside
 * the fields page (fields-page/challenge-panel.tsx): in English, like a bank that does not know the
 * shop's language; a currency Intl cannot format is shown as its code.
 */
import { formatMoney } from '../src/locales/money.ts';

export function bankAmount(amount: number, currency: string): string {
  try {
    return formatMoney(amount, currency, 'en');
  } catch {
    return `${amount} ${currency}`;
  }
}
