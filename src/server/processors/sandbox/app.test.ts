import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';
import { createLogger } from '../../log.ts';
import { sandboxProcessorApp } from './app.ts';
import { futureExpiry } from '../../../card/test-cards.ts';

const expiry = futureExpiry();

const CARD = { number: '4242424242424242', expMonth: expiry.month, expYear: expiry.year, cvc: '123' };

async function setup() {
  const t = await testApp();
  const { keys } = await t.merchant();
  const session = await (await t.json('POST', '/v1/sessions', { amount: 700, currency: 'usd' }, bearer(keys.secret))).json();
  const init = await (await t.json('POST', '/api/checkout/init', { sessionId: session.id }, { Origin: SERVICE })).json();
  const processor = sandboxProcessorApp({ processor: t.sandbox, distDir: t.deps.config.distDir, serviceUrl: SERVICE, log: createLogger(false) });
  const charge = (body: unknown) =>
    processor.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { t, init, charge, processor };
}

describe('sandbox processor charge API', () => {
  it('approves 4242… with the init token and keeps only brand and last four', async () => {
    const { t, init, charge } = await setup();
    const res = await charge({ token: init.token, card: CARD });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'approved', brand: 'visa', last4: '4242' });
    expect(JSON.stringify(t.store.db.prepare('SELECT * FROM sbx_transactions').all())).not.toContain(CARD.number);
  });

  it('declines 4000…0002 with card_declined', async () => {
    const { init, charge } = await setup();
    const body = await (await charge({ token: init.token, card: { ...CARD, number: '4000000000000002' } })).json();
    expect(body).toMatchObject({ status: 'declined', declineCode: 'card_declined' });
  });

  it('declines an expired card and refuses a bad number, a wrong-length CVC, a used or unknown token', async () => {
    const { init, charge } = await setup();
    expect((await (await charge({ token: init.token, card: { ...CARD, expYear: 2001 } })).json()).declineCode).toBe('expired_card');
    expect((await charge({ token: init.token, card: CARD })).status).toBe(409); // token already used by the charge above
    const { init: fresh, charge: charge2 } = await setup();
    expect((await charge2({ token: fresh.token, card: { ...CARD, number: '4242424242424241' } })).status).toBe(400);
    expect((await charge2({ token: fresh.token, card: { ...CARD, cvc: '1234' } })).status).toBe(400);
    expect((await charge2({ token: 'sbx_tok_unknown', card: CARD })).status).toBe(400);
  });

  it('lets only the service frame its fields page', async () => {
    const { processor } = await setup();
    const res = await processor.request('/fields');
    // Without a build the page is missing; the policy is checked when it is there.
    if (res.status === 200) expect(res.headers.get('content-security-policy')).toContain(`frame-ancestors ${SERVICE}`);
    else expect(res.status).toBe(500);
  });
});
