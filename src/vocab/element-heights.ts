/**
 * How tall an element's frame renders, as a function of its width and the appearance: the height
 * the embed script gives the iframe at `mount()`, before the frame reports its own (issue 9, issue
 * 22: a fixed height was right at one width only, and a card in a wide box jumped 76 px).
 *
 * This is the frames' layout rule written as arithmetic, and the stylesheets are written so that it
 * holds in any browser: labels and inputs have set line heights (never the font's own `normal`), so
 * no height depends on the buyer's fonts. The breakpoints here are the stylesheets' media queries
 * (element-heights.test.ts reads card-fields.css and address-fields.css and checks they agree), and
 * e2e/tests/embed/no-layout-shift.spec.ts measures the frames against this at several widths.
 *
 * Not predicted: appearance `rules` that change sizes (an input's padding or font size), labels
 * that wrap (long translations in narrow boxes), and an address whose country or collected parts
 * are not the default (US billing address with a name). Those frames report their size and the
 * page follows, once.
 */
import type { ElementType } from './elements.ts';

/** Frame width (CSS px) from which the card's expiry, CVC and postal code share one row (card-fields.css). */
export const CARD_ONE_ROW = 520;
/** Frame width from which an address puts two inputs on a line (state and ZIP code; address-fields.css). */
export const ADDRESS_PAIRS = 360;

/** The appearance variables that change sizes. */
export interface SizeVariables {
  spacingUnit?: string;
  fontSize?: string;
}

/**
 * A length the appearance check let through, in px: px and rem exactly (the frame's root font size
 * is the browser default, 16 px), em against `em` (what most uses are relative to); `fallback` for
 * none (or a percentage, which no variable that sizes things should be). The first of several.
 */
export function toPx(value: string | undefined, fallback: number, em: number): number {
  const n = parseFloat(value!);
  return n >= 0 && !/%/.test(value!) ? n * (/rem/.test(value!) ? 16 : /em/.test(value!) ? em : 1) : fallback;
}

/**
 * The frame's height (CSS px, rounded up as the frame reports it) at frame width `width`, with the
 * appearance's `variables` (a 4 px spacing unit and 16 px text unless they say otherwise):
 * - an input is at least 44 px, else 2 x 2.5 units of padding, a 1.2 line and its 1 px borders;
 * - a labelled field is its label (one line as tall as the base text), a unit, its input (an empty
 *   error takes no room);
 * - the combined card: number; expiry, CVC and postal code (postal code on a row of its own below
 *   CARD_ONE_ROW, none with `hidePostalCode`); rows 3 units apart;
 * - the address: name, country, line 1, line 2, city, state and ZIP code (two rows below
 *   ADDRESS_PAIRS), 12 px apart;
 * - a split card field is its input (its label is for screen readers only);
 * - a wallet: its 48 px button and the 4 px above its (empty) error line;
 * and 3 px of room for the focus outline all round (field.css).
 */
export function frameHeight(type: ElementType, width: number, variables?: SizeVariables, hidePostalCode?: boolean): number {
  const font = toPx(variables?.fontSize, 16, 16);
  const unit = toPx(variables?.spacingUnit, 4, font);
  const input = Math.max(44, 5 * unit + 1.2 * font + 2);
  const rows = (n: number, gap: number) => n * (font + unit + input) + (n - 1) * gap;
  const content =
    type === 'wallet'
      ? 52
      : type === 'address'
        ? rows(width < ADDRESS_PAIRS ? 7 : 6, 12)
        : type === 'card'
          ? rows(hidePostalCode || width >= CARD_ONE_ROW ? 2 : 3, 3 * unit)
          : input;
  return Math.ceil(content + 6);
}
