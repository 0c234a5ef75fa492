/**
 * The documentation the discovery document (`docs`) and every error envelope (`docs`) point to,
 * unauthenticated: `GET /docs`, the API reference drawn from this service's own contract, and
 * `GET /docs/errors`, one anchor per error code. Both are read-only pages with their own CSP.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { Deps } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { newRouter } from '../../router.ts';
import { csp, pageHeaders } from '../../../platform/page-headers.ts';
import { loadDist, readDist, sendDist, type DistFile } from '../../../platform/static.ts';
import { security } from '../contract/security.ts';
import { errorsPage } from './errors-page.ts';
import { memoryFile } from './memory-file.ts';
import { referencePage, referencePolicy, RENDERER_URL, START_SCRIPT, START_URL } from './reference-page.ts';
import { RENDERER_DIR, RENDERER_FILE, RENDERER_LICENSE } from './renderer.ts';
import { DOCS_CSS } from './style.ts';

const BUILD_MISSING = 'The API reference renderer is not built. Run `npm run build` (npm start does it for you).';

/** No script at all: the page is text and links. */
const errorsPolicy = csp({
  'default-src': "'none'",
  'style-src': "'self'",
  'frame-ancestors': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
});

const html = (description: string) => ({ 200: { content: { 'text/html': { schema: z.string() } }, description } });

/** A file only these pages load: same-origin, not sniffed, cached briefly (the URL carries no version). */
function sendOwn(c: Context, file: DistFile, maxAge: number) {
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cross-Origin-Resource-Policy', 'same-origin');
  c.header('Cache-Control', `public, max-age=${maxAge}`);
  return sendDist(c, file);
}

export function docsRoutes(deps: Deps) {
  const r = newRouter();
  const { distDir } = deps.config;
  let errors: DistFile | undefined;
  const css = memoryFile('text/css; charset=utf-8', DOCS_CSS);
  const start = memoryFile('text/javascript; charset=utf-8', START_SCRIPT);

  r.openapi(
    createRoute({ method: 'get', path: '/docs', summary: 'API reference (HTML) drawn from this contract', description: 'No key. The human-readable reference of this contract, rendered offline from it: every operation with the key it takes, its parameters, its answers and the error codes it can return.', tags: ['discovery'], security: security.none, responses: html('An HTML page') }),
    (c) => {
      // A fresh nonce per answer: it is what lets the renderer's own <style> elements through.
      const nonce = randomBytes(18).toString('base64');
      pageHeaders(c, referencePolicy(nonce));
      return c.body(referencePage(nonce), 200, { 'Content-Type': 'text/html; charset=utf-8' });
    },
  );

  r.openapi(
    createRoute({ method: 'get', path: '/docs/errors', summary: 'Every error code (HTML): status, fault, meaning, fix and retry advice; one anchor per code', description: "No key. Every error code with its status, whose fault it is, what it means, how to fix it and whether to retry; the `docs` link of every error envelope points to the code's anchor here.", tags: ['discovery'], security: security.none, responses: html('An HTML page') }),
    (c) => {
      pageHeaders(c, errorsPolicy);
      // The same for every caller and every request until the next release.
      c.header('Cache-Control', 'public, max-age=300');
      return sendDist(c, (errors ??= memoryFile('text/html; charset=utf-8', errorsPage())));
    },
  );

  r.get('/docs/docs.css', (c) => sendOwn(c, css, 300));
  r.get(START_URL, (c) => sendOwn(c, start, 300));
  // Redoc's standalone bundle, copied in by the build (scripts/docs-renderer.ts).
  r.get(RENDERER_URL, async (c) => {
    const file = await loadDist(distDir, 'app', RENDERER_DIR, RENDERER_FILE);
    if (!file) throw new DomainError('service_unavailable', BUILD_MISSING);
    return sendOwn(c, file, 3600);
  });
  r.get(`${RENDERER_URL}.LICENSE.txt`, async (c) => {
    const text = await readDist(distDir, 'app', RENDERER_DIR, RENDERER_LICENSE);
    if (!text) throw new DomainError('service_unavailable', BUILD_MISSING);
    c.header('X-Content-Type-Options', 'nosniff');
    return c.text(text);
  });
  return r;
}
