/**
 * The image (Dockerfile) cannot be built here (no container engine): this checks what it promises
 * (issue 32, finding 9). The final stage holds production dependencies only and runs as a user
 * other than root; its entrypoint turns the sandbox control API off unless a token is set, which
 * this runs with sh as the container would.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/env.ts';

const root = resolve(import.meta.dirname, '../..');
const ENTRYPOINT = 'scripts/container/entrypoint.sh';
/** The Dockerfile's instructions, comments and blank lines dropped, split into stages. */
const stages = readFileSync(resolve(root, 'Dockerfile'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.trim().startsWith('#'))
  .reduce<string[][]>((all, line) => (line.startsWith('FROM ') ? [...all, [line]] : (all.at(-1)!.push(line), all)), []);
const final = stages.at(-1)!;
const stageNamed = (name: string) => stages.find((s) => s[0]!.endsWith(` AS ${name}`));

/** The environment the entrypoint hands the server, from `env` alone. */
function throughEntrypoint(env: Record<string, string>): Record<string, string> {
  const out = execFileSync('sh', [resolve(root, ENTRYPOINT), 'env', '-0'], { env: { PATH: process.env.PATH!, ...env }, encoding: 'utf8' });
  return Object.fromEntries(out.split('\0').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
}

describe('Dockerfile (issue 32, finding 9)', () => {
  it('runs the final stage as an unprivileged user', () => {
    const users = final.filter((l) => l.startsWith('USER '));
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^USER\s+(root|0)(:|\s|$)/);
  });

  it('puts production dependencies only in the final stage, and builds nothing there', () => {
    const copied = final.filter((l) => l.startsWith('COPY --from=')).map((l) => l.split(/\s+/));
    const depsStage = copied.find((parts) => parts[2]!.endsWith('/node_modules'))![1]!.replace('--from=', '');
    expect(stageNamed(depsStage)!.some((l) => /^RUN npm ci\b.*--omit=dev/.test(l))).toBe(true);
    expect(stageNamed(depsStage)!.some((l) => /^RUN npm ci\b(?!.*--omit=dev)/.test(l))).toBe(false);
    expect(final.some((l) => /^RUN .*\bnpm (ci|install|run)\b/.test(l))).toBe(false);
    // The built bundles come from the build stage, the one with the dev dependencies.
    expect(copied.some((parts) => parts[2] === '/svcpay/dist' && stageNamed(parts[1]!.replace('--from=', ''))!.some((l) => l === 'RUN npm run build'))).toBe(true);
    expect(final).toContain('CMD ["node", "bin/svcpay.js"]');
  });

  it('never runs scripts/ensure.mjs (npm ci, vite) when the container starts', () => {
    const bin = readFileSync(resolve(root, 'bin/svcpay.js'), 'utf8');
    expect(bin).not.toMatch(/ensure/);
    expect(readFileSync(resolve(root, ENTRYPOINT), 'utf8')).not.toMatch(/npm|ensure/);
  });

  it('starts through the entrypoint, which exists and is executable', () => {
    expect(final).toContain(`ENTRYPOINT ["/svcpay/${ENTRYPOINT}"]`);
    expect(() => accessSync(resolve(root, ENTRYPOINT), constants.X_OK)).not.toThrow();
  });
});

describe('the entrypoint: the control API is off in a container unless a token is set', () => {
  it('turns it off without a token, or with an empty one, whatever SVCPAY_CONTROL said', () => {
    for (const env of [{}, { SVCPAY_CONTROL: 'on' }, { SVCPAY_CONTROL_TOKEN: '' }] as Record<string, string>[]) {
      const seen = throughEntrypoint(env);
      expect(seen.SVCPAY_CONTROL, JSON.stringify(env)).toBe('off');
      expect(seen.SVCPAY_CONTROL_TOKEN).toBeUndefined();
      expect(loadConfig(seen).control).toBe(false);
    }
  });

  it('leaves it as configured with a token: on by default, every call then needing the token', () => {
    const seen = throughEntrypoint({ SVCPAY_CONTROL_TOKEN: 'tok_long_random_value' });
    expect(seen.SVCPAY_CONTROL).toBeUndefined();
    expect(loadConfig(seen)).toMatchObject({ control: true, controlToken: 'tok_long_random_value' });
    expect(throughEntrypoint({ SVCPAY_CONTROL_TOKEN: 't', SVCPAY_CONTROL: 'off' }).SVCPAY_CONTROL).toBe('off');
  });
});
