import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { rendererSource } from './docs-renderer.ts';

const redoc = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
/** Booleans, not the bundle: a failed `toContain` on 1 MB of text would print all of it. */
const has = (text: string, part: string) => text.includes(part);

describe('rendererSource (the copy of Redoc the package serves at /docs)', () => {
  it('loads nothing remote, stamps its styles with the loading script nonce, and names no source map', () => {
    const out = rendererSource(redoc);
    expect([has(redoc, 'cdn.redoc.ly'), has(out, 'cdn.redoc.ly')]).toEqual([true, false]);
    expect(has(out, 'r.nc=document.currentScript&&document.currentScript.nonce||void 0;')).toBe(true);
    expect(has(out, 'r.nc=void 0;')).toBe(false);
    expect(/\/\/# sourceMappingURL=\S+\s*$/.test(out)).toBe(false);
    // Nothing else changed.
    expect(Math.abs(out.length - redoc.length)).toBeLessThan(200);
  });

  it('fails the build when an upgrade moves what it edits', () => {
    expect(() => rendererSource(redoc.replace('"https://cdn.redoc.ly/redoc/logo-mini.svg"', '"x"'))).toThrow(/logo URL moved/);
    expect(() => rendererSource(redoc.replace('r.nc=void 0;', ''))).toThrow(/nonce/);
    expect(() => rendererSource(`new Image().src="https://fonts.example/roboto.woff2";\n${redoc}`)).toThrow(/remote file/);
  });
});
