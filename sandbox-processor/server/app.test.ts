import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CARD, SERVICE_URL, testProcessor } from '../testing.ts';

describe('sandbox processor browser charge API', () => {
  it('approves 4242… with a client token and keeps only brand and last four', async () => {
    const { token, charge, processor } = testProcessor();
    const res = await charge({ token: await token(), card: CARD });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'approved', brand: 'visa', last4: '4242' });
    const rows = JSON.stringify(processor.db.prepare('SELECT * FROM transactions').all());
    expect(rows).toContain('4242');
    expect(rows).not.toContain(CARD.number);
    expect(rows).not.toContain(`"${CARD.cvc}"`);
  });

  it('declines 4000…0002 with card_declined', async () => {
    const { token, charge } = testProcessor();
    const body = await (await charge({ token: await token(), card: { ...CARD, number: '4000000000000002' } })).json();
    expect(body).toMatchObject({ status: 'declined', declineCode: 'card_declined' });
  });

  it('tells a browser only that a card was declined, never why; the server API reads the reason', async () => {
    const { token, charge, processor } = testProcessor();
    for (const [number, reason] of [['4000000000000127', 'incorrect_cvc'], ['4000000000009987', 'lost_card'], ['4000000000009979', 'stolen_card'], ['4000000000009995', 'insufficient_funds']]) {
      const res = await charge({ token: await token(), card: { ...CARD, number: number! } });
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ status: 'declined', declineCode: 'card_declined' });
      expect(text).not.toContain(reason!);
      const { transactionId } = JSON.parse(text) as { transactionId: string };
      expect((processor.db.prepare('SELECT decline_code FROM transactions WHERE id = ?').get(transactionId) as { decline_code: string }).decline_code).toBe(reason);
    }
  });

  it('declines an expired card and refuses a bad number, a wrong-length CVC, a used or unknown token', async () => {
    const { token, charge } = testProcessor();
    const used = await token();
    expect((await (await charge({ token: used, card: { ...CARD, expYear: 2001 } })).json()).declineCode).toBe('card_declined');
    expect((await charge({ token: used, card: CARD })).status).toBe(409);
    const fresh = await token();
    expect((await charge({ token: fresh, card: { ...CARD, number: '4242424242424241' } })).status).toBe(400);
    expect((await charge({ token: fresh, card: { ...CARD, cvc: '1234' } })).status).toBe(400);
    expect((await charge({ token: 'sbx_tok_unknown', card: CARD })).status).toBe(400);
  });

  it('refuses a token once its hour has passed on the clock it follows', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const { token, charge } = testProcessor({ now: () => new Date(now) });
    const tok = await token();
    now += 60 * 60 * 1000;
    const res = await charge({ token: tok, card: CARD });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('token_expired');
  });
});

describe('sandbox fields page', () => {
  let dist: string | undefined;
  afterEach(() => {
    if (dist) rmSync(dist, { recursive: true, force: true });
    dist = undefined;
  });

  it('answers 503 not_built with the fix when the bundle is missing', async () => {
    const { processor } = testProcessor({ distDir: join(tmpdir(), 'svcpay-no-such-dist') });
    const res = await processor.app.request('/fields');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ code: 'not_built', error: expect.stringContaining('npm run build') });
  });

  it('serves the built page with the boot tag naming the service as its only parent', async () => {
    dist = mkdtempSync(join(tmpdir(), 'svcpay-dist-'));
    mkdirSync(join(dist, 'app', 'sandbox-processor', 'fields-page'), { recursive: true });
    writeFileSync(join(dist, 'app', 'sandbox-processor', 'fields-page', 'index.html'), '<html><head><!--svcpay-boot--></head><body>fields</body></html>');
    const { processor } = testProcessor({ distDir: dist });
    const res = await processor.app.request('/fields');
    expect(res.status).toBe(200);
    const policy = res.headers.get('content-security-policy') ?? '';
    // Framable under any merchant page (mountCheckout); the page talks to the boot's serviceOrigin only.
    expect(policy.split('; ')).toContain('frame-ancestors *');
    const html = await res.text();
    expect(html).toContain(`<script type="application/json" id="svcpay-boot">{"serviceOrigin":"${SERVICE_URL}"}</script>`);
    expect(html).toContain('fields');
    expect(html).not.toContain('<!--svcpay-boot-->');
  });
});
