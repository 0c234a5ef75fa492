/**
 * `npm run lint:structure`: fails when the code breaks a rule of docs/architecture.md (an import
 * circle, an import against the layers, two engine parts importing each other, an engine folder
 * over 12 files, a file over 300 lines, a folder the map leaves out or a path it names that is gone).
 * The graph comes from `tsc --explainFiles`, so imports resolve exactly as the type-checker sees
 * them, `import type` and dynamic `import()` included. (dependency-cruiser, eslint-plugin-boundaries
 * and madge all parse TypeScript with TypeScript's JavaScript API, which TypeScript 7 no longer ships.)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { circleViolations, folderViolations, importViolations, lengthViolations, tieViolations } from './checks.ts';
import { parseExplainFiles } from './graph.ts';
import { mapViolations } from './map.ts';

const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
const run = spawnSync(process.execPath, [tsc, '--noEmit', '--explainFiles'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
const graph = parseExplainFiles(run.stdout);
if (graph.size < 100) {
  console.error(`lint:structure: tsc --explainFiles gave ${graph.size} files; cannot check the import graph.\n${run.stderr}`);
  process.exit(2);
}

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const lines = new Map<string, number>();
for (const f of tracked) {
  try {
    lines.set(f, readFileSync(f, 'utf8').split('\n').length - 1);
  } catch {
    // Deleted in the work tree.
  }
}

const files = [...lines.keys()];
const map = readFileSync('docs/architecture.md', 'utf8');
const problems = [...circleViolations(graph), ...importViolations(graph), ...tieViolations(graph), ...folderViolations(files), ...lengthViolations(lines), ...mapViolations(files, map)];
if (problems.length > 0) {
  console.error(`lint:structure: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`lint:structure: ${graph.size} files, no import circle, every import with the layers, no two engine parts tied, engine folders and files within bounds, every folder on the map`);
