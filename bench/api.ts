/**
 * API throughput and latency (issue: platform bench): `POST /v1/sessions` and `GET /v1/sessions/{id}`
 * on svcpay, against stripe-stateful-mock creating and reading customers, and (payment engine
 * issue) `POST /v1/payment_intents` charging an approved sandbox card vaulted once beforehand,
 * against the mock charging its test card (it has no payment intents), driven by autocannon with
 * the same connections, pipelining and duration. Both run as child processes started the way their
 * users start them; runs are interleaved (mock, memory, file, mock, ...) so a noisy moment on a
 * shared machine lands on every server rather than on one.
 */
import autocannon, { type Options as CannonOptions } from 'autocannon';
import { fold, judge, type Figure, type Round, type Verdict } from './api-stats.ts';
import { startMock, startSvcpay, type Running, type RunningSvcpay, type Runtime, type Store } from './api-servers.ts';

/** One svcpay process to measure; experiments add node flags and env (bench/api-variants.ts). */
export interface SvcpayServer {
  label: string;
  store: Store;
  runtime: Runtime;
  nodeArgs?: string[];
  env?: Record<string, string>;
}

export interface ApiBenchOptions {
  seconds: number;
  warmupSeconds: number;
  rounds: number;
  connections: number;
  pipelining: number;
  /** Every one is interleaved with the mock and with each other, round by round. */
  servers: SvcpayServer[];
  log?: (line: string) => void;
}

export const defaultApiOptions: ApiBenchOptions = {
  // 3 ops x 2 rounds x 5 servers x 4 s, plus 3 s warm-ups and start-ups: about 3 minutes in all.
  // The warm-up matters: the first seconds of a fresh process run unoptimised code.
  seconds: Number(process.env.BENCH_API_SECONDS ?? 4),
  warmupSeconds: 3,
  rounds: 2,
  connections: 50,
  pipelining: 1,
  servers: [
    { label: 'memory', store: 'memory', runtime: 'tsx' },
    { label: 'file', store: 'file', runtime: 'tsx' },
    // Issue 21: PostgreSQL, one instance and two (reported, no aim). BENCH_POSTGRES=off leaves them out.
    ...(process.env.BENCH_POSTGRES === 'off' ? [] : [
      { label: 'postgres', store: 'postgres' as const, runtime: 'tsx' as const },
      { label: 'postgres x2', store: 'postgres-2' as const, runtime: 'tsx' as const },
    ]),
  ],
};

type Op = 'create' | 'read' | 'charge';
const ops: Op[] = ['create', 'read', 'charge'];

export interface ApiResults {
  date: string;
  settings: Omit<ApiBenchOptions, 'log'>;
  mock: Record<Op, Figure>;
  svcpay: Record<string, Record<Op, Figure> & { store: Store; runtime: Runtime; startupMs: number; rssMb: number | null; peakRssMb: number | null }>;
  verdicts: Verdict[];
}

interface Target {
  name: string;
  server: Running;
  requests: Record<Op, CannonOptions>;
}

export async function runApiBench(opts: ApiBenchOptions = defaultApiOptions): Promise<ApiResults> {
  const log = opts.log ?? (() => undefined);
  const running: Running[] = [];
  try {
    // One at a time, so each start-up time is measured on a quiet machine.
    const mock = await startMock();
    running.push(mock);
    const svcpay = new Map<SvcpayServer, RunningSvcpay>();
    for (const server of opts.servers) {
      const s = await startSvcpay(server);
      running.push(s);
      svcpay.set(server, s);
      log(`svcpay ${server.label} (${server.runtime}, ${server.store} store) ready in ${Math.round(s.startupMs)} ms`);
    }

    const targets: Target[] = [await mockTarget(mock)];
    for (const [server, s] of svcpay) targets.push(await svcpayTarget(server.label, s));

    const rounds = new Map<string, Round[]>();
    for (const op of ops) {
      for (const t of targets) await drive(t, op, opts, opts.warmupSeconds);
      for (let i = 0; i < opts.rounds; i++) {
        for (const t of targets) {
          const r = await drive(t, op, opts, opts.seconds);
          const key = `${t.name}/${op}`;
          rounds.set(key, [...(rounds.get(key) ?? []), r]);
          log(`  ${op.padEnd(6)} ${t.name.padEnd(24)} round ${i + 1}: ${Math.round(r.requests / r.seconds)} req/s, p99 ${r.p99} ms`);
        }
      }
    }

    const figure = (name: string, op: Op) => fold(rounds.get(`${name}/${op}`) ?? []);
    const mockFigures = { create: figure('mock', 'create'), read: figure('mock', 'read'), charge: figure('mock', 'charge') };
    const results: ApiResults = { date: new Date().toISOString(), settings: settingsOf(opts), mock: mockFigures, svcpay: {}, verdicts: [] };
    for (const [{ label, store, runtime }, s] of svcpay) {
      const mem = s.memory();
      results.svcpay[label] = {
        create: figure(label, 'create'),
        read: figure(label, 'read'),
        charge: figure(label, 'charge'),
        store,
        runtime,
        startupMs: Math.round(s.startupMs),
        rssMb: mem ? round1(mem.rssMb) : null,
        peakRssMb: mem ? round1(mem.peakMb) : null,
      };
      for (const op of ops) results.verdicts.push(judge(label, store, op, figure(label, op), mockFigures[op]));
    }
    return results;
  } finally {
    await Promise.all(running.map((r) => r.stop()));
  }
}

async function drive(t: Target, op: Op, opts: ApiBenchOptions, seconds: number): Promise<Round> {
  const cpuBefore = t.server.cpuMs();
  const r = await autocannon({ ...t.requests[op], connections: opts.connections, pipelining: opts.pipelining, duration: seconds });
  const cpuAfter = t.server.cpuMs();
  const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return { requests: r.requests.total, seconds: r.duration, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx, cpuMs };
}

