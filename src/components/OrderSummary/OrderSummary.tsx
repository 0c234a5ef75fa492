/** What the buyer is paying for: merchant, description, line items and the total. */
import type { JSX } from 'preact';
import { t } from '../../locales/checkout.ts';
import { formatMoneyParts } from '../../locales/money.ts';
import { isolatedMoney } from '../money.tsx';
import './order-summary.css';

export interface LineItem {
  name: string;
  quantity: number;
  /** Minor units. */
  unitAmount: number;
}

export interface OrderSummaryProps {
  merchantName: string;
  description?: string | null;
  lineItems: readonly LineItem[];
  /** Minor units; the session amount is authoritative, not the sum of the lines. */
  amount: number;
  currency: string;
  locale?: string;
  /** Sandbox sessions carry a badge so nobody mistakes them for a real charge. */
  livemode?: boolean;
}

export function OrderSummary({ merchantName, description, lineItems, amount, currency, locale, livemode = true }: OrderSummaryProps): JSX.Element {
  const money = (minor: number) => isolatedMoney(formatMoneyParts(minor, currency, locale));
  return (
    <section class="svp-summary" aria-labelledby="svp-summary-merchant">
      <header class="svp-summary__header">
        <h1 class="svp-summary__merchant" id="svp-summary-merchant">
          {merchantName}
        </h1>
        {!livemode && <span class="svp-summary__badge">{t(locale, 'checkout.sandbox_badge')}</span>}
      </header>
      {description && <p class="svp-summary__description">{description}</p>}
      {lineItems.length > 0 && (
        <ul class="svp-summary__items" aria-label={t(locale, 'checkout.items')}>
          {lineItems.map((item, i) => (
            <li class="svp-summary__item" key={i}>
              <span class="svp-summary__name">
                {item.name}
                {item.quantity !== 1 && <span class="svp-summary__qty"> {t(locale, 'checkout.quantity', { quantity: item.quantity })}</span>}
              </span>
              <span class="svp-summary__price">{money(item.unitAmount * item.quantity)}</span>
            </li>
          ))}
        </ul>
      )}
      <p class="svp-summary__total">
        <span>{t(locale, 'checkout.total')}</span>
        <strong class="svp-summary__total-amount">{money(amount)}</strong>
      </p>
    </section>
  );
}
