/**
 * Where the time goes in a V8 `.cpuprofile` (from `node --cpu-prof`), by area: node's http/net
 * internals, undici's Request/Response, each npm package, svcpay's own folders, sqlite, GC.
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [--top 25] [--skip-ms 0]
 *
 * Self time is where the CPU was; inclusive time is every sample with the area anywhere on its
 * stack, counted once per sample however deep the recursion. Native calls (no script URL) are
 * charged to the area that called them, except better-sqlite3's statement calls, which are sqlite.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export interface AreaTime {
  area: string;
  selfMs: number;
  inclusiveMs: number;
}

export interface FunctionTime {
  name: string;
  area: string;
  selfMs: number;
}

export interface Summary {
  totalMs: number;
  /** Samples that were not idle: the denominator of every share printed. */
  busyMs: number;
  areas: AreaTime[];
  functions: FunctionTime[];
}

/** better-sqlite3's native Statement and Database methods; the JS wrappers around them are in its lib/. */
const SQLITE_NATIVE = new Set(['run', 'get', 'all', 'iterate', 'exec', 'prepare', 'pragma', 'raw', 'pluck', 'bind', 'Statement', 'Database']);

/** The area a script URL belongs to; null for native frames, which take their caller's. */
export function areaOfUrl(url: string, root: string): string | null {
  if (url === '') return null;
  if (url.startsWith('node:internal/deps/undici')) return 'undici (fetch, Request/Response/Headers)';
  if (/^node:(_http_|http\b|internal\/http|internal\/streams\/|stream\b|net\b|internal\/net|internal\/stream_base)/.test(url)) return 'node http/net/streams';
  if (url.startsWith('node:internal/modules/')) return 'node module loading (start-up)';
  if (url.startsWith('node:internal/webstreams/')) return 'node web streams';
  // AbortSignals are transferable objects in Node 20: each full Request pays for one.
  if (/^node:internal\/(abort_controller|worker\/js_transferable|event_target)/.test(url)) return 'node AbortController/EventTarget';
  if (/^node:(internal\/)?crypto/.test(url)) return 'node crypto';
  if (/^node:(internal\/process\/task_queues|internal\/timers|timers)/.test(url)) return 'node event loop (ticks, timers)';
  if (url.startsWith('node:')) return 'node other';
  // The innermost package: a nested copy is still the package it is a copy of.
  const inner = url.lastIndexOf('/node_modules/');
  const modules = inner >= 0 ? /^(?:@[^/]+\/)?[^/]+/.exec(url.slice(inner + '/node_modules/'.length)) : null;
  if (modules) return modules[0];
  const path = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  if (path.startsWith(`${root}/src/server/`)) {
    const rest = path.slice(`${root}/src/server/`.length);
    const dir = rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : rest.replace(/\.ts$/, '');
    return `svcpay ${dir}`;
  }
  if (path.startsWith(`${root}/src/`)) return 'svcpay (shared src)';
  if (path.startsWith(`${root}/sandbox-processor/`)) return 'sandbox processor';
  return 'other scripts';
}

/** `skipMs`: leave out the first milliseconds of the profile (start-up and warm-up). */
export function summarise(profile: CpuProfile, root: string, skipMs = 0): Summary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  // Each node's own area, then the set of areas on its path from the root.
  const area = new Map<number, string>();
  const onStack = new Map<number, Set<string>>();
  const special: Record<string, string> = { '(garbage collector)': 'GC', '(program)': 'V8/native (program)', '(idle)': 'idle', '(root)': 'root' };
  const visit = (id: number, inherited: string | null, above: Set<string>) => {
    const n = byId.get(id)!;
    const { functionName, url } = n.callFrame;
    // Own keys only: a function named `toString` or `constructor` is not a special frame.
    let own = (Object.hasOwn(special, functionName) ? special[functionName] : undefined) ?? areaOfUrl(url, root);
    if (own === null) own = url === '' && SQLITE_NATIVE.has(functionName) && (inherited === 'better-sqlite3' || inherited?.startsWith('svcpay')) ? 'sqlite (native)' : (inherited ?? 'V8/native (program)');
    area.set(id, own);
    const set = new Set(above).add(own);
    onStack.set(id, set);
    const next = own === 'sqlite (native)' ? inherited : own;
    for (const c of n.children ?? []) visit(c, next, set);
  };
  const roots = profile.nodes.filter((n) => !parent.has(n.id));
  for (const r of roots) visit(r.id, null, new Set());

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const fnSelf = new Map<string, FunctionTime>();
  let totalMs = 0;
  let idleMs = 0;
  let elapsedMs = 0;
  profile.samples.forEach((id, i) => {
    // timeDeltas[i] is the time since the previous sample: charge it to the sample it ends at.
    const ms = Math.max(0, profile.timeDeltas[i] ?? 0) / 1000;
    elapsedMs += ms;
    if (elapsedMs <= skipMs) return;
    totalMs += ms;
    const a = area.get(id) ?? 'unknown';
    if (a === 'idle') {
      idleMs += ms;
      return;
    }
    self.set(a, (self.get(a) ?? 0) + ms);
    for (const s of onStack.get(id) ?? []) if (s !== 'root') inclusive.set(s, (inclusive.get(s) ?? 0) + ms);
    const frame = byId.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url, root)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`.trim();
    const f = fnSelf.get(name) ?? { name, area: a, selfMs: 0 };
    f.selfMs += ms;
    fnSelf.set(name, f);
  });

  const areas = [...new Set([...self.keys(), ...inclusive.keys()])]
    .map((a) => ({ area: a, selfMs: self.get(a) ?? 0, inclusiveMs: inclusive.get(a) ?? 0 }))
    .sort((x, y) => y.selfMs - x.selfMs);
  const functions = [...fnSelf.values()].sort((x, y) => y.selfMs - x.selfMs);
  return { totalMs, busyMs: totalMs - idleMs, areas, functions };
}

function shortUrl(url: string, root: string): string {
  if (url === '') return '';
  const path = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  const modules = path.lastIndexOf('/node_modules/');
  if (modules >= 0) return path.slice(modules + '/node_modules/'.length);
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
}

export function formatSummary(s: Summary, top = 25): string[] {
  const pct = (ms: number) => `${((100 * ms) / (s.busyMs || 1)).toFixed(1)}%`.padStart(7);
  const lines = [`busy ${(s.busyMs / 1000).toFixed(2)} s of ${(s.totalMs / 1000).toFixed(2)} s profiled; shares are of busy time`, '', `${'area'.padEnd(44)}${'self'.padStart(7)}${'incl'.padStart(8)}`];
  for (const a of s.areas) lines.push(`${a.area.padEnd(44)}${pct(a.selfMs)} ${pct(a.inclusiveMs)}`);
  lines.push('', `top ${top} functions by self time`);
  for (const f of s.functions.slice(0, top)) lines.push(`${pct(f.selfMs)}  ${f.name}  [${f.area}]`);
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [--top N] [--skip-ms N]');
    process.exit(2);
  }
  const topAt = process.argv.indexOf('--top');
  const top = topAt > 0 ? Number(process.argv[topAt + 1]) : 25;
  const skipAt = process.argv.indexOf('--skip-ms');
  const skipMs = skipAt > 0 ? Number(process.argv[skipAt + 1]) : 0;
  const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  console.log(formatSummary(summarise(profile, root, skipMs), top).join('\n'));
}
