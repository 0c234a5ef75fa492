/**
 * What the process entries check of their environment before they start (issue 36): a misspelt
 * variable (PROCESOR_PORT) is named with the one it was probably meant to be, instead of being
 * silently ignored; a bad value or a port in use ends the start with one line naming the variable
 * (an EnvError), never a stack trace.
 */
import { EnvError, EnvSchema, loadConfig, type Config } from './env.ts';

/**
 * Variables of svcpay's name that other parts read, so they are not reported as unknown: the CLI's
 * and a merchant's server's (docs/merchant.md, docs/qa.md), compose's, the balancer's, and the test
 * suites' own (a start under `npm test` sees them).
 */
export const READ_ELSEWHERE = [
  'SVCPAY_SECRET_KEY',
  'SVCPAY_API_VERSION',
  'SVCPAY_ENGINES_SKIP',
  'SVCPAY_WHSEC',
  'SVCPAY_MERCHANT_ID',
  'SVCPAY_DATABASE_PASSWORD',
  'BALANCER_PORT',
  'SVCPAY_E2E_BACKEND',
  'SVCPAY_E2E_STATE',
  'SVCPAY_E2E_KEEP',
  'SVCPAY_FAULT_RUNS',
  'SVCPAY_FAULT_SEED',
  'SVCPAY_FAULT_SURVEY',
  'SVCPAY_FAULT_PATH',
  'SVCPAY_TEST_PG_BASE',
  'SVCPAY_REQUIRE_POSTGRES',
  'SVCPAY_PACK_KEEP',
  'SVCPAY_CONTRACT_SURVEY',
  'SVCPAY_ANSWERS_DIR',
] as const;

const known: readonly string[] = [...Object.keys(EnvSchema.shape), ...READ_ELSEWHERE];

/** The variables this check looks at: svcpay's prefix, and ports, the one kind of typo that moves a listener. */
const ours = (name: string) => name.startsWith('SVCPAY_') || name === 'PORT' || name.endsWith('_PORT');

/**
 * One warning line per variable of ours that nothing reads, with the nearest known name when it is
 * close. A `_PORT` of another program (a container's service links set many) is only named when
 * it looks like a misspelling of ours.
 */
export function unknownVariables(env: Readonly<Record<string, string | undefined>>): string[] {
  const lines: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (!ours(name) || known.includes(name)) continue;
    const near = nearest(name);
    if (near) lines.push(`svcpay: warning: ${name} is not a variable svcpay reads; did you mean ${near}? (ignored)`);
    else if (name.startsWith('SVCPAY_')) lines.push(`svcpay: warning: ${name} is not a variable svcpay reads (ignored; docs/operator.md lists them)`);
  }
  return lines;
}

/** The known name within a few edits of `name` (about one in four letters), the closest first. */
function nearest(name: string): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(name, candidate);
    if (distance <= Math.max(2, Math.floor(candidate.length / 4)) && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/** Levenshtein distance, an adjacent swap (ULR for URL) counting as one edit. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The configuration of a process entry, after its warnings are printed; throws an EnvError for a bad value. */
export function checkedConfig(env: Readonly<Record<string, string | undefined>> = process.env, warn = (line: string) => void process.stderr.write(`${line}\n`)): Config {
  for (const line of unknownVariables(env)) warn(line);
  return loadConfig(env);
}

/**
 * How a process entry ends a failed start: an EnvError is its own line (the variable and what it
 * takes); anything else is one line after `what failed to start:`. No stack trace either way.
 */
export function exitOnStartFailure(what: string): (err: unknown) => never {
  return (err) => {
    const line = err instanceof EnvError ? err.message : `${what} failed to start: ${err instanceof Error ? err.message : String(err)}`;
    process.stderr.write(`${line}\n`);
    process.exit(1);
  };
}
