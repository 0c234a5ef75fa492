import { afterEach, describe, expect, it, vi } from 'vitest';
import { chargeCard } from './charge.ts';
import { futureExpiry } from '../../src/card/test-cards.ts';

const expiry = futureExpiry();

const card = { number: '4242424242424242', expMonth: expiry.month, expYear: expiry.year, cvc: '123' };

function answer(status: number, body: unknown) {
  const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('chargeCard', () => {
  it('posts the token and card to /v1/charges', async () => {
    const fetch = answer(200, { transactionId: 'sbx_txn_1', status: 'approved', brand: 'visa', last4: '4242' });
    expect(await chargeCard('tok', card)).toEqual({ status: 'approved', transactionId: 'sbx_txn_1' });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/v1/charges');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ token: 'tok', card });
  });

  it('keeps the decline code', async () => {
    answer(200, { transactionId: 'sbx_txn_2', status: 'declined', declineCode: 'insufficient_funds', brand: 'visa', last4: '9995' });
    expect(await chargeCard('tok', card)).toEqual({ status: 'declined', transactionId: 'sbx_txn_2', declineCode: 'insufficient_funds' });
  });

  it('turns a 4xx into an error outcome', async () => {
    answer(400, { error: 'used', code: 'token_used' });
    expect(await chargeCard('tok', card)).toMatchObject({ status: 'error', httpStatus: 400 });
  });

  it('turns a network failure into an error outcome', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect(await chargeCard('tok', card)).toMatchObject({ status: 'error', code: 'network_error', httpStatus: 0 });
  });
});
