/**
 * No input produces a 500, every refusal carries the envelope and writes nothing (brief,
 * Standards; Doc 1, Errors). Every route the app serves is driven with valid requests first, then
 * with mutated bodies and varied headers. `FUZZ_SEED` and `FUZZ_RUNS` replay or widen a run; the
 * seed and the failing request are printed on failure.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerPlan, mutatedPlan, run, tally, validPlan, type Plan, type Tally } from './runner.ts';
import type { RouteSpec } from './route-spec.ts';
import { specKey, uncovered, withSchemas } from './routes.ts';
import { buildWorld, type World } from './world.ts';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 1;
/**
 * `npm run unit:postgres` (issue 37): every request crosses to PostgreSQL and the row watch reads
 * every table after it (about 100 ms a request), so the run there is what only PostgreSQL can
 * answer differently: half the mutated bodies (where text it cannot store arrives) and of the
 * rate-limit run, a third of the valid requests and a quarter of the headers. How often each route's
 * valid requests succeed is the generators' matter, the same on either backend: the SQLite run checks it.
 */
const ON_PG = process.env.SVCPAY_TEST_PG_BASE !== undefined;
const REFUSALS = ON_PG ? 0.5 : 1;
const VALID = ON_PG ? 1 / 3 : 1;
const OTHER = ON_PG ? 0.25 : 1;
/** Brief: the property must reach the handlers; a create route below this share is a failure. */
const MIN_SUCCESS = 0.2;

const options = (numRuns: number) => ({ seed: SEED, numRuns: Math.ceil(numRuns * RUNS), verbose: 1 as const, endOnFailure: true });

let w: World;
let specs: RouteSpec[];
let planFor: (spec: RouteSpec) => fc.Arbitrary<Plan>;
let documented: (key: string, status: number) => boolean;
const valid = new Map<string, Tally>();
const all = new Map<string, Tally>();

beforeAll(async () => {
  console.info(`fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), runs x${RUNS}`);
  w = await buildWorld({ SVCPAY_RATE_LIMITS: 'off' });
  const s = withSchemas(w.t.app);
  specs = s.specs;
  documented = s.documented;
  planFor = (spec) => validPlan(spec, s.refs);
});

afterAll(() => {
  const rows = [...all.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, t]) => {
    const v = valid.get(k);
    return `  ${k.padEnd(48)} valid ${v ? `${v.ok}/${v.total}` : '-'} 2xx; all ${t.ok}/${t.total} 2xx; valid refused: ${JSON.stringify(v?.codes ?? {})}`;
  });
  console.info(`fuzz (seed ${SEED}): answers per route\n${rows.join('\n')}`);
});

/** Runs a property and puts the seed beside fast-check's report, which names the failing request. */
async function check(name: string, arb: fc.Arbitrary<Plan>, runs: number, into?: Map<string, Tally>) {
  try {
    await fc.assert(
      fc.asyncProperty(arb, async (plan) => {
        const outcome = await run(w, plan, documented);
        tally(all, specKey(plan.spec), outcome);
        if (into) tally(into, specKey(plan.spec), outcome);
      }),
      options(runs),
    );
    // The row check above trusts the triggers; a full read proves they missed no write.
    expect((await w.watch.service.verify()) && w.watch.sandbox.verify(), 'the row watch missed a write').toBe(true);
  } catch (e) {
    const cause = (e as Error).cause instanceof Error ? `\n${((e as Error).cause as Error).message}` : '';
    throw new Error(`fuzz "${name}" failed with FUZZ_SEED=${SEED}\n${(e as Error).message}${cause}`);
  }
}

describe('fuzz: every route', { timeout: ON_PG ? 600_000 : 120_000 }, () => {
  it('has a generator for every route the app serves', () => {
    expect(uncovered(w.t.app), 'routes with no generator in src/server/fuzz/routes.ts').toEqual([]);
  });

  it('valid requests succeed often enough to reach the handlers', async () => {
    // About 70 routes share the runs: 1200 give each enough samples that the success rate of a
    // create route is not a coin toss (700 let a route with five samples fall under MIN_SUCCESS).
    await check('valid', fc.oneof(...specs.map(planFor)), 1200 * VALID, valid);
    if (ON_PG) return;
    for (const spec of specs) {
      const t = valid.get(specKey(spec));
      expect(t, `${specKey(spec)} was never exercised`).toBeDefined();
      if (spec.create) expect(t!.ok / t!.total, `${specKey(spec)}: ${t!.ok}/${t!.total} valid requests succeeded`).toBeGreaterThanOrEqual(MIN_SUCCESS);
    }
  });

  it('mutated bodies are refused or handled, never a 500, never a write on refusal', async () => {
    await check('mutated bodies', fc.oneof(...specs.map((s) => mutatedPlan(planFor(s)))), 700 * REFUSALS);
  });

  it('varied headers are refused or handled, never a 500, never a write on refusal', async () => {
    await check('varied headers', fc.oneof(...specs.map((s) => headerPlan(planFor(s)))), 600 * OTHER);
  });
});

describe('fuzz: with rate limits on', { timeout: ON_PG ? 180_000 : 60_000 }, () => {
  it('a 429 is an envelope with Retry-After and writes nothing, like any refusal', async () => {
    const limited = await buildWorld({});
    const s = withSchemas(limited.t.app);
    const seen = new Map<string, Tally>();
    // One address for every request, so the per-IP buckets (10 session creates a minute) do fill.
    const oneIp = (spec: RouteSpec) => validPlan(spec, s.refs).map((p) => Object.assign(p, { ip: '198.51.100.99' }));
    // The routes with the tightest buckets (10 creates and 30 reads per IP a minute), so 150 runs fill them.
    const metered = new Set(['POST /v1/sessions', 'GET /v1/sessions/:sessionId', 'GET /v1/capabilities', 'POST /v1/public/telemetry/browser']);
    const creates = s.specs.filter((spec) => metered.has(`${spec.method} ${spec.path}`));
    await fc.assert(
      fc.asyncProperty(fc.oneof(...creates.map(oneIp)), async (plan) => {
        const outcome = await run(limited, plan, s.documented);
        tally(seen, 'all', outcome);
      }),
      options(150 * REFUSALS),
    );
    const codes = seen.get('all')!.codes;
    expect((codes.rate_limit_exceeded ?? 0) + (codes.rate_limit_exceeded_per_key ?? 0), 'no request was ever rate limited').toBeGreaterThan(0);
  });
});
