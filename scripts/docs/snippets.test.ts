/**
 * The guides' code snippets compile and stay what the guides show (issue 22): each file of
 * docs/snippets/ is type-checked, as a merchant's project would import it ('svcpay/server',
 * 'svcpay/webhooks', 'svcpay/testing' mapped to this repository's declarations by
 * docs/snippets/tsconfig.json), with this repository's tsc, and must appear whole in a fenced
 * code block of its guide, so the guide cannot drift from the compiled file.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeBlocks } from './markdown.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dir = join(root, 'docs/snippets');

/** Where each snippet is shown. */
const GUIDES: Record<string, string> = {
  'express.ts': 'docs/merchant.md',
  'next-route-handler.ts': 'docs/merchant.md',
  'hono.ts': 'docs/merchant.md',
  'playwright-fixtures.spec.ts': 'docs/qa.md',
};

const snippets = readdirSync(dir).filter((f) => f.endsWith('.ts')).sort();

describe('docs/snippets', () => {
  it('type-check with tsc -p docs/snippets', () => {
    const run = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'docs/snippets'], { cwd: root, encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`).toBe('');
    expect(run.status).toBe(0);
  }, 120_000);

  it('are each shown in a guide', () => {
    expect(snippets).toEqual(Object.keys(GUIDES).sort());
  });

  it.each(snippets)('%s appears verbatim in a fenced code block of its guide', (file) => {
    const code = readFileSync(join(dir, file), 'utf8').trimEnd();
    const guide = GUIDES[file]!;
    const blocks = codeBlocks(readFileSync(join(root, guide), 'utf8'));
    expect(blocks.includes(code), `${guide} has no code block equal to docs/snippets/${file}: copy the file into it`).toBe(true);
  });
});
