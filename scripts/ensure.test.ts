/**
 * scripts/ensure.mjs on a fresh clone (issue 36, newcomer item 1): `npm start` must say what it is
 * doing before the minutes of `npm ci` and the vite builds, not after. Runs a copy of the script in a
 * temporary root whose PATH holds only fake `npm` and `npx`, so no real install can ever start.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, copyFileSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A clone with the script and a lock file; `log` receives both ensure's output and the fakes' calls, in order. */
function freshClone() {
  const root = mkdtempSync(join(tmpdir(), 'svcpay-ensure-'));
  roots.push(root);
  mkdirSync(join(root, 'scripts'));
  copyFileSync(join(import.meta.dirname, 'ensure.mjs'), join(root, 'scripts', 'ensure.mjs'));
  writeFileSync(join(root, 'package-lock.json'), '{}\n');
  const bin = join(root, 'fake-bin');
  mkdirSync(bin);
  for (const name of ['npm', 'npx']) {
    writeFileSync(join(bin, name), `#!/bin/sh\necho "ran ${name} $*" >> "$FAKE_LOG"\n`);
    chmodSync(join(bin, name), 0o755);
  }
  return { root, bin, log: join(root, 'ensure.log') };
}

function ensure(clone: ReturnType<typeof freshClone>, args: string[] = []) {
  // One file opened for appending, shared by ensure's stdout and the fakes: its order is the order things happened.
  const fd = openSync(clone.log, 'a');
  try {
    const run = spawnSync(process.execPath, [join(clone.root, 'scripts', 'ensure.mjs'), ...args], {
      cwd: clone.root,
      stdio: ['ignore', fd, fd],
      env: { PATH: clone.bin, FAKE_LOG: clone.log },
    });
    return { status: run.status, lines: readFileSync(clone.log, 'utf8').trim().split('\n') };
  } finally {
    closeSync(fd);
  }
}

describe('ensure (npm start on a fresh clone)', () => {
  it('says what it installs and builds, and how long it may take, before each command runs', () => {
    const { status, lines } = ensure(freshClone());
    expect(status).toBe(0);
    expect(lines.slice(0, 6)).toEqual([
      'ensure: installing dependencies with npm ci (first run: 2 to 6 minutes; better-sqlite3 may compile from source)...',
      'ran npm ci',
      'ensure: building the pages and the embed script, no previous build (about 10 to 60 s)...',
      'ran npx --no-install vite build',
      'ran npx --no-install vite build --mode embed',
      'ran npx --no-install vite build --mode npm',
    ]);
    // Then what it did, with the time each step took.
    expect(lines.slice(6)).toHaveLength(1);
    expect(lines[6]).toMatch(/^ensure: installed dependencies \(npm ci, \d+\.\d s\); built dist\/ \(no previous build; app, embed, npm in \d+\.\d s\)$/);
  });

  it('announces nothing and runs nothing when the install is current', () => {
    const clone = freshClone();
    // An install newer than the lock file: what npm leaves behind.
    mkdirSync(join(clone.root, 'node_modules'));
    writeFileSync(join(clone.root, 'node_modules', '.package-lock.json'), '{}\n');
    const { status, lines } = ensure(clone, ['--deps-only']);
    expect(status).toBe(0);
    expect(lines).toEqual(['ensure: dependencies up to date']);
  });
});
