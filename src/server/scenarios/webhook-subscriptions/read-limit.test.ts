/**
 * Doc 1, Rate limits: webhook reads (`GET /v1/webhook_subscriptions` and `/{id}`,
 * `GET /v1/webhook_events/{id}`) have their own bucket, `publicWebhookRead`, 100 per key, apart
 * from the payment-ops bucket (issue 35).
 */
import { describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';

describe('webhook reads are metered on publicWebhookRead (100 per key)', () => {
  it('shares 100 calls a minute between the three reads, answers the 101st 429 per key, and leaves payment ops untouched', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const sk = bearer(keys.secret);
    const reads = ['/v1/webhook_subscriptions', '/v1/webhook_subscriptions/whs_nosuch', '/v1/webhook_events/evt_nosuch'];
    const first = await t.json('GET', reads[0]!, undefined, sk);
    expect([first.status, first.headers.get('x-ratelimit-limit'), first.headers.get('x-ratelimit-remaining')]).toEqual([200, '100', '99']);
    for (let i = 1; i < 100; i++) {
      const res = await t.json('GET', reads[i % 3]!, undefined, sk);
      expect(res.headers.get('x-ratelimit-limit')).toBe('100');
    }
    for (const path of reads) {
      const over = await t.json('GET', path, undefined, sk);
      expect([over.status, (await over.json()).code], path).toEqual([429, 'rate_limit_exceeded_per_key']);
    }
    // Payment ops keep their whole bucket (300 per key).
    const ops = await t.json('GET', '/v1/payment_methods?buyer_id=b1', undefined, sk);
    expect([ops.status, ops.headers.get('x-ratelimit-limit'), ops.headers.get('x-ratelimit-remaining')]).toEqual([200, '300', '299']);
    // The bucket is the key's own.
    const other = await t.merchant();
    expect((await t.json('GET', reads[0]!, undefined, bearer(other.keys.secret))).status).toBe(200);
  });
});
