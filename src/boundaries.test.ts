/**
 * The import rules between the parts of the reference server, read from the sources (tests
 * included), so a reach across fails here rather than in review:
 *
 * - src/platform imports only itself (and packages): the service and the sandbox processor both
 *   stand on it, so it stands on neither, nor on the demo or the browser code.
 * - sandbox-processor never imports src/server or demo: it is a provider of its own.
 * - src/server reaches the processor only through its start function (sandbox-processor/index.ts)
 *   and its HTTP contract (api.ts, which the adapter speaks); tests may use its testing.ts.
 * - src/server imports no demo code, and the demo shop imports neither src/server nor the processor.
 * - only the process entry, src/start.ts, imports the service's start (src/server/main.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const SKIP = new Set(['node_modules', 'dist']);

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return SKIP.has(e.name) || e.name.startsWith('.') ? [] : filesUnder(path);
    return SOURCE.test(e.name) ? [path] : [];
  });
}

/** The repository paths a file imports (relative specifiers only: packages are not ours). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)].map((m) => m[1]!);
  return specifiers.map((s) => relative(root, resolve(root, dirname(file), s)));
}

const isTest = (file: string) => /\.(test|test-d)\.tsx?$|(^|\/)(fixtures|testing)\.ts$|\.fixtures\.ts$/.test(file);
const under = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);

/** `file imports target` for every import of the files under `dir` that `allowed` refuses. */
function violations(dir: string, allowed: (target: string, file: string) => boolean): string[] {
  return filesUnder(dir).flatMap((file) => importsOf(file).filter((t) => !allowed(t, file)).map((t) => `${file} imports ${t}`));
}

describe('import rules between src/platform, src/server, sandbox-processor and demo', () => {
  it('src/platform imports only itself', () => {
    expect(violations('src/platform', (t) => under(t, 'src/platform'))).toEqual([]);
  });

  it('sandbox-processor imports neither src/server nor demo', () => {
    expect(violations('sandbox-processor', (t) => !under(t, 'src/server') && !under(t, 'demo'))).toEqual([]);
  });

  it('src/server reaches the processor only through its start function and its HTTP contract, and imports no demo code', () => {
    const contract = ['sandbox-processor/index.ts', 'sandbox-processor/api.ts'];
    const allowed = (t: string, file: string) =>
      !under(t, 'demo') && (!under(t, 'sandbox-processor') || contract.includes(t) || (isTest(file) && t === 'sandbox-processor/testing.ts'));
    expect(violations('src/server', allowed)).toEqual([]);
  });

  it('the demo shop imports neither src/server nor the processor', () => {
    expect(violations('demo/shop', (t) => !under(t, 'src/server') && !under(t, 'sandbox-processor'))).toEqual([]);
  });

  it('only src/start.ts imports the service start', () => {
    const dirs = ['src', 'sandbox-processor', 'demo', 'embed', 'hosted-page', 'e2e', 'bench', 'scripts', 'bin'];
    const importers = dirs.flatMap((d) => filesUnder(d).filter((f) => importsOf(f).includes('src/server/main.ts')));
    expect(importers).toEqual(['src/start.ts']);
  });
});
