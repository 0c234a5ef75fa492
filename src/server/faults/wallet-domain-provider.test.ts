/**
 * Doc 1, `wallet_domain_provider_unavailable` (503): the domain-registration provider (the sandbox
 * processor, asked over its API) cannot be reached. Over real HTTP, the switchboard's `down` on
 * every call of the merchant: nothing is written, the 30-second verify window is not spent, and
 * the same call succeeds once the provider answers again.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { faultWorld, type FaultWorld } from './world.ts';

let w: FaultWorld;
beforeEach(async () => (w = await faultWorld()));
afterEach(() => w.close());

const expectProviderUnavailable = (res: { status: number; body: Record<string, unknown>; headers: Headers }) => {
  expect([res.status, res.body.code]).toEqual([503, 'wallet_domain_provider_unavailable']);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(res.body.selfHeal).toMatchObject({ retryable: true });
};

it('a Google Pay registration while the provider is down is 503 and registers nothing; then it verifies', async () => {
  await w.arm({ operation: 'any', kind: 'down' });
  expectProviderUnavailable(await w.post('/v1/wallet-domains', { domain: 'shop.example.com', wallet_type: 'google_pay' }));
  expect((await w.get('/v1/wallet-domains')).body.data).toEqual([]);
  const again = await w.post('/v1/wallet-domains', { domain: 'shop.example.com', wallet_type: 'google_pay' });
  expect([again.status, again.body.status]).toEqual([201, 'verified']);
});

it('a verify while the provider is down is 503 and leaves the row as it was; the retry runs at once', async () => {
  const row = (await w.post('/v1/wallet-domains', { domain: 'shop.example.com', wallet_type: 'apple_pay' })).body;
  expect(row.status).toBe('pending');
  await w.arm({ operation: 'any', kind: 'down' });
  expectProviderUnavailable(await w.post(`/v1/wallet-domains/${row.id}/verify`));
  expect((await w.get(`/v1/wallet-domains/${row.id}`)).body).toEqual(row);
  // No 429: the failed call spent no verification run.
  const verified = await w.post(`/v1/wallet-domains/${row.id}/verify`);
  expect([verified.status, verified.body.status]).toEqual([200, 'verified']);
});
