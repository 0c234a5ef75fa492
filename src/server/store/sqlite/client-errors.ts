/** Browser error reports (Doc 1, client-error). Callers scrub card-like digits before this. */
import type { Db } from './db.ts';
import type { ClientErrorRepo } from '../types.ts';

export function clientErrorRepo(db: Db): ClientErrorRepo {
  const insert = db.prepare('INSERT INTO client_errors (session_id, message, context, created_at) VALUES (?, ?, ?, ?)');
  const prune = db.prepare('DELETE FROM client_errors WHERE created_at < ?');
  const countSince = db.prepare('SELECT count(*) AS n FROM client_errors WHERE created_at >= ?');
  return {
    async insert(sessionId, message, context, now) {
      insert.run(sessionId, message, JSON.stringify(context ?? {}), now);
    },
    async countSince(sinceIso) {
      return (countSince.get(sinceIso) as { n: number }).n;
    },
    async prune(beforeIso) {
      return prune.run(beforeIso).changes;
    },
  };
}
