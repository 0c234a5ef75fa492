/** Inbound provider events: kept on arrival, applied once each (engine/webhooks/inbound-events.ts). */
import type { Db } from './db.ts';
import type { InboundEventRecord } from '../../domain/index.ts';
import type { InboundEventRepo } from '../types.ts';

export function inboundEventRepo(db: Db): InboundEventRepo {
  const insert = db.prepare<[string, string, string, string]>(
    "INSERT INTO inbound_events (id, seq, state, next_attempt_at, data) VALUES (?, (SELECT coalesce(max(seq), 0) + 1 FROM inbound_events), ?, ?, ?) ON CONFLICT (id) DO NOTHING",
  );
  const update = db.prepare<[string, string, string, string]>('UPDATE inbound_events SET state = ?, next_attempt_at = ?, data = ? WHERE id = ?');
  const get = db.prepare<[string], { data: string }>('SELECT data FROM inbound_events WHERE id = ?');
  const due = db.prepare<[string, number], { data: string }>(
    "SELECT data FROM inbound_events WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY seq LIMIT ?",
  );
  const parse = (row: { data: string } | undefined) => (row ? (JSON.parse(row.data) as InboundEventRecord) : undefined);
  return {
    insertNew: async (e) => insert.run(e.id, e.state, e.nextAttemptAt, JSON.stringify(e)).changes === 1,
    update: async (e) => void update.run(e.state, e.nextAttemptAt, JSON.stringify(e), e.id),
    get: async (id) => parse(get.get(id)),
    due: async (now, limit) => due.all(now, limit).map((r) => parse(r)!),
  };
}
