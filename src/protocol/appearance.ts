/**
 * The `appearance` option of `elements()`: its vocabulary and the one check of its values, zod-free
 * so the embed script (which refuses a bad appearance at the call) and the field frame (which
 * checks again before any value reaches a style, defence in depth) run the same code.
 *
 * Values are CSS, written by the merchant, applied inside our frames: only values made of the
 * tokens their kind needs pass (colours, lengths, font names, keywords), so nothing can load a
 * resource (`url(`, `image-set(`, `@import`), run an expression, or close its declaration.
 */

export const appearanceThemes = ['default', 'night', 'flat'] as const;
export type AppearanceTheme = (typeof appearanceThemes)[number];

/** `appearance.variables`: each becomes the custom property `--svp-<kebab-case name>`. */
export const appearanceVariables = [
  'colorText',
  'colorMuted',
  'colorBorder',
  'colorBackground',
  // Behind the labels and errors (the frame itself); transparent unless a theme or merchant sets it.
  'colorSurface',
  'colorPrimary',
  'colorDanger',
  'fontFamily',
  'fontSize',
  'borderRadius',
  // Base of every gap and padding (default 4px): inputs have 2.5 x 3 units of padding, 3 units apart.
  'spacingUnit',
] as const;
export type AppearanceVariable = (typeof appearanceVariables)[number];

const text = ['color', 'fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'letterSpacing', 'lineHeight', 'textTransform'] as const;

// No `outline` shorthand: the focus outline stays (its colour may change), so keyboard focus always shows.
const box = [...text, 'backgroundColor', 'border', 'borderColor', 'borderStyle', 'borderWidth', 'borderRadius', 'boxShadow', 'outlineColor', 'padding'] as const;

/** `appearance.rules`: selector -> the CSS properties (camelCase) it may set. */
export const appearanceRules = {
  '.Input': box,
  '.Input:focus': box,
  '.Input--invalid': box,
  '.Label': text,
  '.Error': text,
} as const;
export type AppearanceRule = keyof typeof appearanceRules;

export interface Appearance {
  theme?: AppearanceTheme;
  variables?: Partial<Record<AppearanceVariable, string>>;
  rules?: Partial<{ [R in AppearanceRule]: Partial<Record<(typeof appearanceRules)[R][number], string>> }>;
}

const NUM = '-?(?:\\d+\\.?\\d*|\\.\\d+)';
const LEN = `(?:0|${NUM}(?:px|r?em|%))`;
const COLOR = '(?:#[\\da-f]{3,8}|[a-z]+|(?:rgb|hsl)a?\\([\\d.,%\\s/]+\\))';
const FONT = `(?:[\\w -]+|"[\\w -]+"|'[\\w -]+')`;
const list = (item: string, sep = '', max = 0) => new RegExp(`^${item}(?:${sep}${item}){0,${max}}$`, 'i');

/**
 * What a value may be, told by its name: a colour (color*, *Color), font names (fontFamily), a
 * short mix of lengths, numbers, colours and keywords (border, boxShadow), one keyword, number or
 * length (weights, styles, line height, text transform), else one to four lengths.
 */
function patternOf(name: string): RegExp {
  if (/^color|Color$/.test(name)) return list(COLOR);
  if (name === 'fontFamily') return list(FONT, ' *, *', 9);
  if (name === 'border' || name === 'boxShadow') return list(`(?:${LEN}|${NUM}|${COLOR})`, ' *,? +', 15);
  if (/Weight|Style|Height|Transform/.test(name)) return list(`(?:[a-z-]+|${LEN}|${NUM})`);
  return list(LEN, ' +', 3);
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** The path of the first key of `group` that `allowed` does not list, or whose value does not fit. */
function badKey(group: unknown, allowed: readonly string[], path: string): string | null {
  if (!isPlain(group)) return path;
  for (const [name, value] of Object.entries(group)) {
    if (!allowed.includes(name) || typeof value !== 'string' || value.length > 200 || !patternOf(name).test(value.trim())) return `${path}.${name}`;
  }
  return null;
}

/**
 * Null when `a` is a valid appearance, else the path of the first bad key (`appearance.theme`,
 * `appearance.variables.colorText`, `appearance.rules[".Input"].position`). Prose is the embed
 * script's job: the frames only need the verdict, and bytes count there.
 */
export function appearanceProblem(a: unknown): string | null {
  const root = 'appearance';
  if (!isPlain(a)) return root;
  const key = Object.keys(a).find((k) => k !== 'theme' && k !== 'variables' && k !== 'rules');
  if (key) return `${root}.${key}`;
  if (a.theme !== undefined && !appearanceThemes.includes(a.theme as AppearanceTheme)) return `${root}.theme`;
  if (a.variables !== undefined) {
    const bad = badKey(a.variables, appearanceVariables, `${root}.variables`);
    if (bad) return bad;
  }
  if (a.rules === undefined) return null;
  if (!isPlain(a.rules)) return `${root}.rules`;
  for (const [selector, rule] of Object.entries(a.rules)) {
    const path = `${root}.rules["${selector}"]`;
    const allowed: readonly string[] | undefined = appearanceRules[selector as AppearanceRule];
    const bad = Object.prototype.hasOwnProperty.call(appearanceRules, selector) && allowed ? badKey(rule, allowed, path) : path;
    if (bad) return bad;
  }
  return null;
}
