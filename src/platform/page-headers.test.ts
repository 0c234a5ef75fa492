import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { csp, escapeJsonForHtml, inlineHashes, pageHeaders } from './page-headers.ts';

describe('page headers', () => {
  it('writes a policy from its directives and sends it with the headers every page carries', async () => {
    const policy = csp({ 'default-src': "'self'", 'frame-ancestors': "'none'" });
    expect(policy).toBe("default-src 'self'; frame-ancestors 'none'");
    const app = new Hono().get('/', (c) => {
      pageHeaders(c, policy);
      return c.html('<p>page</p>');
    });
    const res = await app.request('/');
    expect(res.headers.get('Content-Security-Policy')).toBe(policy);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('hashes inline scripts and styles, not scripts loaded by src', () => {
    const SCRIPT = 'document.body.dataset.ran = "yes";';
    const STYLE = '.svp-card{color:red}';
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const inline = `<!doctype html><html><head><style>${STYLE}</style></head><body><script type="module">${SCRIPT}</script></body></html>`;
    expect(inlineHashes(inline)).toEqual({ script: [sha(SCRIPT)], style: [sha(STYLE)] });
    expect(inlineHashes('<html><head><script type="module" src="/assets/field-Ab12Cd.js"></script></head></html>')).toEqual({ script: [], style: [] });
  });

  it('escapes JSON so it cannot close the script element it sits in', () => {
    const text = escapeJsonForHtml({ a: '</script><b>&' });
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual({ a: '</script><b>&' });
  });
});
