/**
 * Serving the built browser bundles, for the service's origin and the sandbox processor's: pages
 * and scripts by Accept-Encoding with their validators, hashed assets with long caching. Paths are
 * matched against a strict pattern, never joined from raw input. The headers of a page (its
 * Content-Security-Policy) are in ./page-headers.ts.
 *
 * Every file is read once and kept in memory with the `.br` and `.gz` siblings the build wrote
 * beside it (vite.config.ts, precompress), so a request costs no disk read and no compression.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import type { Context } from 'hono';
import { chooseEncoding, etagMatches, type Encoding } from './static-negotiation.ts';

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
/** The build's precompressed siblings are representations of a file, not files of their own. */
const SIBLING = /\.(br|gz)$/;

/** A built file as held in memory: its bytes, the precompressed siblings found beside it, and one hash. */
export interface DistFile {
  readonly type: string;
  readonly identity: Uint8Array<ArrayBuffer>;
  readonly br: Uint8Array<ArrayBuffer> | null;
  readonly gzip: Uint8Array<ArrayBuffer> | null;
  /** Content hash of the identity bytes; each representation's ETag is built from it. */
  readonly hash: string;
  /** The bytes as UTF-8 text, for templates (hosted page, fields page). */
  readonly text: string;
}

/**
 * Found files only, keyed by absolute path. A missing file is not remembered, so a build made
 * after the server started is picked up by the next request; a found file is never read again.
 * The promise is cached, not its result, so concurrent first requests share one read.
 */
const cache = new Map<string, Promise<DistFile | null>>();

async function readOptional(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

async function readDistFile(path: string): Promise<DistFile | null> {
  const identity = await readOptional(path);
  if (!identity) return null;
  const [br, gzip] = await Promise.all([readOptional(`${path}.br`), readOptional(`${path}.gz`)]);
  // A sibling no smaller than the original is not worth its Content-Encoding.
  const smaller = (b: Buffer | null) => (b && b.length < identity.length ? new Uint8Array(b) : null);
  return {
    type: TYPES[extname(path)] ?? 'application/octet-stream',
    identity: new Uint8Array(identity),
    br: smaller(br),
    gzip: smaller(gzip),
    hash: createHash('sha256').update(identity).digest('base64url').slice(0, 27),
    text: identity.toString('utf8'),
  };
}

/** The file at `distDir/parts...`, from memory after the first successful read. */
export function loadDist(distDir: string, ...parts: string[]): Promise<DistFile | null> {
  const path = resolve(join(distDir, ...parts));
  const hit = cache.get(path);
  if (hit) return hit;
  const pending = readDistFile(path).then((file) => {
    if (!file) cache.delete(path);
    return file;
  });
  cache.set(path, pending);
  return pending;
}

/** A built file's text (templates), from memory after the first successful read. */
export async function readDist(distDir: string, ...parts: string[]): Promise<string | null> {
  return (await loadDist(distDir, ...parts))?.text ?? null;
}

const ETAG_SUFFIX: Record<Encoding, string> = { identity: '', br: '-br', gzip: '-gz' };

/**
 * Answers with the representation the client accepts best, or 304 when it already holds that
 * one. The caller sets the role's headers (CSP, caching, CORP) first; they go out on the 304 too.
 * Each encoding has its own strong ETag: the bytes differ, so one tag for all would let a cache
 * validate gzip bytes against a brotli request.
 */
export function sendDist(c: Context, file: DistFile) {
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'), { br: file.br !== null, gzip: file.gzip !== null });
  const body = encoding === 'identity' ? file.identity : (file[encoding] ?? file.identity);
  const etag = `"${file.hash}${ETAG_SUFFIX[encoding]}"`;
  c.header('ETag', etag);
  // Set even on identity answers: what a shared cache stores here depends on the header.
  c.header('Vary', 'Accept-Encoding');
  if (etagMatches(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
  c.header('Content-Type', file.type);
  if (encoding !== 'identity') c.header('Content-Encoding', encoding);
  c.header('Content-Length', String(body.byteLength));
  return c.body(body, 200);
}

/** `/assets/<name>`: the hashed files vite emits into dist/app/assets. */
export async function serveAsset(c: Context, distDir: string, name: string) {
  if (!ASSET_NAME.test(name) || name.includes('..') || SIBLING.test(name)) return null;
  const file = await loadDist(distDir, 'app', 'assets', name);
  if (!file) return null;
  c.header('Cache-Control', 'public, max-age=31536000, immutable');
  c.header('X-Content-Type-Options', 'nosniff');
  // Frames and pages of both origins (service, sandbox processor) load these modules.
  c.header('Access-Control-Allow-Origin', '*');
  c.header('Cross-Origin-Resource-Policy', 'cross-origin');
  return sendDist(c, file);
}
