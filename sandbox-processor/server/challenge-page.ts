/**
 * The bank-challenge page (3-D Secure stand-in) at `{publicUrl}/challenge/{transactionId}`: plain
 * HTML, no script, two buttons in a form that posts back here. The answer resolves the transaction
 * and sends the browser (303) to the charge's `returnUrl` with `transactionId` in the query.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { csp, pageHeaders } from '../../src/platform/page-headers.ts';
import type { SandboxProcessorCore } from '../processor.ts';
import type { TransactionRecord } from '../store/repo.ts';
import { bankAmount } from '../bank-amount.ts';

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1a1a1a}' +
  'main{max-width:28rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}' +
  'h1{font-size:1.3rem;margin-top:0}form{display:flex;gap:.75rem;flex-wrap:wrap}' +
  'button{font:inherit;padding:.6rem 1rem;border-radius:6px;border:1px solid #555;background:#fff;cursor:pointer}' +
  'button[value=approve]{background:#1d4ed8;border-color:#1d4ed8;color:#fff}button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}';
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Who may frame the page. A bank page must not be framed by just anyone (clickjacking), yet the
 * service shows it in a dialog over the merchant page that started the payment: `frame-ancestors`
 * is checked against every ancestor, so both the service and that one page origin (recorded with
 * the charge, never taken from the request) are listed; nobody else. No transaction: nobody.
 */
function ancestors(serviceOrigin: string, t?: TransactionRecord): string {
  if (!t) return "'none'";
  return t.frameAncestor && t.frameAncestor !== serviceOrigin ? `${serviceOrigin} ${t.frameAncestor}` : serviceOrigin;
}

function page(c: Context, status: 200 | 400 | 404 | 409, title: string, body: string, frameAncestors: string, formTarget?: string) {
  const origins = formTarget ? ` ${new URL(formTarget).origin}` : '';
  pageHeaders(
    c,
    csp({
      'default-src': "'none'",
      'style-src': STYLE_HASH,
      // The answer redirects to the return URL: form-action must allow where the redirect lands.
      'form-action': `'self'${origins}`,
      'frame-ancestors': frameAncestors,
      'base-uri': "'none'",
    }),
  );
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
  return c.html(html, status);
}

function returnTo(t: TransactionRecord): string {
  const url = new URL(t.returnUrl!);
  url.searchParams.set('transactionId', t.id);
  return url.toString();
}

export function challengePage(core: SandboxProcessorCore, serviceOrigin: string) {
  const app = new Hono();

  app.get('/challenge/:id', (c) => {
    const t = core.repo.getTransaction(c.req.param('id'));
    if (!t || !t.returnUrl) return page(c, 404, 'Authentication not found', '<h1>Authentication not found</h1><p>This bank check does not exist.</p>', ancestors(serviceOrigin));
    if (t.status !== 'requires_action') {
      return page(c, 409, 'Authentication complete', `<h1>Authentication complete</h1><p><a href="${escapeHtml(returnTo(t))}">Return to the shop</a></p>`, ancestors(serviceOrigin, t));
    }
    const amount = escapeHtml(bankAmount(t.amount, t.currency));
    return page(
      c,
      200,
      'Confirm your payment',
      `<h1>Confirm your payment with your bank</h1>` +
        `<p>Sandbox bank check for a payment of <strong>${amount}</strong> with the ${escapeHtml(t.brand)} card ending in ${escapeHtml(t.last4)}.</p>` +
        `<form method="post" action="/challenge/${encodeURIComponent(t.id)}">` +
        `<button type="submit" name="result" value="approve">Complete authentication</button>` +
        `<button type="submit" name="result" value="fail">Fail authentication</button>` +
        `</form>`,
      ancestors(serviceOrigin, t),
      t.returnUrl,
    );
  });

  app.post('/challenge/:id', async (c) => {
    const id = c.req.param('id');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const result = form['result'];
    const t = core.repo.getTransaction(id);
    if (result !== 'approve' && result !== 'fail') return page(c, 400, 'Choose an answer', '<h1>Choose an answer</h1><p>Go back and press one of the two buttons.</p>', ancestors(serviceOrigin, t));
    if (!t || !t.returnUrl) return page(c, 404, 'Authentication not found', '<h1>Authentication not found</h1><p>This bank check does not exist.</p>', ancestors(serviceOrigin));
    // A second press (or a reload) after the answer: the outcome stands, the buyer goes back.
    const resolved = t.status === 'requires_action' ? core.resolveChallenge(null, id, result) : t;
    return c.redirect(returnTo(resolved), 303);
  });

  return app;
}
