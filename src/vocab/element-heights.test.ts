import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADDRESS_PAIRS, CARD_ONE_ROW, frameHeight, toPx } from './element-heights.ts';

const css = (path: string) => readFileSync(join(import.meta.dirname, '..', path), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const card = css('components/CardFields/card-fields.css');
const address = css('components/AddressFields/address-fields.css');
const wallet = css('components/WalletButton/wallet-button.css');
const frame = css('frames/field/field.css');
/** The declarations of the first rule whose selector is exactly `selector`, after the media query `media` if given. */
function rule(sheet: string, selector: string, media = ''): string {
  const from = media ? sheet.indexOf(media) : 0;
  expect(from, media).toBeGreaterThanOrEqual(0);
  const found = new RegExp(`(^|[{}])\\s*${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\{([^}]*)\\}`).exec(sheet.slice(from));
  expect(found, selector).not.toBeNull();
  return found![2]!.replace(/\s+/g, ' ');
}

const plain = undefined;

describe('frameHeight', () => {
  it('is what Chromium draws with the default look (e2e/tests/embed/no-layout-shift.spec.ts measures it)', () => {
    expect([319, 519].map((w) => frameHeight('card', w, plain))).toEqual([222, 222]);
    expect([520, 1264].map((w) => frameHeight('card', w, plain))).toEqual([146, 146]);
    expect(frameHeight('card', 320, plain, true)).toBe(146);
    for (const type of ['cardNumber', 'cardExpiry', 'cardCvc'] as const) expect(frameHeight(type, 1264, plain)).toBe(50);
    expect([320, 359, 360, 1264].map((w) => frameHeight('address', w, plain))).toEqual([526, 526, 450, 450]);
    expect([320, 1264].map((w) => frameHeight('wallet', w, plain))).toEqual([58, 58]);
  });

  it('follows the spacing unit and the font size', () => {
    const wide = ({ spacingUnit: '8px' });
    // 2.5 units of padding make inputs taller than 44 px: 40 + 19.2 + 2.
    expect(frameHeight('cardNumber', 400, wide)).toBe(68);
    expect([320, 1264].map((w) => frameHeight('card', w, wide))).toEqual([310, 201]);
    const big = ({ fontSize: '20px' });
    expect([320, 1264].map((w) => frameHeight('card', w, big))).toEqual([240, 158]);
    expect(frameHeight('address', 1264, ({ spacingUnit: '2px' }))).toBe(438);
  });

  it('never leaves the breakpoints: one width less is the narrow layout', () => {
    expect(frameHeight('card', CARD_ONE_ROW - 0.5, plain)).toBeGreaterThan(frameHeight('card', CARD_ONE_ROW, plain));
    expect(frameHeight('address', ADDRESS_PAIRS - 0.5, plain)).toBeGreaterThan(frameHeight('address', ADDRESS_PAIRS, plain));
    // No width yet (a hidden box): the taller layout.
    expect(frameHeight('card', 0, plain)).toBe(222);
  });
});

describe('the stylesheets say what frameHeight assumes', () => {
  it('lays the card and the address out at the same breakpoints', () => {
    expect(rule(card, '.svp-card--postal .svp-card__row', `@media (min-width: ${CARD_ONE_ROW}px)`)).toContain('grid-template-columns: 1fr 1fr 1fr');
    expect(rule(address, '.svp-address__row--2', `@media (min-width: ${ADDRESS_PAIRS}px)`)).toContain('grid-template-columns: 1fr 1fr');
    expect(card.match(/@media[^{]*/g)).toEqual([`@media (min-width: ${CARD_ONE_ROW}px) `]);
    expect(address.match(/@media[^{]*/g)).toEqual([`@media (min-width: ${ADDRESS_PAIRS}px) `]);
  });

  it('sets line heights rather than leaving them to the fonts', () => {
    expect(rule(card, '.svp-field__label')).toMatch(/font-size: 0\.875em; line-height: calc\(1em \/ 0\.875\);/);
    expect(rule(card, '.svp-field__input')).toMatch(/min-height: 44px;.* font: inherit; line-height: 1\.2;/);
    expect(rule(card, '.svp-field__input')).toContain('padding: calc(2.5 * var(--svp-spacing-unit))');
    expect(rule(card, '.svp-field__input')).toContain('border: 1px solid');
  });

  it('spaces rows as it counts them', () => {
    expect(rule(card, '.svp-card__row')).toContain('gap: calc(3 * var(--svp-spacing-unit))');
    expect(rule(card, '.svp-card--combined .svp-card__row > .svp-field:not(:first-child)')).toContain('margin-top: calc(3 * var(--svp-spacing-unit))');
    expect(rule(address, '.svp-address')).toContain('gap: 12px');
    expect(rule(address, '.svp-address__row')).toContain('gap: 12px');
    expect(rule(frame, '.svp-frame')).toContain('padding: 3px');
    expect(rule(wallet, '.svp-wallet')).toMatch(/--svp-wallet-height: 48px;.* gap: 4px;/);
  });
});

describe('toPx', () => {
  it('reads px and rem exactly, em against what it is relative to', () => {
    expect(['6px', '0.5rem', '0.25em', '0'].map((v) => toPx(v, 4, 20))).toEqual([6, 8, 5, 0]);
  });

  it('takes the first of several lengths, and the fallback for what is no length', () => {
    expect(toPx('6px 2px', 4, 16)).toBe(6);
    expect(toPx(undefined, 4, 16)).toBe(4);
    expect(toPx('-2px', 4, 16)).toBe(4);
    expect(toPx('50%', 4, 16)).toBe(4);
  });
});
