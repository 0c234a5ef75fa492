/**
 * Compiles the process entry (src/start.ts) to one ESM file, dist/server/main.js, so it runs on plain `node`
 * without tsx compiling TypeScript at start-up. better-sqlite3 stays outside: it loads a native
 * addon through `bindings`, which looks for it relative to its own package.
 *
 *   npx tsx bench/build-server.ts      (npm run build:server)
 */
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { repoRoot } from '../e2e/fixtures/server.ts';
import { bundlePath } from './api-servers.ts';

export async function buildServer(): Promise<void> {
  await build({
    entryPoints: [join(repoRoot, 'src', 'start.ts')],
    outfile: bundlePath,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3'],
    sourcemap: 'linked',
    // Bundled CommonJS packages call require(); an ES module has none unless it makes one.
    banner: { js: "import { createRequire as __svcpayRequire } from 'node:module'; const require = __svcpayRequire(import.meta.url);" },
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildServer().then(
    () => console.log(`built ${bundlePath}`),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
}
