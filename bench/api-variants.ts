/**
 * The API bench with several svcpay variants in one run, each interleaved round by round with the
 * mock and with the others, so a busy moment on a shared machine lands on all of them. Findings,
 * not a gate; written under `apiVariants` in bench/results.json.
 *
 *   npx tsx bench/api-variants.ts [--stores=memory,file] [variant ...]   (default: all, memory store)
 *
 * Variants that swap a dependency do so through bench/experiments/ (a resolve hook), never by
 * editing src/; the hook cannot reach into the esbuild bundle, so those variants run on tsx.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultApiOptions, printApiResults, runApiBench, type SvcpayServer } from './api.ts';
import type { Store } from './api-servers.ts';
import { buildServer } from './build-server.ts';
import { repoRoot } from '../e2e/fixtures/server.ts';

const register = join(repoRoot, 'bench', 'experiments', 'register.mjs');
type Variant = Omit<SvcpayServer, 'label' | 'store'>;
const withOptions = (options: object): Variant => ({
  runtime: 'tsx',
  nodeArgs: ['--import', register],
  env: { BENCH_EXPERIMENT: 'node-server-options', BENCH_NODE_SERVER_OPTIONS: JSON.stringify(options) },
});

const experiment = (names: string): Variant => ({ runtime: 'tsx', nodeArgs: ['--import', register], env: { BENCH_EXPERIMENT: names } });

const variants: Record<string, Variant> = {
  tsx: { runtime: 'tsx' },
  dist: { runtime: 'dist' },
  'tsx+autoCleanupIncoming=false': withOptions({ autoCleanupIncoming: false }),
  'tsx+overrideGlobalObjects=false': withOptions({ overrideGlobalObjects: false }),
  'tsx+sqlite-sync-normal': experiment('sqlite-sync-normal'),
};

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const stores = (args.find((a) => a.startsWith('--stores='))?.slice('--stores='.length) ?? 'memory').split(',') as Store[];
  const picked = args.filter((a) => !a.startsWith('--'));
  const names = picked.length ? picked : Object.keys(variants);
  const unknown = names.filter((n) => !(n in variants));
  if (unknown.length) {
    console.error(`unknown variant(s) ${unknown.join(', ')}; known: ${Object.keys(variants).join(', ')}`);
    return 2;
  }
  if (names.some((n) => variants[n]!.runtime === 'dist')) await buildServer();
  const servers: SvcpayServer[] = names.flatMap((n) => stores.map((store) => ({ ...variants[n]!, label: `${n} ${store}`, store })));
  const r = await runApiBench({ ...defaultApiOptions, servers, log: (line) => console.log(line) });
  console.log('');
  printApiResults(r);

  const file = join(repoRoot, 'bench', 'results.json');
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, `${JSON.stringify({ ...previous, apiVariants: r }, null, 2)}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
