import { describe, expect, it } from 'vitest';
import { CARD, testProcessor } from '../testing.ts';

const RETURN = 'https://shop.example/checkout/return?step=3ds';

async function pendingChallenge(number = '4000000000003220', extra: Record<string, unknown> = {}) {
  const p = testProcessor();
  const t = (await p.direct({ card: { ...CARD, number }, returnUrl: RETURN, amount: 1250, currency: 'EUR', ...extra })).body;
  const page = (method = 'GET', body?: string) =>
    p.processor.app.request(`/challenge/${t.id}`, {
      method,
      ...(body === undefined ? {} : { body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
    });
  return { ...p, t, page };
}

describe('sandbox bank-challenge page', () => {
  it('serves plain, accessible HTML: a heading, the amount, two named buttons in a form posting back', async () => {
    const { t, page } = await pendingChallenge();
    expect(t.challengeUrl).toBe(`http://127.0.0.1:4243/challenge/${t.id}`);
    const res = await page();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    expect(html).toContain('€12.50');
    expect(html).toContain(`<form method="post" action="/challenge/${t.id}">`);
    expect(html).toContain('<button type="submit" name="result" value="approve">Complete authentication</button>');
    expect(html).toContain('<button type="submit" name="result" value="fail">Fail authentication</button>');
    expect(html).not.toContain('<script');
    const policy = (res.headers.get('content-security-policy') ?? '').split('; ');
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("form-action 'self' https://shop.example");
    // Only the service may frame it when the charge named no merchant page.
    expect(policy).toContain('frame-ancestors http://localhost:4242');
    expect(policy.find((d) => d.startsWith('style-src'))).toMatch(/^style-src 'sha256-[A-Za-z0-9+/=]+'$/);
  });

  it('lets the service and the one merchant page named with the charge frame it, nobody else', async () => {
    const { page } = await pendingChallenge('4000000000003220', { frameAncestor: 'http://shop.example:8080' });
    const policy = ((await page()).headers.get('content-security-policy') ?? '').split('; ');
    expect(policy).toContain('frame-ancestors http://localhost:4242 http://shop.example:8080');
    const p = testProcessor();
    const refused = await p.call('POST', '/v1/transactions', { sessionId: null, livemode: false, amount: 100, currency: 'EUR', card: { ...CARD, number: '4000000000003220' }, returnUrl: RETURN, frameAncestor: 'http://shop.example/path' });
    expect(refused.status).toBe(400);
  });

  it('approve resolves the charge, redirects 303 to the return URL with the transaction id, and queues transaction.updated', async () => {
    const { t, page, call, count } = await pendingChallenge();
    const res = await page('POST', 'result=approve');
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://shop.example/checkout/return');
    expect(location.searchParams.get('step')).toBe('3ds');
    expect(location.searchParams.get('transactionId')).toBe(t.id);
    expect(await (await call('GET', `/v1/transactions/${t.id}`)).json()).toMatchObject({ status: 'approved', capture: 'settled', threeDSecure: { outcome: 'authenticated' } });
    expect(count("SELECT count(*) AS n FROM events WHERE type = 'transaction.updated' AND delivered_at IS NULL")).toBe(1);
    // A second press changes nothing and sends the buyer back again.
    expect((await page('POST', 'result=fail')).status).toBe(303);
    expect((await (await call('GET', `/v1/transactions/${t.id}`)).json()).status).toBe('approved');
    expect(count('SELECT count(*) AS n FROM events')).toBe(1);
    expect((await page()).status).toBe(409);
  });

  it('fail declines the charge; card 0116 declines after an approval too', async () => {
    const failed = await pendingChallenge();
    expect((await failed.page('POST', 'result=fail')).status).toBe(303);
    expect((await (await failed.call('GET', `/v1/transactions/${failed.t.id}`)).json()).status).toBe('declined');
    const later = await pendingChallenge('4000000000110116');
    expect((await later.page('POST', 'result=approve')).status).toBe(303);
    expect(await (await later.call('GET', `/v1/transactions/${later.t.id}`)).json()).toMatchObject({ status: 'declined', declineCode: 'card_declined' });
  });

  it('refuses a missing answer and an unknown transaction, changing nothing', async () => {
    const { t, page, processor, call, count } = await pendingChallenge();
    expect((await page('POST', 'result=maybe')).status).toBe(400);
    expect((await page('POST', '')).status).toBe(400);
    expect((await processor.app.request('/challenge/sbx_txn_nope')).status).toBe(404);
    expect((await (await call('GET', `/v1/transactions/${t.id}`)).json()).status).toBe('requires_action');
    expect(count('SELECT count(*) AS n FROM events')).toBe(0);
  });
});
