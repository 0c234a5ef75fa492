/** The store: the contract the engine sees (types.ts) and its two backends, SQLite (the default) and PostgreSQL (SVCPAY_DATABASE_URL). */
export type * from './types.ts';
export { createStore, SqliteStore } from './sqlite/index.ts';
export { PgStore } from './postgres/index.ts';
