/**
 * Which test files run again on PostgreSQL (vitest.postgres.config.ts): the engine's, the routes',
 * the middleware's and the scenarios' (src/server/scenarios: the tests that drive the whole app),
 * except a file that reads SQLite itself, or imports a local helper that does (`store.db`:
 * synchronous SQLite reads with no PostgreSQL form; `t.count` reads either), or starts servers or
 * stores of its own.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const DIRS = ['src/server/engine', 'src/server/routes', 'src/server/middleware', 'src/server/scenarios', 'src/server/fuzz'];
/** Reads SQLite directly, or is not a test of one app on one database. */
const SQLITE_ONLY = [/\bstore\.db\b/, /SqliteStore|better-sqlite3|networkApp|startServerProcess|SVCPAY_DATA\b|SVCPAY_DATABASE_URL/];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const isTestHelper = (p: string) => /(\.fixtures|\/fixtures|\.test|\/faults\/world)\.ts$/.test(p) || p.includes('/src/server/scenarios/');

/** The file's text and that of the test helpers it imports (fixtures), transitively. */
function withLocalImports(file: string, seen = new Set<string>()): string {
  if (seen.has(file)) return '';
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  // Only the tests' own helpers (fixtures, the scenarios' shared files, the fault world): the
  // service's sources read whichever database they are given.
  const local = [...text.matchAll(/from '(\.[^']+\.ts)'/g)].map((m) => resolve(dirname(file), m[1]!)).filter(isTestHelper);
  return [text, ...local.map((p) => withLocalImports(p, seen))].join('\n');
}

export function postgresTestFiles(): string[] {
  return DIRS.flatMap((d) => walk(resolve(root, d)))
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => !SQLITE_ONLY.some((re) => re.test(withLocalImports(f))))
    .map((f) => relative(root, f))
    .sort();
}
