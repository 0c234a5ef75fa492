/**
 * The PostgreSQL connection of the Postgres store (issue 21; ARCHITECTURE.md, Store): what the
 * SQLite backend gets from being the one writer in one process, across processes.
 *
 * - Transactions are SERIALIZABLE and retried on a serialization failure or deadlock (SQLSTATE
 *   40001, 40P01), so every compare-and-set the engine does inside `tx` holds with any number of
 *   instances: of two transactions that read and write the same rows, one commits and the other
 *   runs again on what the first wrote. A transaction function must therefore be safe to run more
 *   than once (the store contract already forbids other I/O inside it).
 * - A transaction that failed to serialize runs again in turn: at most `writers` of one instance's
 *   retries run at once. Many SERIALIZABLE transactions over the same tables at once mostly fail
 *   and run again (their reads and inserts share index pages); retried all at once, they collide
 *   again (`npm run bench`'s charge on PostgreSQL: 90 req/s, 89 answers 503 after 20 attempts).
 *   Every transaction in turn halves session create (its commits no longer share fsyncs); retries
 *   in turn keep both (docs/operator.md, "Several instances", for the figures).
 * - Migrations run at open, under a transaction-scoped advisory lock: instances that start together
 *   apply each step once, and an instance older than the database refuses to start.
 * - `onCommit` hears this instance's commits at once and the other instances' through
 *   LISTEN/NOTIFY, so a worker woken by a commit wakes wherever the commit happened.
 */
import { randomBytes } from 'node:crypto';
import postgres, { type Sql, type TransactionSql } from 'postgres';
import { redactUrl, redactUrlSecrets } from '../../../platform/redact-url.ts';

export type { Sql, TransactionSql };

/** The database is at a migration this build does not know: a newer build migrated it. */
export class DatabaseTooNew extends Error {}

/** A transaction kept failing to serialize: the caller answers 503 and the client retries. */
export class StoreContended extends Error {}

export interface PgDb {
  /** The pool, for reads outside a transaction. */
  readonly sql: Sql;
  /** Runs `fn` in a SERIALIZABLE transaction, again on a serialization failure; resolves after the commit. */
  tx<T>(fn: (sql: TransactionSql) => Promise<T>): Promise<T>;
  /** Called after every commit that kept writes, this instance's or another's. Returns the unsubscribe. */
  onCommit(listener: () => void): () => void;
  /** Called after another instance's commits only. Returns the unsubscribe. */
  onRemoteCommit(listener: () => void): () => void;
  /** The migration the database is at. */
  version(): Promise<number>;
  /** Transactions run again after a serialization failure, since open (for tests and health). */
  readonly retries: number;
  close(): Promise<void>;
}

export interface PgOptions {
  /** Schema steps, in order; step n is applied once, as migration n + 1. */
  migrations: readonly string[];
  /** Pool size (default 10). */
  max?: number;
  /** Attempts of one transaction before it gives up with StoreContended (default 20). */
  attempts?: number;
  /** Retried transactions of this instance that may run at once (default 2); the others queue. */
  writers?: number;
}

const COMMIT_CHANNEL = 'svcpay_commit';
const RETRYABLE = new Set(['40001', '40P01']);

