/**
 * Serving the built browser bundles: pages with their Content-Security-Policy, hashed assets
 * with long caching. Paths are matched against a strict pattern, never joined from raw input.
 */
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

const ASSET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export function csp(directives: Record<string, string>): string {
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');
}

/** Security headers every HTML page of the service carries. */
export function pageHeaders(c: Context, policy: string) {
  c.header('Content-Security-Policy', policy);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.header('Cache-Control', 'no-store');
}

export async function readDist(distDir: string, ...parts: string[]): Promise<string | null> {
  try {
    return await readFile(join(distDir, ...parts), 'utf8');
  } catch {
    return null;
  }
}

/** `/assets/<name>`: the hashed files vite emits into dist/app/assets. */
export async function serveAsset(c: Context, distDir: string, name: string) {
  if (!ASSET_NAME.test(name) || name.includes('..')) return null;
  let data: Buffer;
  try {
    data = await readFile(join(distDir, 'app', 'assets', name));
  } catch {
    return null;
  }
  c.header('Content-Type', TYPES[extname(name)] ?? 'application/octet-stream');
  c.header('Cache-Control', 'public, max-age=31536000, immutable');
  c.header('X-Content-Type-Options', 'nosniff');
  // Frames and pages of both origins (service, sandbox processor) load these modules.
  c.header('Access-Control-Allow-Origin', '*');
  c.header('Cross-Origin-Resource-Policy', 'cross-origin');
  return c.body(new Uint8Array(data));
}

export const escapeJsonForHtml = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
