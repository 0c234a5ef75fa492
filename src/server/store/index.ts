/** The store: repositories over one SQLite handle, and the transaction helper every write uses. */
import { openDb, type Db } from './db.ts';
import { merchantRepo } from './merchants.ts';
import { sessionRepo } from './sessions.ts';
import { paymentRepo } from './payments.ts';
import { idempotencyRepo } from './idempotency.ts';
import { eventRepo } from './events.ts';
import { metaRepo } from './meta.ts';
import { clientErrorRepo } from './client-errors.ts';
import { sandboxRepo } from './sandbox.ts';

const ROLLBACK = Symbol('rollback');

export function createStore(path: string) {
  const db: Db = openDb(path);
  return {
    db,
    merchants: merchantRepo(db),
    sessions: sessionRepo(db),
    payments: paymentRepo(db),
    idempotency: idempotencyRepo(db),
    events: eventRepo(db),
    meta: metaRepo(db),
    clientErrors: clientErrorRepo(db),
    sandbox: sandboxRepo(db),
    /** Runs `fn` in one IMMEDIATE transaction: all of its writes land, or none. */
    tx<T>(fn: () => T): T {
      return db.transaction(fn).immediate();
    },
    /** Deep health: a real write and read-back in a transaction that is always rolled back. */
    ping(): void {
      const probe = `probe_${Date.now()}`;
      try {
        db.transaction(() => {
          db.prepare("INSERT INTO meta (key, value) VALUES ('health_probe', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(probe);
          const row = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'health_probe'").get();
          if (row?.value !== probe) throw new Error('store read back a different value');
          throw ROLLBACK;
        }).immediate();
      } catch (err) {
        if (err !== ROLLBACK) throw err;
      }
    },
    close() {
      db.close();
    },
  };
}
export type Store = ReturnType<typeof createStore>;
