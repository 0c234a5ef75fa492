/**
 * Database files only their owner can read (issue 18, finding 4): the folder is made 0700 when
 * this makes it, the database file 0600 before SQLite first opens it, and an existing database and
 * its `-wal`, `-shm` and `-journal` files are brought to 0600. SQLite makes the WAL and shared-memory
 * files with the database file's own mode, so they follow.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

const SQLITE_SIDE_FILES = ['-wal', '-shm', '-journal'];

export function preparePrivateDbFile(path: string): void {
  if (path === ':memory:' || path.startsWith('file:')) return;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  for (const f of [path, ...SQLITE_SIDE_FILES.map((s) => path + s)]) {
    if (existsSync(f)) chmodSync(f, 0o600);
  }
}
