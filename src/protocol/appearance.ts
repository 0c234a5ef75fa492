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

/** Value kinds: colour, length(s), font family list, keyword or one number or length, a short mix (border). */
type Kind = 'c' | 'l' | 'f' | 'k' | 'm';

/** `appearance.variables`: each becomes the custom property `--svp-<kebab-case name>`. */
export const appearanceVariables = {
  colorText: 'c',
  colorMuted: 'c',
  colorBorder: 'c',
  colorBackground: 'c',
  /** Behind the labels and errors (the frame itself); transparent unless a theme or merchant sets it. */
  colorSurface: 'c',
  colorPrimary: 'c',
  colorDanger: 'c',
  fontFamily: 'f',
  fontSize: 'l',
  borderRadius: 'l',
  /** Base of every gap and padding (default 4px): inputs are 2.5 x 3 units of padding, 3 units apart. */
  spacingUnit: 'l',
} as const satisfies Record<string, Kind>;
export type AppearanceVariable = keyof typeof appearanceVariables;

const text = {
  color: 'c',
  fontFamily: 'f',
  fontSize: 'l',
  fontWeight: 'k',
  fontStyle: 'k',
  letterSpacing: 'l',
  lineHeight: 'k',
  textTransform: 'k',
} as const satisfies Record<string, Kind>;

// No `outline` shorthand: the focus outline stays (colour only), so a keyboard user always sees focus.
const box = {
  ...text,
  backgroundColor: 'c',
  border: 'm',
  borderColor: 'c',
  borderStyle: 'k',
  borderWidth: 'l',
  borderRadius: 'l',
  boxShadow: 'm',
  outlineColor: 'c',
  padding: 'l',
} as const satisfies Record<string, Kind>;

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
  rules?: Partial<{ [R in AppearanceRule]: Partial<Record<keyof (typeof appearanceRules)[R], string>> }>;
}

const NUM = '-?(?:\\d+\\.?\\d*|\\.\\d+)';
const LEN = `(?:0|${NUM}(?:px|r?em|%))`;
const COLOR = '(?:#[\\da-f]{3,8}|[a-z]+|(?:rgb|hsl)a?\\([\\d.,%\\s/]+\\))';
const WORD = '[a-z-]+';
const FONT = `(?:[\\w -]+|"[\\w -]+"|'[\\w -]+')`;
const list = (item: string, sep: string, max: number) => new RegExp(`^${item}(?:${sep}${item}){0,${max}}$`, 'i');

const PATTERNS: Record<Kind, RegExp> = {
  c: list(COLOR, '', 0),
  l: list(LEN, ' +', 3),
  f: list(FONT, ' *, *', 9),
  k: list(`(?:${WORD}|${LEN}|${NUM})`, '', 0),
  m: list(`(?:${LEN}|${NUM}|${COLOR})`, ' *,? +', 15),
};

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** The path of the first key of `group` that `allowed` (name -> kind) does not allow, or whose value does not fit. */
function badKey(group: unknown, allowed: Record<string, Kind>, path: string): string | null {
  if (!isPlain(group)) return path;
  for (const [name, value] of Object.entries(group)) {
    if (!own(allowed, name) || typeof value !== 'string' || value.length > 200 || !PATTERNS[allowed[name]!].test(value.trim())) return `${path}.${name}`;
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
    const bad = own(appearanceRules, selector) ? badKey(rule, appearanceRules[selector as AppearanceRule], path) : path;
    if (bad) return bad;
  }
  return null;
}
