/**
 * Applies the merchant's `appearance` inside a field frame by overriding the CardFields custom
 * properties (card-fields.css). Only known variables are set, through CSSOM `setProperty`, so a
 * value cannot escape its declaration, and a constructed sheet needs no 'unsafe-inline' CSP.
 */
import type { Appearance } from '../../protocol/messages.ts';

/** appearance.variables name -> CardFields custom property. */
const VARIABLES: Record<string, string> = {
  colorText: '--svp-color-text',
  colorMuted: '--svp-color-muted',
  colorBorder: '--svp-color-border',
  colorBackground: '--svp-color-background',
  colorPrimary: '--svp-color-primary',
  colorDanger: '--svp-color-danger',
  borderRadius: '--svp-radius',
  fontSize: '--svp-font-size',
  fontFamily: '--svp-font-family',
};

const THEMES: Record<'night' | 'flat', Record<string, string>> = {
  night: {
    colorText: '#e6e8ef',
    colorMuted: '#a0a7b4',
    // Input edges need 3:1 against the field background (WCAG 1.4.11).
    colorBorder: '#737b8c',
    colorBackground: '#1f2430',
    colorPrimary: '#8fa8ff',
    colorDanger: '#ff8787',
  },
  flat: { borderRadius: '0px', colorBorder: '#808894', colorBackground: '#f1f3f5' },
};

/** Custom property -> value, theme first, explicit variables over it; unknown names ignored. */
export function appearanceProperties(appearance: Appearance): Record<string, string> {
  const out: Record<string, string> = {};
  const theme = appearance?.theme && appearance.theme !== 'default' ? THEMES[appearance.theme] : {};
  for (const [name, value] of Object.entries({ ...theme, ...appearance?.variables })) {
    const property = VARIABLES[name];
    if (property && !/[;{}<>\\]/.test(value)) out[property] = value;
  }
  return out;
}

export function applyAppearance(doc: Document, appearance: Appearance): void {
  const properties = Object.entries(appearanceProperties(appearance));
  if (properties.length === 0 || typeof CSSStyleSheet === 'undefined') return;
  const sheet = new CSSStyleSheet();
  // `:root .svp-card` outranks the component's own `.svp-card` defaults.
  sheet.replaceSync(':root .svp-card {}');
  const rule = sheet.cssRules[0] as CSSStyleRule;
  for (const [property, value] of properties) rule.style.setProperty(property, value);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}
