/**
 * The provider stand-ins' browser files (stripe.js's and braintree-web's stand-ins, their field
 * frames), served as their providers serve them: plain files with no build, read once. Pages carry a
 * CSP that lets any page frame them (the providers' frames sit on any merchant's page) and talk
 * only to their own origin; scripts may be loaded by any page.
 */
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Context } from 'hono';
import { csp, pageHeaders } from '../src/platform/page-headers.ts';

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8' };

const pagePolicy = csp({
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data:",
  'connect-src': "'self'",
  'frame-ancestors': '*',
  'base-uri': "'none'",
  'form-action': "'none'",
  'object-src': "'none'",
});

/** A handler serving `files` (request path → file name in `dir`); 404 for any other path. */
export function browserFiles(dir: string, files: Record<string, string>) {
  const cache = new Map<string, string>();
  const read = (file: string) => cache.get(file) ?? (cache.set(file, readFileSync(join(dir, file), 'utf8')), cache.get(file)!);
  return (c: Context) => {
    const file = files[c.req.path];
    if (!file) return c.text('Not found', 404);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    if (type.startsWith('text/html')) pageHeaders(c, pagePolicy);
    else {
      c.header('Access-Control-Allow-Origin', '*');
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
      c.header('X-Content-Type-Options', 'nosniff');
    }
    c.header('Cache-Control', 'no-cache');
    return c.body(read(file), 200, { 'Content-Type': type });
  };
}
