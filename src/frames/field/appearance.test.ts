import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appearanceSheet } from './appearance.ts';

/** The custom properties an appearance sets. */
const properties = (a: Parameters<typeof appearanceSheet>[0]) => Object.fromEntries(appearanceSheet(a).find(([sel]) => sel.startsWith(':root,'))?.[1] ?? []);

describe('appearanceSheet', () => {
  it('maps the theme, then the merchant variables over it, to custom properties', () => {
    expect(properties({ theme: 'flat', variables: { colorText: '#111', spacingUnit: '5px' } })).toEqual({
      '--svp-border-radius': '0px',
      '--svp-color-border': '#808894',
      '--svp-color-background': '#f1f3f5',
      '--svp-color-text': '#111',
      '--svp-spacing-unit': '5px',
    });
    expect(appearanceSheet(undefined)).toEqual([]);
    expect(appearanceSheet({ theme: 'default' })).toEqual([]);
  });

  it('scopes each rule to our own selector, with kebab-case properties', () => {
    expect(
      appearanceSheet({
        rules: {
          '.Label': { textTransform: 'uppercase' },
          '.Input': { boxShadow: '0 1px 2px #0002', borderColor: '#999' },
          '.Input:focus': { outlineColor: '#0a6' },
          '.Input--invalid': { color: '#b00' },
          '.Error': { fontSize: '13px' },
        },
      }),
    ).toEqual([
      [':root .svp-field__input', [['box-shadow', '0 1px 2px #0002'], ['border-color', '#999']]],
      [':root .svp-field__input:focus', [['outline-color', '#0a6']]],
      [':root .svp-field--invalid .svp-field__input', [['color', '#b00']]],
      [':root .svp-field__label', [['text-transform', 'uppercase']]],
      [':root .svp-field__error', [['font-size', '13px']]],
    ]);
  });

  it('applies nothing of an appearance that fails the check, even its valid parts', () => {
    expect(appearanceSheet({ theme: 'night', variables: { colorText: 'red; background: url(x)', fontSize: '16px' } } as never)).toEqual([]);
    expect(appearanceSheet({ rules: { '.Input': { color: '#111', position: 'fixed' } } } as never)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Contrast of every theme, computed from what ships: the defaults in card-fields.css with each
// theme's variables over them (WCAG 2.1: text 4.5:1, 1.4.3; input edges and focus outline 3:1, 1.4.11).

const css = readFileSync(new URL('../../components/CardFields/card-fields.css', import.meta.url), 'utf8');
const defaults = Object.fromEntries([...css.matchAll(/(--svp-color-[\w-]+):\s*(#[\da-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!]));

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('theme contrast', () => {
  it('reads the default colours from card-fields.css', () => {
    expect(Object.keys(defaults)).toEqual(
      expect.arrayContaining(['--svp-color-text', '--svp-color-muted', '--svp-color-border', '--svp-color-background', '--svp-color-primary', '--svp-color-danger']),
    );
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21);
  });

  it.each(['default', 'night', 'flat'] as const)('%s: text 4.5:1 and input edges and focus 3:1', (theme) => {
    const c = { ...defaults, ...properties({ theme }) };
    // A transparent surface shows the merchant page: judged on white, as a light theme expects.
    const surface = c['--svp-color-surface'] ?? '#ffffff';
    const input = c['--svp-color-background']!;
    const ratios = {
      'typed text on the input': contrast(c['--svp-color-text']!, input),
      'placeholder on the input': contrast(c['--svp-color-muted']!, input),
      'label on the surface': contrast(c['--svp-color-text']!, surface),
      'error on the surface': contrast(c['--svp-color-danger']!, surface),
    };
    const edges = {
      'input border on the input': contrast(c['--svp-color-border']!, input),
      'input border on the surface': contrast(c['--svp-color-border']!, surface),
      'invalid border on the input': contrast(c['--svp-color-danger']!, input),
      'focus outline on the surface': contrast(c['--svp-color-primary']!, surface),
    };
    for (const [what, ratio] of Object.entries(ratios)) expect(ratio, `${theme}: ${what}`).toBeGreaterThanOrEqual(4.5);
    for (const [what, ratio] of Object.entries(edges)) expect(ratio, `${theme}: ${what}`).toBeGreaterThanOrEqual(3);
  });
});
