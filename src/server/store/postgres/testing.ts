/**
 * A throwaway PostgreSQL cluster (issue 21): Debian's `postgresql` binaries, `initdb` run as the
 * `postgres` user when we are root (it refuses root), in a temporary folder, listening on a free
 * loopback port and a socket in that folder. Never the system cluster: nothing here reads or
 * writes /var/lib/postgresql or /etc/postgresql, and `stop()` removes everything it made.
 *
 * For tests (a database per test file: `createDatabase`) and for `npm run start:cluster`. Beside
 * the store whose tests start it; named `testing.ts` so the published package leaves it out and
 * the structure rules treat it as the test helper it is.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';

export interface Cluster {
  /** The cluster's own `svcpay` database, as `postgres://svcpay@127.0.0.1:{port}/svcpay`. */
  url: string;
  port: number;
  dir: string;
  /** A new empty database; its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown) and removes the folder. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Lines of the server's own log, for a test that wants them. */
  log?: (line: string) => void;
  /** `fsync=off` speeds up unit tests; durability tests keep it on (the default). */
  fsync?: boolean;
  /** The server's max_connections (PostgreSQL's default, 100, unless told). */
  maxConnections?: number;
}

/** Where Debian keeps the server binaries (`/usr/lib/postgresql/{version}/bin`), newest first, or PATH. */
export function pgBin(name: 'initdb' | 'postgres'): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const bin = join(root, v, 'bin', name);
      if (existsSync(bin)) return bin;
    }
  }
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || fail(name);
  } catch {
    return fail(name);
  }
}

/** Whether this machine has the server binaries (Debian's `postgresql` package). */
export function hasPostgres(): boolean {
  try {
    pgBin('initdb');
    pgBin('postgres');
    return true;
  } catch {
    return false;
  }
}

function fail(name: string): never {
  throw new Error(`PostgreSQL's ${name} was not found: install Debian's postgresql package (apt-get install -y postgresql).`);
}

/** The user the server runs as: ourselves, or `postgres` when we are root. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('Running as root, the cluster needs the postgres user (Debian’s postgresql package creates it).');
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function ready(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`postgres exited (${server.exitCode}) before it was ready:\n${output()}`);
    const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => undefined });
    try {
      await sql`select 1`;
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`postgres was not ready within 30 s: ${err instanceof Error ? err.message : String(err)}\n${output()}`);
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await sql.end({ timeout: 1 });
    }
  }
}

export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const user = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'svcpay-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const as = user ? { uid: user.uid, gid: user.gid, env: { ...process.env, HOME: dir } } : {};
  try {
    execFileSync(pgBin('initdb'), ['-D', data, '-U', 'svcpay', '--auth=trust', '-E', 'UTF8', '--locale=C'], { ...as, stdio: 'pipe' });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    const out = (err as { stderr?: Buffer }).stderr?.toString() ?? String(err);
    throw new Error(`initdb failed in ${dir}: ${out}`);
  }
  const port = await freePort();
  const settings = ['-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', `fsync=${opts.fsync === false ? 'off' : 'on'}`, '-c', `max_connections=${opts.maxConnections ?? 100}`];
  const server = spawn(pgBin('postgres'), ['-D', data, ...settings], { ...as, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-8_000);
    for (const line of text.split('\n')) if (line) opts.log?.(line);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  // A test process that exits without stopping it takes its server along.
  const onExit = () => server.kill('SIGKILL');
  process.once('exit', onExit);
  const base = `postgres://svcpay@127.0.0.1:${port}`;
  const stop = async () => {
    process.off('exit', onExit);
    if (server.exitCode === null) {
      const exited = new Promise<void>((r) => server.once('exit', () => r()));
      server.kill('SIGINT'); // fast shutdown
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await ready(`${base}/postgres`, server, () => output);
    const admin = postgres(`${base}/postgres`, { max: 1, onnotice: () => undefined });
    try {
      await admin`create database svcpay`;
    } finally {
      await admin.end({ timeout: 1 });
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: `${base}/svcpay`,
    port,
    dir,
    async createDatabase(name: string) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      const admin = postgres(`${base}/postgres`, { max: 1, onnotice: () => undefined });
      try {
        await admin.unsafe(`create database ${name}`);
      } finally {
        await admin.end({ timeout: 1 });
      }
      return `${base}/${name}`;
    },
    stop,
  };
}
