import { describe, expect, it } from 'vitest';
import { appearanceProperties } from './appearance.ts';

describe('appearanceProperties', () => {
  it('maps known variables over the theme and ignores the rest', () => {
    expect(appearanceProperties({ theme: 'flat', variables: { colorText: '#111', borderRadius: '4px', unknown: 'x' } })).toEqual({
      '--svp-radius': '4px',
      '--svp-color-border': '#808894',
      '--svp-color-background': '#f1f3f5',
      '--svp-color-text': '#111',
    });
  });

  it('keeps input edges at 3:1 against the field background in every theme (WCAG 1.4.11)', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    for (const theme of ['night', 'flat'] as const) {
      const p = appearanceProperties({ theme });
      expect(contrast(p['--svp-color-border']!, p['--svp-color-background']!), theme).toBeGreaterThanOrEqual(3);
    }
  });

  it('refuses values that try to leave their declaration', () => {
    expect(appearanceProperties({ variables: { colorText: 'red; background: url(x)', fontSize: '16px' } })).toEqual({ '--svp-font-size': '16px' });
    expect(appearanceProperties(undefined)).toEqual({});
  });
});
