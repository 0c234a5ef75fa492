/**
 * The documentation pages in Chromium (issue 22): the API reference renders the service's own
 * contract with the packaged renderer under its CSP (no violation, no request off the service's
 * origin), and an error envelope's `docs` link lands on its code's entry, which passes axe.
 */
import type { Page } from '@playwright/test';
import { expectNoViolations, scan } from '../../fixtures/axe.ts';
import { expect, test } from '../../fixtures/test.ts';

/** CSP refusals the console reports, and every request to another origin than the service's. */
function watch(page: Page, origin: string) {
  const refused: string[] = [];
  const offsite: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== origin) offsite.push(r.url());
  });
  return { refused, offsite };
}

/** Redoc lays out the whole reference before its first heading shows (about 20 s on a busy 2-core machine). */
const REDOC_RENDER_MS = 45_000;

test('the API reference renders the contract offline, with no CSP violation, and the deprecation Link of POST /v1/sessions opens it at the session create', async ({ page, server, merchant, request }) => {
  // One test, so the reference (seconds of layout on two cores) is rendered twice, not three times.
  const res = await request.post(`${server.serviceUrl}/v1/sessions`, {
    headers: { Authorization: `Bearer ${merchant.keys.secret}` },
    data: { amount: 1999, currency: 'usd', metadata: { mirror: '{"platform":"platform_a"}' } },
  });
  expect(res.status()).toBe(201);
  const target = /^<([^>]+)>; rel="deprecation"$/.exec(res.headers()['link'] ?? '')?.[1];
  expect(target).toMatch(/\/docs#operation\/post_v1_sessions$/);

  const seen = watch(page, server.serviceUrl);
  await page.goto(`${server.serviceUrl}/docs`);
  // Redoc draws each operation's summary as its heading (after a hidden deep-link anchor). It
  // renders the whole contract in the page first: a loaded machine can take longer than the default.
  const heading = page.getByRole('heading', { name: /Create a checkout session/ });
  await expect(heading).toBeVisible({ timeout: REDOC_RENDER_MS });
  // Opened plainly, the reference starts at its introduction, far above that operation.
  await expect(heading).not.toBeInViewport();
  await expect(page.getByRole('link', { name: 'Error codes' })).toHaveAttribute('href', '/docs/errors');
  // The search index is built in a blob: worker; searching proves the worker ran.
  await page.getByRole('textbox', { name: 'Search' }).fill('refund');
  await expect(page.locator('[data-role="search:results"]').getByText(/^Refund a succeeded payment/)).toBeVisible();
  expect(seen.refused).toEqual([]);
  expect(seen.offsite).toEqual([]);

  // Redoc follows the legacy #operation/<operationId> deep link to that operation's section.
  await page.goto(target!);
  await expect(heading).toBeInViewport({ timeout: REDOC_RENDER_MS });
});

test("an error envelope's docs link opens its code's entry, and the page passes axe", async ({ page, server, request }) => {
  const seen = watch(page, server.serviceUrl);
  const res = await request.post(`${server.serviceUrl}/v1/sessions`, { data: {} });
  const { code, docs } = await res.json();
  expect([res.status(), code]).toEqual([401, 'auth_missing_bearer']);
  await page.goto(docs);
  const entry = page.locator('#auth_missing_bearer');
  await expect(entry).toBeInViewport();
  await expect(entry.getByRole('heading', { name: 'auth_missing_bearer' })).toBeVisible();
  await expect(entry).toContainText('401 Unauthorized');
  expectNoViolations(await scan(page));
  expect(seen.refused).toEqual([]);
  expect(seen.offsite).toEqual([]);
});
