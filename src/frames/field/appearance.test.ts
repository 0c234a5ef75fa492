import { describe, expect, it } from 'vitest';
import { appearanceProperties } from './appearance.ts';

describe('appearanceProperties', () => {
  it('maps known variables over the theme and ignores the rest', () => {
    expect(appearanceProperties({ theme: 'flat', variables: { colorText: '#111', borderRadius: '4px', unknown: 'x' } })).toEqual({
      '--svp-radius': '4px',
      '--svp-color-border': '#e9ecef',
      '--svp-color-background': '#f1f3f5',
      '--svp-color-text': '#111',
    });
  });

  it('refuses values that try to leave their declaration', () => {
    expect(appearanceProperties({ variables: { colorText: 'red; background: url(x)', fontSize: '16px' } })).toEqual({ '--svp-font-size': '16px' });
    expect(appearanceProperties(undefined)).toEqual({});
  });
});
