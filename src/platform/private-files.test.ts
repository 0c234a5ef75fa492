import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { preparePrivateDbFile } from './private-files.ts';

const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('database files only their owner can read', () => {
  it('makes a new database file 0600 in a new 0700 folder, before SQLite opens it', () => {
    dir = mkdtempSync(join(tmpdir(), 'svcpay-private-'));
    const path = join(dir, 'data', 'svcpay.sqlite');
    preparePrivateDbFile(path);
    expect(mode(path)).toBe('600');
    expect(mode(join(dir, 'data'))).toBe('700');
  });
  it('brings an existing database and its WAL, shared-memory and journal files to 0600', () => {
    dir = mkdtempSync(join(tmpdir(), 'svcpay-private-'));
    const path = join(dir, 'svcpay.sqlite');
    for (const f of ['', '-wal', '-shm', '-journal']) writeFileSync(path + f, 'x', { mode: 0o644 });
    preparePrivateDbFile(path);
    for (const f of ['', '-wal', '-shm', '-journal']) expect({ f, mode: mode(path + f) }).toEqual({ f, mode: '600' });
  });
  it('leaves an in-memory database alone', () => {
    dir = mkdtempSync(join(tmpdir(), 'svcpay-private-'));
    preparePrivateDbFile(':memory:');
    expect(existsSync(':memory:')).toBe(false);
  });
});
