/**
 * CPU profile of svcpay under the API bench's load: starts the server with `node --cpu-prof`,
 * warms it up, drives one operation at 50 connections, stops it (the profile is written on exit)
 * and prints bench/profile-summary.ts's breakdown.
 *
 *   npx tsx bench/profile-api.ts [--op create|read|charge] [--store memory|file] [--runtime tsx|dist] [--seconds 10]
 *                                [--experiment sqlite-sync-normal]   (bench/experiments/hooks.mjs)
 *
 * The profile covers the whole process (it cannot start late from the command line); the summary
 * leaves out everything before the measured part: start-up, module loading and the warm-up.
 */
import autocannon from 'autocannon';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSvcpay, type Runtime, type Store } from './api-servers.ts';
import { formatSummary, summarise, type CpuProfile } from './profile-summary.ts';
import { repoRoot } from '../e2e/fixtures/server.ts';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const op = arg('op', 'create');
const store = arg('store', 'memory') as Store;
const runtime = arg('runtime', 'tsx') as Runtime;
const seconds = Number(arg('seconds', '10'));
const experiment = arg('experiment', '');

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'svcpay-prof-'));
  const spawned = performance.now();
  const hooks = experiment ? ['--import', join(repoRoot, 'bench', 'experiments', 'register.mjs')] : [];
  const server = await startSvcpay({
    store,
    runtime,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...hooks],
    env: experiment ? { BENCH_EXPERIMENT: experiment } : {},
  });
  let result;
  let skipMs = 0;
  try {
    const headers = { authorization: `Bearer ${server.secretKey}`, 'content-type': 'application/json' };
    const body = JSON.stringify({ amount: 1999, currency: 'usd', description: 'bench session' });
    const made = (await (await fetch(`${server.url}/v1/sessions`, { method: 'POST', headers, body })).json()) as { id: string };
    const vaulted = await fetch(`${server.url}/v1/tokens`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ provider_reference: 'tok_sandbox_visa_4242', buyer_id: 'bench_buyer', setup_for_future_use: 'on_session' }),
    });
    const token = (await vaulted.json()) as { id: string };
    const requests = {
      create: { url: `${server.url}/v1/sessions`, method: 'POST', headers, body },
      read: { url: `${server.url}/v1/sessions/${made.id}`, method: 'GET', headers },
      charge: { url: `${server.url}/v1/payment_intents`, method: 'POST', headers, body: JSON.stringify({ amount: 1999, currency: 'usd', payment_method: { id: token.id } }) },
    } as const;
    const request = requests[op as keyof typeof requests];
    if (!request) throw new Error(`--op must be create, read or charge, not ${op}`);
    await autocannon({ ...request, connections: 50, duration: 3 });
    skipMs = performance.now() - spawned;
    result = await autocannon({ ...request, connections: 50, duration: seconds });
  } finally {
    await server.stop();
  }
  // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread; tsx's
  // module-loader worker writes one of its own.
  const file = readdirSync(dir).find((f) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  if (!file) throw new Error(`no .cpuprofile in ${dir}: did the server exit cleanly?`);
  console.log(`${op} on ${runtime}/${store}${experiment ? ` with ${experiment}` : ''}: ${Math.round(result.requests.total / result.duration)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`);
  console.log(`profile: ${join(dir, file)}`);
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
  console.log(formatSummary(summarise(profile, repoRoot, skipMs)).join('\n'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
