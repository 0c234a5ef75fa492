/** Runs the real CLI (`node bin/svcpay.js …`) as a child process, as a merchant's shell would. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { packageRoot } from './serve.ts';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const BIN = join(packageRoot, 'bin', 'svcpay.js');

/** The environment of a run: no SVCPAY_* of the developer's own shell leaks in. */
function cleanEnv(env: Record<string, string>) {
  const out: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', ...env };
  // PORT and SVCPAY_PUBLIC_URL move the CLI's default address as they move the server's (issue 36).
  for (const k of ['SVCPAY_URL', 'SVCPAY_PUBLIC_URL', 'PORT', 'SVCPAY_SECRET_KEY', 'SVCPAY_CONTROL_TOKEN', 'SVCPAY_API_VERSION']) if (!(k in env)) delete out[k];
  return out;
}

export function spawnCli(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], { cwd: packageRoot, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs to the end (killed after `timeoutMs`). */
export function runCli(args: string[], env: Record<string, string> = {}, timeoutMs = 30_000): Promise<CliRun> {
  return watch(spawnCli(args, env), timeoutMs).done;
}

/**
 * Collects a child's output from its start: `done` resolves when it ends (killed after
 * `timeoutMs`), `waitFor` when what it printed so far matches.
 */
export function watch(child: ChildProcess, timeoutMs = 30_000) {
  const out = { stdout: '', stderr: '' };
  child.stdout!.on('data', (d: Buffer) => (out.stdout += d.toString('utf8')));
  child.stderr!.on('data', (d: Buffer) => (out.stderr += d.toString('utf8')));
  const done = new Promise<CliRun>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, ...out });
    });
  });
  const waitFor = async (stream: 'stdout' | 'stderr', pattern: RegExp, waitMs = 20_000): Promise<string> => {
    const deadline = Date.now() + waitMs;
    while (!pattern.test(out[stream])) {
      if (Date.now() > deadline) throw new Error(`no ${pattern} on ${stream} within ${waitMs} ms; got:\n${out[stream]}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return out[stream];
  };
  return { out, done, waitFor };
}
