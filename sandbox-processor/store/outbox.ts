/** The event outbox: what the processor owes the service's webhook, kept until a 2xx. */
import type { Db } from './db.ts';

export interface EventRecord {
  id: string;
  /** The service's webhook route it goes to (`/api/webhooks/{gateway}`): `sandbox` or `stripe`. */
  gateway: string;
  type: string;
  /** The exact JSON body that is signed and sent. */
  body: string;
  createdAt: string;
  attempts: number;
  deliveredAt: string | null;
}

type Row = Record<string, unknown>;

const toEvent = (r: Row): EventRecord => ({
  id: r.id as string,
  gateway: r.gateway as string,
  type: r.type as string,
  body: r.body as string,
  createdAt: r.created_at as string,
  attempts: r.attempts as number,
  deliveredAt: (r.delivered_at as string | null) ?? null,
});

export function outboxRepo(db: Db) {
  const insert = db.prepare('INSERT INTO events (id, gateway, type, body, created_at) VALUES (@id, @gateway, @type, @body, @createdAt)');
  const get = db.prepare<[string], Row>('SELECT * FROM events WHERE id = ?');
  const undelivered = db.prepare<[string], Row>('SELECT * FROM events WHERE delivered_at IS NULL AND created_at >= ? ORDER BY seq');
  const attempted = db.prepare('UPDATE events SET attempts = attempts + 1, delivered_at = COALESCE(delivered_at, ?) WHERE id = ?');
  return {
    insertEvent(e: Omit<EventRecord, 'attempts' | 'deliveredAt'>) {
      insert.run(e);
    },
    getEvent(id: string): EventRecord | undefined {
      const r = get.get(id);
      return r ? toEvent(r) : undefined;
    },
    /** Undelivered events made at or after `since` (older ones are given up on). */
    undeliveredEvents: (since: string) => undelivered.all(since).map(toEvent),
    /** Counts an attempt; `deliveredAt` null when it failed. */
    recordAttempt(id: string, deliveredAt: string | null) {
      attempted.run(deliveredAt, id);
    },
  };
}