export async function openPg(url: string, opts: PgOptions): Promise<PgDb> {
  const sql = postgres(url, {
    max: opts.max ?? 10,
    onnotice: () => undefined,
    connect_timeout: 10,
    idle_timeout: 60,
    // The schema's BIGINT columns (SQLite's INTEGER) read back as numbers: every value the store
    // keeps in them (amounts, epoch milliseconds, 0/1 flags) is below 2^53.
    types: { bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) } },
  });
  try {
    await sql`select 1`;
  } catch (err) {
    await sql.end({ timeout: 1 }).catch(() => undefined);
    const why = redactUrlSecrets(err instanceof Error ? err.message : String(err), url);
    throw new Error(`SVCPAY_DATABASE_URL: cannot reach PostgreSQL at ${redactUrl(url)} (${why}).`);
  }
  try {
    await migrate(sql, opts.migrations);
  } catch (err) {
    await sql.end({ timeout: 1 }).catch(() => undefined);
    throw err;
  }

  const instance = randomBytes(8).toString('hex');
  const listeners = new Set<() => void>();
  const remoteListeners = new Set<() => void>();
  const fire = (remote = false) => {
    for (const listener of remote ? [...listeners, ...remoteListeners] : listeners) {
      try {
        listener();
      } catch {
        // A listener's failure is its own; the commit stands.
      }
    }
  };
  // Another instance's commit: its payload is its instance id, ours are heard directly.
  const listening = await sql.listen(COMMIT_CHANNEL, (from) => {
    if (from !== instance) fire(true);
  });
  let retries = 0;
  const attempts = opts.attempts ?? 20;
  const turn = turns(opts.writers ?? 2);
  /** One run of `fn`; null when it failed to serialize (or deadlocked) and may run again. */
  const once = async <T>(fn: (tx: TransactionSql) => Promise<T>): Promise<{ value: T } | null> => {
    try {
      const value = (await sql.begin('isolation level serializable', (tx) => fn(tx))) as T;
      fire();
      void sql.notify(COMMIT_CHANNEL, instance).catch(() => undefined);
      return { value };
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (!code || !RETRYABLE.has(code)) throw err;
      return null;
    }
  };
  /** After run `attempt` failed: gives up past the attempts allowed, else counts the retry. */
  const failed = (attempt: number) => {
    if (attempt >= attempts) throw new StoreContended(`a transaction could not be serialized after ${attempts} attempts`);
    retries++;
  };
  const again = async <T>(fn: (tx: TransactionSql) => Promise<T>, from: number): Promise<T> => {
    for (let attempt = from; ; attempt++) {
      const r = await once(fn);
      if (r) return r.value;
      failed(attempt);
      // Jittered, growing: contenders that collided do not collide again in step.
      await new Promise((res) => setTimeout(res, Math.random() * Math.min(2 ** attempt, 100)));
    }
  };
  // The first run is free: transactions that do not conflict commit side by side (and their
  // commits share the database's fsyncs). One that had to run again takes its turn among at most
  // `writers` others, so a crowd that collided converges instead of colliding again.
  const serializable = async <T>(fn: (tx: TransactionSql) => Promise<T>): Promise<T> => {
    const first = await once(fn);
    if (first) return first.value;
    failed(1);
    return turn(() => again(fn, 2));
  };
  return {
    sql,
    get retries() {
      return retries;
    },
    tx: serializable,
    onCommit(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onRemoteCommit(listener) {
      remoteListeners.add(listener);
      return () => void remoteListeners.delete(listener);
    },
    version: () => currentVersion(sql),
    async close() {
      await listening.unlisten().catch(() => undefined);
      await sql.end({ timeout: 5 });
    },
  };
}

async function currentVersion(sql: Sql): Promise<number> {
  const [row] = await sql<{ v: number | null }[]>`select max(version)::int as v from schema_migrations`;
  return row?.v ?? 0;
}

/** Applies the steps the database lacks, all in one transaction, under an advisory lock. */
async function migrate(sql: Sql, steps: readonly string[]) {
  await sql.begin(async (tx) => {
    // The lock comes first: two instances creating the table at once would otherwise race in the
    // catalogue (42P07, 23505 or 42710, by timing), and the second must find it made.
    await tx`select pg_advisory_xact_lock(hashtext('svcpay_migrations'))`;
    await tx`create table if not exists schema_migrations (version int primary key, applied_at timestamptz not null default now())`;
    const at = await currentVersion(tx as unknown as Sql);
    if (at > steps.length) throw new DatabaseTooNew(`the database is at migration ${at}, and this build knows ${steps.length}: run the newer build, or a database of this build's`);
    for (let v = at; v < steps.length; v++) {
      await tx.unsafe(steps[v]!);
      await tx`insert into schema_migrations (version) values (${v + 1})`;
    }
  });
}

/** Runs at most `n` of the functions given at once, in the order they came; the others wait. */
function turns(n: number): <T>(run: () => Promise<T>) => Promise<T> {
  let running = 0;
  const queue: (() => void)[] = [];
  return async (run) => {
    if (running >= n) await new Promise<void>((go) => queue.push(go));
    else running++;
    try {
      return await run();
    } finally {
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  };
}
