/**
 * The sandbox processor's own origin (default http://127.0.0.1:4243): its card fields page, the
 * charge API that page calls with the token `init` handed out, and its assets. It answers in
 * its own format, as a third-party provider would, not in the service's envelope.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ProcessorChargeRequest } from '../../../api/processor.ts';
import type { Logger } from '../../log.ts';
import { isJsonType } from '../../middleware/content-type.ts';
import { csp, escapeJsonForHtml, pageHeaders, readDist, serveAsset } from '../../static.ts';
import { ProcessorRejectedError } from '../types.ts';
import type { SandboxProcessor } from './processor.ts';

export function sandboxProcessorApp(opts: { processor: SandboxProcessor; distDir: string; serviceUrl: string; log: Logger }) {
  const app = new Hono();
  const serviceOrigin = new URL(opts.serviceUrl).origin;
  const policy = csp({
    'default-src': "'self'",
    'script-src': "'self'",
    'style-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data:",
    'connect-src': "'self'",
    // Only the service's hosted page may frame the processor's fields.
    'frame-ancestors': serviceOrigin,
    'base-uri': "'none'",
    'form-action': "'none'",
    'object-src': "'none'",
  });
  const fail = (status: 400 | 401 | 404 | 409 | 413 | 415 | 500, code: string, error: string) =>
    new Response(JSON.stringify({ error, code }), { status, headers: { 'Content-Type': 'application/json' } });

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    opts.log.info(`processor ${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status}`, { ms: Math.round(performance.now() - started) });
  });

  app.get('/fields', async (c) => {
    const html = await readDist(opts.distDir, 'app', 'src', 'server', 'processors', 'sandbox', 'fields-page', 'index.html');
    if (!html) return fail(500, 'not_built', 'The sandbox fields page is not built; run npm run build.');
    pageHeaders(c, policy);
    // The page refuses to talk to any parent but the service (defence beside frame-ancestors).
    const boot = `<script type="application/json" id="svcpay-boot">${escapeJsonForHtml({ serviceOrigin })}</script>`;
    return c.html(html.replace('<!--svcpay-boot-->', boot));
  });
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.get('/assets/:name', async (c) => (await serveAsset(c, opts.distDir, c.req.param('name'))) ?? c.notFound());
  app.get('/health', (c) => c.json({ status: 'ok' }));

  app.post('/v1/charges', bodyLimit({ maxSize: 8192, onError: () => fail(413, 'too_large', 'Body too large.') }), async (c) => {
    if (!isJsonType(c.req.header('content-type'))) return fail(415, 'unsupported_media_type', 'Send JSON.');
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return fail(400, 'invalid_json', 'The body is not valid JSON.');
    }
    const parsed = ProcessorChargeRequest.safeParse(raw);
    if (!parsed.success) return fail(400, 'invalid_request', 'The card details are incomplete or malformed.');
    try {
      const t = opts.processor.chargeWithToken(parsed.data.token, parsed.data.card);
      return c.json({
        transactionId: t.id,
        status: t.status,
        ...(t.declineCode ? { declineCode: t.declineCode } : {}),
        brand: t.brand,
        last4: t.last4,
      });
    } catch (err) {
      if (err instanceof ProcessorRejectedError) {
        const status = err.reason === 'token_used' || err.reason === 'token_expired' ? 409 : 400;
        return fail(status, err.reason, err.message);
      }
      throw err;
    }
  });

  app.notFound(() => fail(404, 'not_found', 'Not found.'));
  app.onError((err) => {
    opts.log.error('processor error', { error: err instanceof Error ? err.message : String(err) });
    return fail(500, 'processor_error', 'The processor failed.');
  });
  return app;
}
