/**
 * `svcpay [start]` and `svcpay processor`: the two process entries, exactly as `npx svcpay` and
 * `npx svcpay processor` ran them before there were other commands. Only these need the built
 * browser bundles (dist/app), so only these check for them.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliIo } from './args.ts';

/** The package root: two levels up from src/cli/. */
export const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function startServer(which: 'start' | 'processor', io: CliIo): Promise<number | undefined> {
  if (!process.env.SVCPAY_DIST && !existsSync(join(packageRoot, 'dist', 'app', 'hosted-page', 'index.html'))) {
    io.err('svcpay: the browser bundles are not built (dist/app is missing); in a clone of the repository run `npm run build` or `npm start`.\n');
    return 1;
  }
  // Each entry starts at import and keeps the process alive until Ctrl-C.
  await (which === 'processor' ? import('../processor-start.ts') : import('../start.ts'));
  return undefined;
}
