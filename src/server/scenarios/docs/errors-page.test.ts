import { describe, expect, it } from 'vitest';
import { catalogue, DomainError, type ErrorCode } from '../../domain/errors.ts';
import { envelope } from '../../middleware/error-envelope.ts';
import { httpStatus } from '../../middleware/error-status.ts';
import { SERVICE, testApp } from '../../testing.ts';

/** The code of every entry on the page, in order: each section's id. */
const anchors = (html: string) => [...html.matchAll(/<section class="code" id="([^"]+)">/g)].map((m) => m[1]);
/** The entry of one code: from its anchor to the next section. */
const entryOf = (html: string, code: string) => html.slice(html.indexOf(`id="${code}"`)).split('</section>')[0]!;

async function page() {
  const t = await testApp();
  const res = await t.app.request('/docs/errors');
  return { t, res, html: await res.text() };
}

describe('GET /docs/errors', () => {
  it('has one anchor per code of the catalogue, mirroring codes included, each once', async () => {
    const { res, html } = await page();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const ids = anchors(html);
    expect(ids).toEqual(Object.keys(catalogue));
    expect(ids).toContain('mirror_malformed');
    expect(new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])).size).toBe([...html.matchAll(/\sid="/g)].length);
  });

  it("shows each code's status, fault, meaning, fix and retry advice from the catalogue", async () => {
    const { html } = await page();
    for (const code of Object.keys(catalogue) as ErrorCode[]) {
      const e = catalogue[code];
      const entry = entryOf(html, code);
      expect(entry, code).toContain(`<dt>HTTP status</dt><dd>${httpStatus[code]} `);
      expect(entry, code).toContain(`<dd><code>${e.fault}</code>: `);
      expect(entry, code).toContain(`<dt>Retryable</dt><dd>${e.retryable ? 'Yes' : 'No'}</dd>`);
      expect(entry, code).toContain(`<dd><code>${e.nextAction ?? 'fix_request'}</code>`);
      for (const text of [e.message, e.fix]) {
        const shown = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
        expect(entry, code).toContain(shown.replace(/`([^`]+)`/g, '<code>$1</code>'));
      }
    }
    expect(entryOf(html, 'rate_limit_exceeded')).toContain('<dd>429 Too Many Requests</dd>');
    expect(entryOf(html, 'auth_missing_bearer')).toContain('Send <code>Authorization: Bearer &lt;secret key&gt;</code>.');
  });

  it('is an accessible page with no script, under a CSP that allows none', async () => {
    const { res, html } = await page();
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<title>Error codes · svcpay API</title>');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    for (const landmark of ['<header class="bar">', '<nav aria-label="Developer documentation">', '<main id="codes"']) expect(html).toContain(landmark);
    expect(html).toContain('<a class="skip" href="#codes">');
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe("an error envelope's docs link", () => {
  it('from a 401 on POST /v1/sessions without a key, opens a page with that code\'s anchor', async () => {
    const t = await testApp();
    const res = await t.json('POST', '/v1/sessions', { amount: 1000, currency: 'usd' });
    const body = await res.json();
    expect([res.status, body.code]).toEqual([401, 'auth_missing_bearer']);
    const docs = new URL(body.docs);
    expect(docs.origin).toBe(SERVICE);
    expect(docs.hash).toBe('#auth_missing_bearer');
    const target = await t.app.request(docs.pathname);
    expect(target.status).toBe(200);
    expect(anchors(await target.text())).toContain('auth_missing_bearer');
  });

  it('of every code lands on its own anchor of the page', async () => {
    const { html } = await page();
    const ids = new Set(anchors(html));
    for (const code of Object.keys(catalogue) as ErrorCode[]) {
      const docs = new URL(envelope(new DomainError(code), SERVICE).docs);
      expect(docs.pathname, code).toBe('/docs/errors');
      expect(ids.has(decodeURIComponent(docs.hash.slice(1))), code).toBe(true);
    }
  });
});

describe('codes the documents define that the service never answers (issue 35, re-audit)', () => {
  // Documents 1 and 2 list these; no path here produces them. A merchant who reads the documents
  // and looks one up must find it on the page, with why it does not come.
  const UNANSWERED = [
    'session_integrity_error', 'idempotency_key_required', 'processor_check_unavailable', 'test_keys_are_sandbox_only',
    'live_keys_not_on_sandbox', 'provider_attestation_failed', 'provider_charge_failed', 'merchant_not_configured',
    'endpoint_retired', 'unexpected_redirect', 'refund_target_is_duplicate',
  ];

  it('each has an entry of its own, outside the answered codes, saying it is never answered and why', async () => {
    const { html } = await page();
    for (const code of UNANSWERED) {
      expect(Object.keys(catalogue), code).not.toContain(code);
      expect(html, code).toContain(`<section class="unanswered" id="${code}">`);
      const entry = entryOf(html, code);
      const why = /<dt>Why it is never answered<\/dt><dd>(.*?)<\/dd>/s.exec(entry)?.[1] ?? '';
      expect(why.replace(/<[^>]+>/g, '').length, code).toBeGreaterThan(20);
    }
    expect(anchors(html)).toEqual(Object.keys(catalogue));
  });
});
