/**
 * Opens the SQLite store (ARCHITECTURE.md, Store): WAL with synchronous=FULL, so a 2xx answer
 * means the row is on disk; migrations applied at start.
 */
import Database from 'better-sqlite3';
import { preparePrivateDbFile } from '../../../platform/private-files.ts';
import { migrations } from '../schema/migrations.ts';
import { sqliteSql } from '../schema/steps.ts';

export type Db = Database.Database;

export function openDb(path: string): Db {
  preparePrivateDbFile(path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Deleted rows are overwritten, not left in free pages (a dropped legacy sealing key, a pruned report).
  db.pragma('secure_delete = ON');
  migrate(db);
  return db;
}

function migrate(db: Db) {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let v = current; v < migrations.length; v++) {
    db.transaction(() => {
      db.exec(sqliteSql(migrations[v]!));
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
