/** The store: the contract the engine sees (types.ts) and the backend this build runs on (SQLite). */
export type * from './types.ts';
export { createStore, SqliteStore } from './sqlite/index.ts';
