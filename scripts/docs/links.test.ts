/**
 * The README is a map (issue 22): its first lines are the two commands a newcomer needs, and every
 * link of the README and the guides leads to a file that exists and, with `#anchor`, to a heading
 * of that file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchors, relativeLinks, slug } from './markdown.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

describe('README and guides', () => {
  it('the README opens with npm start and npm test', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n');
    expect(lines[0]).toBe('# svcpay');
    expect(lines[2]).toMatch(/^- \*\*Start everything:\*\* `npm start` /);
    expect(lines[3]).toMatch(/^- \*\*Run every test:\*\* `npm test` /);
  });

  it.each(pages)('%s links only to files and headings that exist', (page) => {
    const broken: string[] = [];
    for (const link of relativeLinks(readFileSync(join(root, page), 'utf8'))) {
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path ? resolve(dirname(join(root, page)), path) : join(root, page);
      if (!existsSync(target)) broken.push(`${link}: no file ${relative(root, target)}`);
      else if (anchor !== undefined && target.endsWith('.md') && !anchors(readFileSync(target, 'utf8')).has(anchor)) broken.push(`${link}: no heading`);
    }
    expect(broken).toEqual([]);
  });

  it('anchors are made as GitHub makes them', () => {
    expect(slug('Embedded checkout (`integrationMode: embed`)')).toBe('embedded-checkout-integrationmode-embed');
    expect(slug("The demo shop's elements page")).toBe('the-demo-shops-elements-page');
    expect([...anchors('# A\n```sh\n# not a heading\n```\n## A\n')]).toEqual(['a', 'a-1']);
  });
});
