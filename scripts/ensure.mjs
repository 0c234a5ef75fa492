#!/usr/bin/env node
/**
 * Makes a fresh clone runnable: `npm start`, `npm test` and `npm run bench` call this first, so a
 * newcomer never has to know about `npm ci` or the three vite builds (issue 3, newcomer steps 1 and 4).
 *
 * - Dependencies: `npm ci` when node_modules is missing or package-lock.json changed since the last
 *   install (npm rewrites node_modules/.package-lock.json on every install); `npm install` when the
 *   repository has no lock file.
 * - Build (skipped with `--deps-only`): the three vite builds when dist/.build-stamp is missing, an
 *   expected output is missing, or any input is newer than the stamp.
 *
 * Plain Node, no dependencies: it must run before node_modules exists. Before a step that can take
 * minutes it says what it does and how long it may take (issue 36: a first `npm start` was silent for
 * 319 s), then one line with what it did; on failure it prints the failing command's output and exits
 * non-zero. The commands are found on PATH, so a test can stand fakes in for npm and vite.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const depsOnly = process.argv.includes('--deps-only');

const lockFile = join(root, 'package-lock.json');
const installedLock = join(root, 'node_modules', '.package-lock.json');
const stampFile = join(root, 'dist', '.build-stamp');

/** Directories and files whose changes can change what the builds produce. */
const buildInputDirs = ['src', 'sandbox-processor', 'embed', 'hosted-page', 'demo'];
const buildInputFiles = ['vite.config.ts', 'package.json'];
/** Without these the server cannot serve its pages, whatever the stamp says. */
const buildOutputs = ['dist/app/hosted-page/index.html', 'dist/app/sandbox-processor/fields-page/index.html', 'dist/app/docs/redoc.standalone.js', 'dist/embed/svcpay.js', 'dist/npm/index.js', 'dist/gallery/demo/gallery/index.html'];
const builds = [
  ['vite', 'build'],
  ['vite', 'build', '--mode', 'embed'],
  ['vite', 'build', '--mode', 'npm'],
];

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
}

/** Newest modification time under `dir`, ignoring tests (they never reach dist). */
function newestUnder(dir) {
  let newest = -1;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return newest;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestUnder(path));
    else if (entry.isFile() && !/\.test\./.test(entry.name)) newest = Math.max(newest, mtime(path));
  }
  return newest;
}

/** Runs a command, capturing its output so a success stays quiet and a failure shows everything. */
function run(cmd, args) {
  const started = Date.now();
  const result = spawnSync(cmd, args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // npm and npx are .cmd shims on Windows.
    shell: process.platform === 'win32',
    env: { ...withoutForceColor(process.env), NO_COLOR: '1' },
  });
  if (result.status !== 0) {
    const shown = `${cmd} ${args.join(' ')}`;
    process.stderr.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    if (result.error) process.stderr.write(`${result.error.message}\n`);
    console.error(`ensure: \`${shown}\` failed (exit ${result.status ?? result.signal ?? 'unknown'})`);
    process.exit(1);
  }
  return Date.now() - started;
}

const done = [];

/** Says what is about to take a while before it starts: the commands' own output stays captured. */
function announce(line) {
  console.log(`ensure: ${line}...`);
}

// 1. Dependencies.
const haveLock = existsSync(lockFile);
const install = haveLock ? 'ci' : 'install';
const installTakes = 'first run: 2 to 6 minutes; better-sqlite3 may compile from source';
if (!existsSync(join(root, 'node_modules'))) {
  announce(`installing dependencies with npm ${install} (${installTakes})`);
  const ms = run('npm', [install]);
  done.push(`installed dependencies (npm ${install}, ${seconds(ms)})`);
} else if (haveLock && mtime(lockFile) > mtime(installedLock)) {
  announce('reinstalling dependencies with npm ci, package-lock.json changed (1 to 6 minutes)');
  const ms = run('npm', ['ci']);
  done.push(`reinstalled dependencies, package-lock.json changed (npm ci, ${seconds(ms)})`);
}

// 2. Build.
if (!depsOnly) {
  const stamp = mtime(stampFile);
  const missing = buildOutputs.filter((p) => !existsSync(join(root, p)));
  const newestInput = Math.max(
    ...buildInputDirs.map((d) => newestUnder(join(root, d))),
    ...buildInputFiles.map((f) => mtime(join(root, f))),
  );
  const reason =
    stamp < 0 ? 'no previous build' : missing.length > 0 ? `missing ${missing[0]}` : newestInput > stamp ? 'sources changed' : null;
  if (reason) {
    announce(`building the pages and the embed script, ${reason} (about 10 to 60 s)`);
    // The stamp gets the time the build started, so an edit made during the build triggers the next one.
    const startedAt = new Date();
    let ms = 0;
    for (const [bin, ...args] of builds) ms += run('npx', ['--no-install', bin, ...args]);
    mkdirSync(dirname(stampFile), { recursive: true });
    writeFileSync(stampFile, `${startedAt.toISOString()}\n`);
    utimesSync(stampFile, startedAt, startedAt);
    done.push(`built dist/ (${reason}; app, embed, npm in ${seconds(ms)})`);
  }
}

console.log(`ensure: ${done.length > 0 ? done.join('; ') : depsOnly ? 'dependencies up to date' : 'dependencies and build up to date'}`);

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Captured output is replayed on failure only; colour codes would make it unreadable in CI logs. */
function withoutForceColor(env) {
  const { FORCE_COLOR: _ignored, ...rest } = env;
  return rest;
}
