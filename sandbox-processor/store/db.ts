/**
 * The sandbox processor's own SQLite database, apart from the service's: a provider keeps its
 * records on its side of the wire. Same durability as the service (ARCHITECTURE.md, Store) for
 * every answer it gives: WAL with synchronous=NORMAL, and a group fsync of the WAL before the
 * answer leaves (./durable.ts).
 */
import Database from 'better-sqlite3';
import { preparePrivateDbFile } from '../../src/platform/private-files.ts';
import { migrations } from './migrations.ts';

export type Db = Database.Database;

/** Where the processor keeps its data beside the service's file: `x.sqlite` gives `x.sandbox-processor.sqlite`. */
export function processorDataPath(serviceDataPath: string): string {
  if (serviceDataPath === ':memory:') return ':memory:';
  return `${serviceDataPath.replace(/\.[^./\\]*$/, '')}.sandbox-processor.sqlite`;
}

export function openDb(path: string): Db {
  preparePrivateDbFile(path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let v = current; v < migrations.length; v++) {
    db.transaction(() => {
      db.exec(migrations[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return db;
}
