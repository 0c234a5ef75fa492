/** Public types of svcpay's browser API (types.d.ts re-exports them all): how the elements look. */

/**
 * CSS values: a colour (`#1a1f36`, `rgb(26 31 54)`, `rebeccapurple`), a length (`4px`, `1rem`,
 * `50%`), font family names, or a keyword, as the property needs. `url()`, expressions and
 * `;{}<>\` are refused: `elements()` throws naming the bad key.
 */
export type AppearanceValue = string;

export interface AppearanceVariables {
  colorText?: AppearanceValue;
  /** Placeholders. */
  colorMuted?: AppearanceValue;
  colorBorder?: AppearanceValue;
  /** Inside the inputs. */
  colorBackground?: AppearanceValue;
  /** Behind the labels and errors (the frame); transparent by default, dark in `night`. */
  colorSurface?: AppearanceValue;
  /** Focus outline. */
  colorPrimary?: AppearanceValue;
  /** Errors and invalid inputs. */
  colorDanger?: AppearanceValue;
  fontFamily?: AppearanceValue;
  fontSize?: AppearanceValue;
  borderRadius?: AppearanceValue;
  /** Base of gaps and paddings, default `4px`. */
  spacingUnit?: AppearanceValue;
}

/** Text properties a rule may set (camelCase, as in `element.style`). */
export interface AppearanceTextRule {
  color?: AppearanceValue;
  fontFamily?: AppearanceValue;
  fontSize?: AppearanceValue;
  fontWeight?: AppearanceValue;
  fontStyle?: AppearanceValue;
  letterSpacing?: AppearanceValue;
  lineHeight?: AppearanceValue;
  textTransform?: AppearanceValue;
}

/** What an input rule may set on top: box colours, borders, shadow, padding, the focus outline's colour. */
export interface AppearanceInputRule extends AppearanceTextRule {
  backgroundColor?: AppearanceValue;
  border?: AppearanceValue;
  borderColor?: AppearanceValue;
  borderStyle?: AppearanceValue;
  borderWidth?: AppearanceValue;
  borderRadius?: AppearanceValue;
  boxShadow?: AppearanceValue;
  outlineColor?: AppearanceValue;
  padding?: AppearanceValue;
}

export interface AppearanceRules {
  '.Input'?: AppearanceInputRule;
  '.Input:focus'?: AppearanceInputRule;
  '.Input--invalid'?: AppearanceInputRule;
  '.Label'?: AppearanceTextRule;
  '.Error'?: AppearanceTextRule;
}

export interface Appearance {
  /** A preset the variables and rules then adjust; `default` when absent. */
  theme?: 'default' | 'night' | 'flat';
  variables?: AppearanceVariables;
  rules?: AppearanceRules;
}
