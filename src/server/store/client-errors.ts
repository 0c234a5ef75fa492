/** Browser error reports (Doc 1, client-error). Callers scrub card-like digits before this. */
import type { Db } from './db.ts';

export function clientErrorRepo(db: Db) {
  const insert = db.prepare('INSERT INTO client_errors (session_id, message, context, created_at) VALUES (?, ?, ?, ?)');
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM client_errors');
  return {
    insert(sessionId: string | null, message: string, context: unknown, now: string) {
      insert.run(sessionId, message, JSON.stringify(context ?? {}), now);
    },
    count: () => count.get()?.n ?? 0,
  };
}
