/**
 * The `appearance` option of `elements()`: its vocabulary and the one check of its values, zod-free
 * so the embed script (which refuses a bad appearance at the call) and the field frame (which
 * checks again before any value reaches a style, defence in depth) run the same code.
 *
 * Values are CSS, written by the merchant, applied inside our frames: only values made of the
 * tokens their kind needs pass (colours, lengths, font names, keywords), so nothing can load a
 * resource (`url(`, `image-set(`, `@import`), run an expression, or close its declaration.
 */

/** Splits a list of names written as one string: the names keep their literal types. */
type Words<S extends string> = S extends `${infer A} ${infer B}` ? [A, ...Words<B>] : [S];
const words = /* @__NO_SIDE_EFFECTS__ */ <S extends string>(s: S) => s.split(' ') as unknown as Readonly<Words<S>>;

export const appearanceThemes = words('default night flat');
export type AppearanceTheme = (typeof appearanceThemes)[number];

/**
 * `appearance.variables`: each becomes the custom property `--svp-<kebab-case name>`. colorSurface
 * is behind the labels and errors (the frame itself), transparent unless a theme or merchant sets
 * it; spacingUnit is the base of every gap and padding (default 4px): inputs have 2.5 x 3 units of
 * padding, 3 units apart.
 */
export const appearanceVariables = words('colorText colorMuted colorBorder colorBackground colorSurface colorPrimary colorDanger fontFamily fontSize borderRadius spacingUnit');
export type AppearanceVariable = (typeof appearanceVariables)[number];

const textNames = 'color fontFamily fontSize fontWeight fontStyle letterSpacing lineHeight textTransform';
const text = words(textNames);

// No `outline` shorthand: the focus outline stays (its colour may change), so keyboard focus always shows.
// One string and no spread: every frame's bundle can drop what it does not use.
const box = words(`${textNames} backgroundColor border borderColor borderStyle borderWidth borderRadius boxShadow outlineColor padding` as const);

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

const NUM = /-?(?:\d+\.?\d*|\.\d+)/.source;
const LEN = `(?:0|${NUM}(?:px|r?em|%))`;
const COLOR = /(?:#[\da-f]{3,8}|[a-z]+|(?:rgb|hsl)a?\([\d.,%\s/]+\))/.source;
const FONT = /(?:[\w -]+|"[\w -]+"|'[\w -]+')/.source;
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

/** Checks a value at `path`: the path when it is bad (or the path of its first bad part), else a falsy value. */
type Check = (value: unknown, path: string) => string | null | false;

/**
 * A plain object (no class, no inherited keys) whose keys are all in `allowed`, each value passing
 * the check `of` gives for its key; `at` spells a key's path.
 */
const keys = /* @__NO_SIDE_EFFECTS__ */
  (allowed: readonly string[], of: (name: string) => Check, at = (path: string, name: string) => `${path}.${name}`): Check =>
  (value, path) => {
    if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return path;
    for (const [name, v] of Object.entries(value)) {
      const bad = allowed.includes(name) ? of(name)(v, at(path, name)) : at(path, name);
      if (bad) return bad;
    }
    return null;
  };

/** One CSS value, made only of the tokens its property's kind needs. */
const cssValue = /* @__NO_SIDE_EFFECTS__ */ (name: string): Check => (v, path) => (typeof v !== 'string' || v.length > 200 || !patternOf(name).test(v.trim())) && path;

const appearance = keys(['theme', 'variables', 'rules'], (name) => (v, path) =>
  v !== undefined &&
  (name === 'theme'
    ? !appearanceThemes.includes(v as AppearanceTheme) && path
    : name === 'variables'
      ? keys(appearanceVariables, cssValue)(v, path)
      : keys(Object.keys(appearanceRules), (rule) => keys(appearanceRules[rule as AppearanceRule], cssValue), (p, rule) => `${p}["${rule}"]`)(v, path)),
);

/**
 * Null when `a` is a valid appearance, else the path of its first bad key (`appearance.theme`,
 * `appearance.variables.colorText`, `appearance.rules[".Input"].position`). Prose is the embed
 * script's job: the frames only need the verdict, and bytes count there.
 */
export const appearanceProblem = (a: unknown): string | null => appearance(a, 'appearance') || null;
