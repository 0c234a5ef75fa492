/**
 * The API bench run once per server variant, each against its own mock runs so the ratio stays
 * comparable however busy the machine was during that variant. Findings, not a gate.
 *
 *   npx tsx bench/api-variants.ts [variant ...]     (default: all; names below)
 *
 * Variants that swap a dependency do so through bench/experiments/ (a resolve hook), never by
 * editing src/; the hook cannot reach into the esbuild bundle, so those variants run on tsx.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultApiOptions, printApiResults, runApiBench, type ApiBenchOptions, type ApiResults } from './api.ts';
import { buildServer } from './build-server.ts';
import { repoRoot } from '../e2e/fixtures/server.ts';

const register = join(repoRoot, 'bench', 'experiments', 'register.mjs');
const withOptions = (options: object): Partial<ApiBenchOptions> => ({
  nodeArgs: ['--import', register],
  env: { BENCH_EXPERIMENT: 'node-server-options', BENCH_NODE_SERVER_OPTIONS: JSON.stringify(options) },
});

const variants: Record<string, Partial<ApiBenchOptions>> = {
  tsx: { runtime: 'tsx' },
  dist: { runtime: 'dist' },
  'tsx+autoCleanupIncoming=false': withOptions({ autoCleanupIncoming: false }),
  'tsx+overrideGlobalObjects=false': withOptions({ overrideGlobalObjects: false }),
  'tsx+body-limit-header': { nodeArgs: ['--import', register], env: { BENCH_EXPERIMENT: 'body-limit-header' } },
};

async function main(): Promise<number> {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(variants);
  const unknown = names.filter((n) => !(n in variants));
  if (unknown.length) {
    console.error(`unknown variant(s) ${unknown.join(', ')}; known: ${Object.keys(variants).join(', ')}`);
    return 2;
  }
  if (names.some((n) => variants[n]!.runtime === 'dist')) await buildServer();
  const results: Record<string, ApiResults> = {};
  for (const name of names) {
    console.log(`\n== ${name}`);
    results[name] = await runApiBench({ ...defaultApiOptions, ...variants[name], log: (line) => console.log(line) });
    printApiResults(results[name]!);
  }
  console.log('\n== summary: svcpay req/s, p50/p99 ms, ratio to the mock in the same run');
  for (const [name, r] of Object.entries(results)) {
    for (const store of r.settings.stores) {
      const s = r.svcpay[store]!;
      const cell = (op: 'create' | 'read') => {
        const v = r.verdicts.find((x) => x.store === store && x.op === op)!;
        return `${s[op].reqPerSec.toFixed(0).padStart(6)} ${s[op].p50.toFixed(1).padStart(6)}/${s[op].p99.toFixed(0).padEnd(5)} ${v.ratio.toFixed(2)}x`;
      };
      console.log(`${`${name} ${store}`.padEnd(40)} create ${cell('create')}   read ${cell('read')}   start ${s.startupMs} ms, RSS ${s.rssMb} MB`);
    }
  }
  const file = join(repoRoot, 'bench', 'results.json');
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, `${JSON.stringify({ ...previous, apiVariants: results }, null, 2)}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
