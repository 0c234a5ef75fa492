#!/usr/bin/env node
/**
 * `npx svcpay`: the reference server, as `npm start` runs it; `npx svcpay processor`: the sandbox
 * processor alone, as `npm run processor` runs it (README, "Configuration" for the
 * environment it reads). The package ships the server's TypeScript sources and runs them through
 * tsx (a dependency), registered in this process so signals reach the server directly. The
 * browser bundles it serves (dist/app, dist/embed) ship built.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!process.env.SVCPAY_DIST && !existsSync(join(root, 'dist', 'app', 'hosted-page', 'index.html'))) {
  process.stderr.write('svcpay: the browser bundles are not built (dist/app is missing); in a clone of the repository run `npm run build` or `npm start`.\n');
  process.exit(1);
}
// Our own compiler settings, not those of whichever project runs us.
register({ tsconfig: false });
// `svcpay processor`: the sandbox processor alone (README, "Several instances").
await import(process.argv[2] === 'processor' ? '../src/processor-start.ts' : '../src/start.ts');
