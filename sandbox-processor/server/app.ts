/**
 * The sandbox processor's own origin (default http://127.0.0.1:4243): its card fields page and
 * assets, the browser charge API that page calls with the token the service's `init` handed out,
 * and the server-to-server API the service's adapter calls (./server-api.ts). It answers in its
 * own format, as a third-party provider would, not in the service's envelope.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ProcessorChallengeRequest, ProcessorChargeRequest } from '../../src/api/processor.ts';
import { csp, escapeJsonForHtml, pageHeaders } from '../../src/platform/page-headers.ts';
import { readDist, serveAsset } from '../../src/platform/static.ts';
import type { SandboxProcessorCore } from '../processor.ts';
import type { TransactionRecord } from '../store/repo.ts';
import { challengePage } from './challenge-page.ts';
import { fail, lostAnswer, readBody } from './http.ts';
import { refusal, serverApi } from './server-api.ts';
import type { FaultBoard } from '../faults.ts';
import { faultDoor, tokenMerchant } from './fault-door.ts';

/** What the processor writes to a log; the service's logger fits. */
export interface ProcessorLog {
  info(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export interface ProcessorAppOptions {
  core: SandboxProcessorCore;
  /** The fault switchboard every call the service makes (and every browser charge) passes. */
  faults: FaultBoard;
  distDir: string;
  /** The only origin allowed to frame the fields page. */
  serviceUrl: string;
  /** Where browsers reach this processor; the fields page URL handed to the service is built from it. */
  publicUrl: string;
  /** The bearer secret the service's adapter must present on the server-to-server API. */
  apiSecret: string;
  log: ProcessorLog;
  /** A processor that runs alone: takes the service clock's offset an instance pushes (../clock.ts). */
  moveClock?: (offsetMs: number) => number;
  /** Resolves once every commit so far is on disk; awaited before any answer to a write. */
  durable?: () => Promise<void>;
}

/**
 * A charge as the browser may see it. A browser hears only that a card was declined (issue 18,
 * finding 2): the reason (a stolen card, a wrong security code) would make the fields a card-testing
 * oracle; the service reads the real code through the server API and tells the buyer what it may.
 * A bank check with no page of its own (no return URL) carries what the fields page shows.
 */
function browserView(t: TransactionRecord) {
  return {
    transactionId: t.id,
    status: t.status,
    ...(t.status === 'declined' ? { declineCode: 'card_declined' } : {}),
    brand: t.brand,
    last4: t.last4,
    ...(t.status === 'requires_action' && t.returnUrl === null ? { challenge: { amount: t.amount, currency: t.currency } } : {}),
  };
}

export function sandboxProcessorApp(opts: ProcessorAppOptions) {
  const app = new Hono();
  const serviceOrigin = new URL(opts.serviceUrl).origin;
  const policy = csp({
    'default-src': "'self'",
    'script-src': "'self'",
    'style-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data:",
    'connect-src': "'self'",
    // The fields are framed by the service: its hosted page, and its embedded checkout frame on
    // any merchant's page (mountCheckout). frame-ancestors checks every ancestor, the merchant's
    // top page included, so it cannot say "the direct parent only"; the page itself refuses any
    // direct parent but the service (fields-page/params.ts), as a provider's hosted fields do.
    'frame-ancestors': '*',
    'base-uri': "'none'",
    'form-action': "'none'",
    'object-src': "'none'",
  });
  const tooLarge = bodyLimit({ maxSize: 8192, onError: () => fail(413, 'too_large', 'Body too large.') });

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    // An answer to a write leaves only once what it wrote is on disk (store/durable.ts).
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && opts.durable) await opts.durable();
    opts.log.info(`processor ${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status}`, { ms: Math.round(performance.now() - started) });
  });

  app.get('/fields', async (c) => {
    const html = await readDist(opts.distDir, 'app', 'sandbox-processor', 'fields-page', 'index.html');
    // Missing bundles are a state of this deployment, not a fault in the request: 503, with the fix.
    if (!html) return fail(503, 'not_built', 'The sandbox fields page is not built; run npm run build.');
    pageHeaders(c, policy);
    // The page refuses to talk to any parent but the service (defence beside frame-ancestors).
    const boot = `<script type="application/json" id="svcpay-boot">${escapeJsonForHtml({ serviceOrigin })}</script>`;
    return c.html(html.replace('<!--svcpay-boot-->', boot));
  });
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.get('/assets/:name', async (c) => (await serveAsset(c, opts.distDir, c.req.param('name'))) ?? c.notFound());
  app.get('/health', (c) => c.json({ status: 'ok' }));

  app.post('/v1/charges', tooLarge, faultDoor(opts.faults, tokenMerchant(opts.core)), async (c) => {
    const body = await readBody(c, ProcessorChargeRequest, 'The card details are incomplete or malformed.');
    if (body instanceof Response) return body;
    let result;
    try {
      result = opts.core.chargeWithToken(body.token, body.card);
    } catch (err) {
      return refusal(err);
    }
    if (result.lost) return lostAnswer();
    return c.json(browserView(result.transaction));
  });

  // The bank check an embedded checkout's fields page shows itself (issue 18, finding 11).
  app.post('/v1/charges/:id/challenge', tooLarge, async (c) => {
    const body = await readBody(c, ProcessorChallengeRequest, 'Send the form token and result: approve or fail.');
    if (body instanceof Response) return body;
    try {
      return c.json(browserView(opts.core.answerInlineChallenge(body.token, c.req.param('id'), body.result)));
    } catch (err) {
      return refusal(err);
    }
  });

  app.use('/v1/*', tooLarge);
  app.use('/challenge/*', tooLarge);
  app.route('/', serverApi(opts));
  app.route('/', challengePage(opts.core, serviceOrigin));

  app.notFound(() => fail(404, 'not_found', 'Not found.'));
  app.onError((err) => {
    opts.log.error('processor error', { error: err instanceof Error ? err.message : String(err) });
    return fail(500, 'processor_error', 'The processor failed.');
  });
  return app;
}