/** Stripe's shape: form-encoded bodies and a `sk_test_` bearer key (the mock accepts any). */
async function mockTarget(mock: Running): Promise<Target> {
  const headers = { authorization: 'Bearer sk_test_svcpaybench', 'content-type': 'application/x-www-form-urlencoded' };
  const body = new URLSearchParams({ email: 'bench@example.com', description: 'bench customer' }).toString();
  const made = await fetch(`${mock.url}/v1/customers`, { method: 'POST', headers, body });
  if (!made.ok) throw new Error(`stripe-stateful-mock: POST /v1/customers answered ${made.status}: ${await made.text()}`);
  const { id } = (await made.json()) as { id: string };
  // Its peer of a charge: the mock has no payment intents, so a charge of its approved test card.
  const charge = new URLSearchParams({ amount: '1999', currency: 'usd', source: 'tok_visa' }).toString();
  const paid = await fetch(`${mock.url}/v1/charges`, { method: 'POST', headers, body: charge });
  if (!paid.ok) throw new Error(`stripe-stateful-mock: POST /v1/charges answered ${paid.status}: ${await paid.text()}`);
  return {
    name: 'mock',
    server: mock,
    requests: {
      create: { url: `${mock.url}/v1/customers`, method: 'POST', headers, body },
      read: { url: `${mock.url}/v1/customers/${id}`, method: 'GET', headers: { authorization: headers.authorization } },
      charge: { url: `${mock.url}/v1/charges`, method: 'POST', headers, body: charge },
    },
  };
}

async function svcpayTarget(label: string, s: RunningSvcpay): Promise<Target> {
  const headers = { authorization: `Bearer ${s.secretKey}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ amount: 1999, currency: 'usd', description: 'bench session' });
  const made = await fetch(`${s.url}/v1/sessions`, { method: 'POST', headers, body });
  if (made.status !== 201) throw new Error(`svcpay ${label}: POST /v1/sessions answered ${made.status}: ${await made.text()}`);
  const { id } = (await made.json()) as { id: string };
  // The card is vaulted once, saved for a buyer so it can be charged again and again.
  const vaulted = await fetch(`${s.url}/v1/tokens`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ provider_reference: 'tok_sandbox_visa_4242', buyer_id: 'bench_buyer', setup_for_future_use: 'on_session' }),
  });
  if (vaulted.status !== 201) throw new Error(`svcpay ${label}: POST /v1/tokens answered ${vaulted.status}: ${await vaulted.text()}`);
  const token = (await vaulted.json()) as { id: string };
  const charge = JSON.stringify({ amount: 1999, currency: 'usd', payment_method: { id: token.id } });
  const paid = await fetch(`${s.url}/v1/payment_intents`, { method: 'POST', headers, body: charge });
  if (paid.status !== 201) throw new Error(`svcpay ${label}: POST /v1/payment_intents answered ${paid.status}: ${await paid.text()}`);
  return {
    name: label,
    server: s,
    requests: {
      create: { url: `${s.url}/v1/sessions`, method: 'POST', headers, body },
      read: { url: `${s.url}/v1/sessions/${id}`, method: 'GET', headers: { authorization: headers.authorization } },
      charge: { url: `${s.url}/v1/payment_intents`, method: 'POST', headers, body: charge },
    },
  };
}

export function printApiResults(r: ApiResults, print: (line: string) => void = console.log): void {
  const s = r.settings;
  print(`API: ${s.connections} connections, pipelining ${s.pipelining}, ${s.rounds} x ${s.seconds} s per server and operation; cpu ms = server CPU per request`);
  const width = Math.max(32, ...s.servers.map((x) => x.label.length + 15));
  print(`${pad('server', width)}${pad('req/s', 9, true)}${pad('p50 ms', 9, true)}${pad('p99 ms', 9, true)}${pad('err', 6, true)}${pad('non2xx', 8, true)}${pad('cpu ms', 9, true)}${pad('ratio', 8, true)}  aim`);
  for (const op of ops) {
    const row = (name: string, f: Figure, tail: string) =>
      print(`${pad(`${op} ${name}`, width)}${pad(f.reqPerSec.toFixed(0), 9, true)}${pad(f.p50.toFixed(1), 9, true)}${pad(f.p99.toFixed(1), 9, true)}${pad(String(f.errors), 6, true)}${pad(String(f.non2xx), 8, true)}${pad(f.cpuMsPerRequest === null ? '?' : `${f.cpuMsPerRequest.toFixed(2)}`, 9, true)}${tail}`);
    const mockName = { create: 'mock POST /v1/customers', read: 'mock GET /v1/customers/id', charge: 'mock POST /v1/charges' }[op];
    row(mockName, r.mock[op], '');
    for (const { label } of s.servers) {
      const f = r.svcpay[label]?.[op];
      const v = r.verdicts.find((x) => x.server === label && x.op === op);
      if (f && v) row(`svcpay ${label}`, f, `${pad(`${v.ratio.toFixed(2)}x`, 8, true)}  ${v.misses.length ? `MISSED: ${v.misses.join('; ')}` : 'ok'}`);
    }
  }
  for (const { label } of s.servers) {
    const m = r.svcpay[label];
    if (m) print(`svcpay ${label} (${m.runtime}): start-up ${m.startupMs} ms, RSS after load ${m.rssMb ?? '?'} MB (peak ${m.peakRssMb ?? '?'} MB)`);
  }
}

function settingsOf(opts: ApiBenchOptions): ApiResults['settings'] {
  const { log: _log, ...rest } = opts;
  return rest;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const pad = (s: string, width: number, right = false) => (right ? s.padStart(width) : s.padEnd(width));
