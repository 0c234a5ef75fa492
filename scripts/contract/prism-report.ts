/**
 * What `npm run contract:prism` prints (issue 35): the answers Prism's validating proxy flagged,
 * grouped by cause (the violation's message and where in the answer, array indices folded), each
 * cause with the operations and statuses it was seen on; then the request violations the traffic
 * provoked on purpose, and the contract's operations the traffic did not reach.
 */
import type { Exchange, Violation } from './prism-driver.ts';
import type { Operation } from './prism-sweep.ts';

export interface Cause {
  kind: 'response' | 'request';
  /** Prism's: `Error` (the shape) or `Warning` (a status the operation does not list). */
  severity: string;
  message: string;
  where: string;
  count: number;
  /** `METHOD /template status`, each with how many answers. */
  seenOn: Record<string, number>;
  /** One label of the traffic that provoked it. */
  example: string;
}

export interface Report {
  /** Answers of the service (through the proxy). */
  answers: number;
  /** Calls Prism answered itself without forwarding them, so nothing of the service was measured. */
  notForwarded: string[];
  operationsInContract: number;
  operationsReached: number;
  notReached: string[];
  answersWithResponseViolations: number;
  answersWithRequestViolations: number;
  responseViolations: number;
  /** Answers per status. */
  statuses: Record<string, number>;
  /** Requests the contract forbids that the service took (2xx): the contract is stricter than the service there. */
  acceptedThoughForbidden: string[];
  causes: Cause[];
}

function template(ops: Operation[], method: string, path: string): string {
  const match = ops.find((o) => o.method === method && new RegExp(`^${o.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path));
  return match ? match.path : `${path} (not in the contract)`;
}

const where = (v: Violation) => v.location.slice(1).map((p) => (/^\d+$/.test(p) ? '[]' : p)).join('.');
const kindOf = (v: Violation): Cause['kind'] => (v.location[0] === 'response' ? 'response' : 'request');

export function buildReport(ops: Operation[], exchanges: Exchange[]): Report {
  const causes = new Map<string, Cause>();
  const reached = new Set<string>();
  let withResponse = 0;
  let withRequest = 0;
  let responseViolations = 0;
  const statuses: Record<string, number> = {};
  const accepted = new Set<string>();
  const notForwarded = new Map<string, number>();
  const forwarded = exchanges.filter((x) => {
    if (x.fromService) return true;
    const what = `${x.status} (${x.label.replace(/^sweep: /, '')}): ${x.excerpt.slice(0, 80)}`;
    notForwarded.set(what, (notForwarded.get(what) ?? 0) + 1);
    return false;
  });
  for (const x of forwarded) {
    const t = template(ops, x.method, x.path);
    reached.add(`${x.method} ${t}`);
    statuses[x.status] = (statuses[x.status] ?? 0) + 1;
    const forbidden = x.violations.filter((v) => kindOf(v) === 'request' && v.severity === 'Error');
    if (x.status < 300 && forbidden.length > 0) accepted.add(`${x.method} ${t} ${x.status} (${x.label}): ${forbidden.map((v) => v.message).join('; ')}`);
    if (x.violations.some((v) => kindOf(v) === 'response')) withResponse++;
    if (x.violations.some((v) => kindOf(v) === 'request')) withRequest++;
    for (const v of x.violations) {
      const kind = kindOf(v);
      if (kind === 'response') responseViolations++;
      const key = `${kind}|${v.severity}|${where(v)}|${v.message}`;
      const c = causes.get(key) ?? { kind, severity: v.severity, message: v.message, where: where(v), count: 0, seenOn: {}, example: x.label };
      c.count++;
      const on = `${x.method} ${t} ${x.status}`;
      c.seenOn[on] = (c.seenOn[on] ?? 0) + 1;
      causes.set(key, c);
    }
  }
  const all = ops.map((o) => `${o.method} ${o.path}`);
  return {
    answers: forwarded.length,
    notForwarded: [...notForwarded].map(([what, n]) => `${n} x ${what}`),
    operationsInContract: all.length,
    operationsReached: all.filter((o) => reached.has(o)).length,
    notReached: all.filter((o) => !reached.has(o)),
    answersWithResponseViolations: withResponse,
    answersWithRequestViolations: withRequest,
    responseViolations,
    statuses,
    acceptedThoughForbidden: [...accepted],
    causes: [...causes.values()].sort((a, b) => (a.kind === b.kind ? b.count - a.count : a.kind === 'response' ? -1 : 1)),
  };
}

export function printReport(r: Report, out: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): void {
  out('');
  out(`Prism validating proxy: ${r.answers} answers, ${r.operationsReached} of ${r.operationsInContract} operations of /openapi.json reached`);
  if (r.notReached.length > 0) out(`  not reached: ${r.notReached.join(', ')}`);
  for (const line of r.notForwarded) out(`  answered by Prism itself, not forwarded (not counted): ${line}`);
  out(`  answers that break the contract (response violations): ${r.answersWithResponseViolations} (${r.responseViolations} violations)`);
  out(`  statuses: ${Object.entries(r.statuses).map(([s, n]) => `${s} x${n}`).join(', ')}`);
  out(`  requests Prism found invalid (the traffic's bad inputs, on purpose): ${r.answersWithRequestViolations}`);
  out(`  of which the service took (2xx) what the contract forbids: ${r.acceptedThoughForbidden.length}`);
  for (const line of r.acceptedThoughForbidden) out(`      ${line}`);
  for (const kind of ['response', 'request'] as const) {
    const list = r.causes.filter((c) => c.kind === kind);
    out('');
    out(kind === 'response' ? `Response violations by cause (${list.length}):` : `Request violations by cause (${list.length}; expected: bad inputs):`);
    for (const c of list) {
      out(`  ${c.count} x [${c.severity}] ${c.where || `(the whole ${kind})`}: ${c.message}`);
      for (const [on, n] of Object.entries(c.seenOn).sort()) out(`      ${on}${n > 1 ? ` (${n})` : ''}`);
      if (kind === 'response') out(`      e.g. ${c.example}`);
    }
  }
}
