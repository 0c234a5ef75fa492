/** The outbox: events are written in the same transaction as the state change they report. */
import type { Db } from './db.ts';
import type { EventRecord, EventRepo } from '../types.ts';

interface Row {
  id: string;
  merchant_id: string;
  livemode: number;
  type: string;
  created: number;
  data: string;
  seq: number;
}

export function eventRepo(db: Db): EventRepo {
  // `seq` counts up by one per event written (one writer: SQLite serialises every transaction).
  const insert = db.prepare('INSERT INTO events (id, merchant_id, livemode, type, created, data, seq) VALUES (?, ?, ?, ?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM events))');
  const bySession = db.prepare<[string], Row>("SELECT * FROM events WHERE json_extract(data, '$.session_id') = ? ORDER BY rowid");
  const byId = db.prepare<[string], Row>('SELECT * FROM events WHERE id = ?');
  const toRecord = (r: Row): EventRecord => ({
    id: r.id,
    merchantId: r.merchant_id,
    livemode: r.livemode === 1,
    type: r.type,
    created: r.created,
    data: JSON.parse(r.data) as Record<string, unknown>,
    sequence: r.seq,
  });
  return {
    async insert(e: EventRecord) {
      insert.run(e.id, e.merchantId, e.livemode ? 1 : 0, e.type, e.created, JSON.stringify(e.data));
    },
    async forSession(sessionId) {
      return bySession.all(sessionId).map(toRecord);
    },
    async get(id) {
      const r = byId.get(id);
      return r && toRecord(r);
    },
  };
}
