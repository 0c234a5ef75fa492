/** The store: repositories over one SQLite handle, and the transaction helper every write uses. */
import { openDb, type Db } from './db.ts';
import { merchantRepo } from './merchants.ts';
import { sessionRepo } from './sessions.ts';
import { paymentRepo } from './payments.ts';
import { idempotencyRepo } from './idempotency.ts';
import { eventRepo } from './events.ts';
import { metaRepo } from './meta.ts';
import { clientErrorRepo } from './client-errors.ts';

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
    /** Runs `fn` in one IMMEDIATE transaction: all of its writes land, or none. */
    tx<T>(fn: () => T): T {
      return db.transaction(fn).immediate();
    },
    close() {
      db.close();
    },
  };
}
export type Store = ReturnType<typeof createStore>;
