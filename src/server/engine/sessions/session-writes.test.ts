/**
 * A session's status changes only through the state machine (session-status.ts): the store's
 * session write is called from `saveSession` alone, which refuses a move the status table does not
 * list, so no settle, release or expiry can write a status beside it (issue 33).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const server = join(import.meta.dirname, '..', '..');
const door = 'engine/sessions/session-status.ts';

/** Every source file of the server but the store's own (which implements the write) and the tests. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'store' && dir === server ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The files that call the store's write of an existing session (`sessions.update(`). */
function sessionWriters(files: string[], read: (f: string) => string = (f) => readFileSync(f, 'utf8')) {
  return files.filter((f) => /\bsessions\s*\.\s*update\s*\(/.test(read(f))).map((f) => relative(server, f));
}

describe('session writes', () => {
  it('reach the store only through saveSession, beside moveTo', () => {
    expect(sessionWriters(sources(server))).toEqual([door]);
  });

  it('would name a file that writes a session beside the state machine', () => {
    const files = [join(server, door), join(server, 'engine/payments/elsewhere.ts')];
    const text: Record<string, string> = {
      [files[0]!]: 'await r.sessions.update(next);',
      [files[1]!]: "await r.sessions.update({ ...s, status: 'pending' });",
    };
    expect(sessionWriters(files, (f) => text[f]!)).toEqual([door, 'engine/payments/elsewhere.ts']);
  });
});
