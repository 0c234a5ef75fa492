/**
 * Doc 1, `checkout_address_not_found` (404): a request that reached the hosted checkout's address
 * space but no checkout (the address built instead of taken from `checkoutUrl`, a form posted to
 * it) gets that code, with the fix to use `checkoutUrl` exactly as returned; the page itself is
 * still served at `checkoutUrl`.
 */
import { describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../../api/errors.ts';
import { bearer, testApp } from '../../testing.ts';

describe('the checkout address', () => {
  it('answers 404 checkout_address_not_found to every request under /pay that is not GET checkoutUrl', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const session = (await (await t.json('POST', '/v1/sessions', { amount: 1000, currency: 'usd' }, bearer(keys.secret))).json()) as { id: string; checkoutUrl: string };
    const path = new URL(session.checkoutUrl).pathname;
    expect(path).toBe(`/pay/${session.id}`);
    for (const [method, wrong] of [
      ['GET', `${path}/`],
      ['GET', `${path}/success`],
      ['GET', '/pay'],
      ['GET', '/pay/'],
      ['POST', path],
    ] as const) {
      const res = await t.json(method, wrong);
      expect([method, wrong, res.status]).toEqual([method, wrong, 404]);
      const body = ErrorEnvelope.parse(await res.json());
      expect(body).toMatchObject({ code: 'checkout_address_not_found', fix: 'Use `checkoutUrl` exactly as returned.' });
      expect(body.error).not.toContain(session.id);
    }
    // The page itself is not this refusal (its HTML, or 503 where the bundles are not built).
    expect(await (await t.json('GET', path)).text()).not.toContain('checkout_address_not_found');
  });
});
