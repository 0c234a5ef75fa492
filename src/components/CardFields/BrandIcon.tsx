/**
 * A small inline card-brand mark for the number input: no image request (the frames' CSP and the
 * budget both say inline), drawn from two colours and a short word, not the brands' artwork.
 * Decorative: the brand's name is text beside it for screen readers (CardFields).
 */
import type { JSX } from 'preact';
import type { CardBrand } from '../../protocol/messages.ts';

/** Brand -> [background, word]; white text on each background is above 4.5:1. */
const MARKS: Partial<Record<CardBrand, [string, string]>> = {
  visa: ['#1a1f71', 'VISA'],
  mastercard: ['#1f1f1f', ''],
  amex: ['#006fcf', 'AMEX'],
  discover: ['#231f20', 'DISC'],
  diners: ['#00589f', 'DC'],
  jcb: ['#0b4ea2', 'JCB'],
  unionpay: ['#c4102f', 'UP'],
};

export function BrandIcon({ brand }: { brand: CardBrand }): JSX.Element | null {
  const mark = MARKS[brand];
  if (!mark) return null;
  return (
    <svg class="svp-brand__icon" data-brand={brand} viewBox="0 0 32 20" width="32" height="20" aria-hidden="true" focusable="false">
      <rect width="32" height="20" rx="3" fill={mark[0]} />
      {mark[1] ? (
        <text x="16" y="13.5" fill="#fff" font-size="8" font-weight="700" font-family="Arial,sans-serif" text-anchor="middle">
          {mark[1]}
        </text>
      ) : (
        // Two overlapping circles, Mastercard's shape.
        <>
          <circle cx="12.5" cy="10" r="6" fill="#eb001b" />
          <circle cx="19.5" cy="10" r="6" fill="#f79e1b" fill-opacity=".85" />
        </>
      )}
    </svg>
  );
}
