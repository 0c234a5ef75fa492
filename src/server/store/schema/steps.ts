/**
 * One list of schema steps for both backends (issue 21). A step is SQL both SQLite and PostgreSQL
 * take as it is, or, where the dialects differ, the two forms side by side. Append only: a shipped
 * step is never edited (each backend records how many steps it applied), a change is a new step.
 */
export type Step = string | { sqlite: string; postgres: string };

export const sqliteSql = (s: Step): string => (typeof s === 'string' ? s : s.sqlite);
export const postgresSql = (s: Step): string => (typeof s === 'string' ? s : s.postgres);
