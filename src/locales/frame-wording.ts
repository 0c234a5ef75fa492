/**
 * Which English wording each frame page carries (issue 9, bytes): a frame page is built with only
 * the keys of en.json under its prefixes (scripts/vite-frame-pages.ts, FramePage.wording), since the whole
 * catalogue was ~1 KB gzipped of every frame and most of it other frames' words. English stays the
 * per-key fallback of every other language, whose catalogues are still whole files fetched on
 * demand, so nothing changes for them.
 *
 * A key left out would render as nothing, so the build checks the bundle (`missingWording`): code
 * that names a key, or the dotted head of one (`error.${code}` names every `error.` key), must
 * carry it. Node-only build code; no frame imports it.
 */

/** The entries of `catalogue` whose key starts with one of `prefixes`. */
export function pickWording(catalogue: Record<string, string>, prefixes: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(catalogue).filter(([key]) => prefixes.some((p) => key.startsWith(p))));
}

/**
 * The first key of `catalogue` that minified `js` names (as a string literal, or one of its dotted
 * heads as a literal or the start of a template) but `prefixes` leave out, with the name found;
 * null when the code names only what it carries.
 */
export function missingWording(js: string, catalogue: Record<string, string>, prefixes: readonly string[]): { key: string; named: string } | null {
  const carried = pickWording(catalogue, prefixes);
  for (const key of Object.keys(catalogue)) {
    if (key in carried) continue;
    const parts = key.split('.');
    const names = [key, ...parts.slice(1).map((_, i) => `${parts.slice(0, i + 1).join('.')}.`)];
    for (const named of names) {
      const forms = [`"${named}"`, `'${named}'`, `\`${named}\``, `\`${named}\${`];
      if (forms.some((f) => js.includes(f))) return { key, named };
    }
  }
  return null;
}
