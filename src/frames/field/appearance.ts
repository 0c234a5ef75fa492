/**
 * Applies the merchant's `appearance` inside a field frame: theme and variables override the
 * CardFields custom properties (card-fields.css), rules style the inputs, labels and errors.
 * The appearance is checked again here (the embed script checked it first): a frame URL is written
 * by the merchant page, so it is untrusted. Values go in through CSSOM `setProperty`, so none can
 * escape its declaration, and a constructed sheet needs no 'unsafe-inline' CSP.
 */
import { appearanceProblem, appearanceRules, type Appearance, type AppearanceRule } from '../../protocol/appearance.ts';

/**
 * Theme presets, as variables. Each keeps text and placeholder at 4.5:1 on its input background
 * and its surface, and input edges and the focus outline at 3:1 (WCAG 1.4.3, 1.4.11);
 * appearance.test.ts computes the ratios.
 */
export const themes = {
  night: {
    colorText: '#e6e8ef',
    colorMuted: '#a0a7b4',
    colorBorder: '#737b8c',
    colorBackground: '#1f2430',
    // Labels and errors sit on the frame: a dark surface keeps them readable on any page.
    colorSurface: '#14171f',
    colorPrimary: '#8fa8ff',
    colorDanger: '#ff8787',
  },
  flat: { borderRadius: '0px', colorBorder: '#808894', colorBackground: '#f1f3f5' },
} satisfies Record<string, Appearance['variables']>;

/** Our selector for each rule name, in `appearanceRules` order. */
const SELECTORS = ['.svp-field__input', '.svp-field__input:focus', '.svp-field--invalid .svp-field__input', '.svp-field__label', '.svp-field__error'];

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const declarations = (o: object) => Object.entries(o).map(([name, value]) => [kebab(name), value as string] as const);

export type Sheet = [selector: string, declarations: (readonly [property: string, value: string])[]][];

/**
 * The style rules an appearance makes, nothing for one that fails the check. First the variables
 * (theme, then the merchant's over it) as custom properties over the component's defaults and on
 * the root (the frame's surface); then each rule on our selector. `:root` makes each outrank the
 * component's own styles.
 */
export function appearanceSheet(appearance: Appearance | undefined): Sheet {
  if (!appearance || appearanceProblem(appearance)) return [];
  const theme = appearance.theme && appearance.theme !== 'default' ? themes[appearance.theme] : {};
  const variables = declarations({ ...theme, ...appearance.variables }).map(([name, value]) => [`--svp-${name}`, value] as const);
  const sheet: Sheet = variables.length ? [[':root,:root .svp-card', variables]] : [];
  Object.keys(appearanceRules).forEach((name, i) => {
    const rule = appearance.rules?.[name as AppearanceRule];
    if (rule) sheet.push([`:root ${SELECTORS[i]}`, declarations(rule)]);
  });
  return sheet;
}

/** Values go in through CSSOM, never as CSS text, so none can end its declaration. */
export function applyAppearance(doc: Document, appearance: Appearance | undefined): void {
  const rules = appearanceSheet(appearance);
  if (!rules.length || typeof CSSStyleSheet === 'undefined') return;
  const sheet = new CSSStyleSheet();
  for (const [selector, list] of rules) {
    const rule = sheet.cssRules[sheet.insertRule(`${selector}{}`, sheet.cssRules.length)] as CSSStyleRule;
    for (const [property, value] of list) rule.style.setProperty(property, value);
  }
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}
