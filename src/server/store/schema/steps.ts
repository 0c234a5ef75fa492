/**
 * One list of schema steps for both backends (issue 21). A step is SQL both SQLite and PostgreSQL
 * take as it is, or, where the dialects differ, the two forms side by side. Append only: a shipped
 * step is never edited (each backend records how many steps it applied), a change is a new step.
 */
export type Step = string | { sqlite: string; postgres: string };

export const sqliteSql = (s: Step): string => (typeof s === 'string' ? s : s.sqlite);

/**
 * A step's PostgreSQL form. SQLite's INTEGER holds 64 bits and PostgreSQL's 32, so every INTEGER
 * column is BIGINT there (a lock time in milliseconds does not fit in 32 bits); the connection reads
 * BIGINT back as a number (postgres/pg-db.ts).
 */
export const postgresSql = (s: Step): string => (typeof s === 'string' ? s : s.postgres).replace(/\bINTEGER\b/g, 'BIGINT');
