/**
 * better-sqlite3 whose `synchronous = FULL` becomes NORMAL (hooks.mjs, `sqlite-sync-normal`).
 * Not a proposal: a 2xx must mean the row is on disk (src/server/store/db.ts). It measures what
 * one fsync per commit costs, the ceiling group commit can win back while keeping FULL.
 */
import Database from 'better-sqlite3';

export default class BenchDatabase extends Database {
  pragma(source, options) {
    return super.pragma(/^synchronous\s*=\s*FULL$/i.test(source) ? 'synchronous = NORMAL' : source, options);
  }
}
