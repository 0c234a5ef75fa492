/**
 * The submit button of the hosted page. Its accessible name stays `Pay <amount>` while paying
 * (tests and screen-reader users find it by that name); `aria-busy` and a spinner say it works.
 * A setup session's button is `Save card`: nothing is charged (issue 35).
 */
import type { JSX } from 'preact';
import { t } from '../../locales/checkout.ts';
import { isolatedMoney } from '../money.tsx';
import './pay-button.css';

export interface PayButtonProps {
  /** Already formatted, e.g. `$10.00`, or formatMoneyParts' parts (the currency then isolated, issue 36). */
  amount: string | readonly Intl.NumberFormatPart[];
  locale?: string;
  busy?: boolean;
  disabled?: boolean;
  /** A setup session: the card is saved, not charged, and the button says so. */
  saveCard?: boolean;
  /** Without onClick it is a plain submit button for its form (Enter submits). */
  onClick?(): void;
  /**
   * `continue`: the hosted page asks for the buyer details before the card fields (issue 35), and
   * the button saves them (`Continue to payment`) instead of paying.
   */
  step?: 'pay' | 'continue';
}

export function PayButton({ amount, locale, busy = false, disabled = false, saveCard = false, onClick, step = 'pay' }: PayButtonProps): JSX.Element {
  const money = typeof amount === 'string' ? amount : amount.map((p) => p.value).join('');
  const text = step === 'continue' ? t(locale, 'checkout.continue') : saveCard ? t(locale, 'checkout.save_card') : t(locale, 'checkout.pay', { amount: money });
  const at = typeof amount === 'string' ? -1 : text.indexOf(money);
  const label = at < 0 || typeof amount === 'string' ? text : [text.slice(0, at), ...isolatedMoney(amount), text.slice(at + money.length)];
  return (
    <button class="svp-pay" type="submit" disabled={disabled || busy} aria-busy={busy ? 'true' : 'false'} onClick={onClick}>
      {busy && <span class="svp-pay__spinner" aria-hidden="true" />}
      <span class="svp-pay__label">{label}</span>
    </button>
  );
}
