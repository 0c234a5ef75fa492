/**
 * The map cannot drift (issue 33): docs/architecture.md must name every folder under `src/`, at
 * every depth, and every other top-level folder that holds code, each as a path in backticks
 * (`src/server/store/postgres/`); and every path it names must still exist, so a moved folder
 * fails here until the map follows. A `<placeholder>` segment (`src/components/<Name>/`) stands for
 * any one folder name: the paragraph says what each of the family holds.
 */
import { measuredFile } from './rules.ts';

/** The name `npm run lint:structure` prints with each problem, as the arrows table in the map lists it. */
export const mapRule = 'map-names-every-folder';

/** The folders the map must name: every folder of `src/` and the top-level folders with code. */
export function mappedFolders(files: string[]): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/').slice(0, -1);
    if (parts[0] === 'src') {
      for (let i = 1; i <= parts.length; i++) folders.add(parts.slice(0, i).join('/'));
    } else if (parts.length > 0 && !parts[0]!.startsWith('.') && measuredFile.test(file)) {
      folders.add(parts[0]!);
    }
  }
  return [...folders].sort();
}

/** Every path the map names in backticks, without its trailing slash; only paths under a folder of `roots`. */
export function namedPaths(doc: string, roots: Set<string>): string[] {
  const out = new Set<string>();
  for (const [, text] of doc.matchAll(/`([^`\s]+)`/g)) {
    const path = text!.replace(/\/$/, '');
    if (/[*{}]/.test(path) || !roots.has(path.split('/')[0]!)) continue;
    out.add(path);
  }
  return [...out].sort();
}

const isPlaceholder = (segment: string) => /^<[^>]+>$/.test(segment);

/** Whether a named path stands for `target` (a placeholder segment matches any one name). */
export function names(path: string, target: string): boolean {
  const a = path.split('/');
  const b = target.split('/');
  return a.length === b.length && a.every((segment, i) => isPlaceholder(segment) || segment === b[i]);
}

/**
 * `files`: the repository's paths (git's list). `doc`: docs/architecture.md. One line per folder
 * the map leaves out and per path it names that no longer exists.
 */
export function mapViolations(files: string[], doc: string): string[] {
  const folders = mappedFolders(files);
  const roots = new Set(files.filter((f) => f.includes('/')).map((f) => f.split('/')[0]!));
  const named = namedPaths(doc, roots);
  const existing = new Set([...files, ...files.flatMap((f) => f.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/')))]);
  const missing = folders
    .filter((folder) => !named.some((path) => names(path, folder)))
    .map((folder) => `${mapRule}: ${folder}/ is not named in docs/architecture.md (add a short paragraph naming \`${folder}/\`: what it holds, what it stands on)`);
  const dead = named
    .filter((path) => !(path.split('/').some(isPlaceholder) ? [...existing].some((e) => names(path, e)) : existing.has(path)))
    .map((path) => `${mapRule}: docs/architecture.md names \`${path}\`, which does not exist (update the map to the tree)`);
  return [...missing, ...dead];
}
