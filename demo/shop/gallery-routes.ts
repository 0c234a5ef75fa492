/**
 * The designers' gallery on the demo origin (issue 10): the pages vite built into dist/gallery
 * (demo/gallery/build.ts), each entry at a stable URL under /gallery/, and the hashed assets they
 * load from /assets/. Paths are matched by pattern and looked up in fixed tables; no request path
 * is joined onto the file system. Strict CSP: nothing inline, everything from this origin.
 */
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Hono, type Context } from 'hono';

export const defaultGalleryDir = join(import.meta.dirname, '..', '..', 'dist', 'gallery');

const SLUG = '[a-z0-9-]+';
const ASSET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** The gallery's own pages may be framed by nothing; its frames only by the gallery. */
export function galleryCsp(framedBy: "'none'" | "'self'"): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    `frame-ancestors ${framedBy}`,
  ].join('; ');
}

type Page = 'index' | 'entry' | 'element-frame' | 'page-frame' | 'sandbox-fields';

async function readOptional(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

export function galleryRoutes(dir = defaultGalleryDir): Hono {
  const app = new Hono();

  const page = (name: Page, framedBy: "'none'" | "'self'") => async (c: Context) => {
    const html = await readOptional(join(dir, 'demo', 'gallery', `${name}.html`));
    c.header('Content-Security-Policy', galleryCsp(framedBy));
    c.header('Referrer-Policy', 'same-origin');
    // The svcpay package ships dist/gallery built (package.json "files"): only a clone can lack it.
    if (!html) return c.text('The gallery is not built (dist/gallery is missing): in a clone of the repository, run `node scripts/ensure.mjs` (npm start does it).', 503);
    return c.html(html.toString('utf8'));
  };

  app.get('/gallery', page('index', "'none'"));
  app.get('/gallery/', page('index', "'none'"));
  app.get('/gallery/frames/sandbox-fields', page('sandbox-fields', "'self'"));
  app.get(`/gallery/frames/element/:component{${SLUG}}/:state`, page('element-frame', "'self'"));
  app.get(`/gallery/frames/page/:component{${SLUG}}/:state`, page('page-frame', "'self'"));
  // Unknown components and states get the entry page too, which says so and links the index.
  app.get(`/gallery/:component{${SLUG}}/:state`, page('entry', "'none'"));

  app.get('/assets/:name', async (c, next) => {
    const name = c.req.param('name');
    const type = TYPES[extname(name)];
    if (!ASSET_NAME.test(name) || name.includes('..') || !type) return next();
    const body = await readOptional(join(dir, 'assets', name));
    if (!body) return next();
    return c.body(new Uint8Array(body), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=31536000, immutable' });
  });

  return app;
}
