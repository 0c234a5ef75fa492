import { describe, expect, it } from 'vitest';
import { Capabilities } from '../../../api/capabilities.ts';
import { processorKinds } from '../../domain/index.ts';
import { bearer, testApp } from '../../testing.ts';

const read = (t: Awaited<ReturnType<typeof testApp>>, key: string) => t.json('GET', '/v1/capabilities', undefined, bearer(key));

describe('GET /v1/capabilities', () => {
  it('answers the matrix to either key of the same merchant', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const secret = await read(t, keys.secret);
    const publishable = await read(t, keys.publishable);
    expect(secret.status).toBe(200);
    expect(publishable.status).toBe(200);
    const body = Capabilities.parse(await secret.json());
    expect(await publishable.json()).toEqual(body);
    expect(body.rate_limits.payment_intents_per_minute).toBe(300);
  });

  it('never names the processor (Doc 1: processor choice is server-side)', async () => {
    const t = await testApp();
    const { keys } = await t.merchant({ processor: 'hosted_fields' });
    const text = await (await read(t, keys.secret)).text();
    expect(text).not.toMatch(/hosted_fields|processor|braintree|stripe/i);
  });

  it('answers not_supported for void after capture on every processor', async () => {
    const t = await testApp();
    for (const processor of processorKinds.filter((k) => k !== 'none')) {
      const { keys } = await t.merchant({ processor });
      const body = Capabilities.parse(await (await read(t, keys.secret)).json());
      expect(body.supported_operations.void_after_capture, processor).toBe('not_supported');
    }
  });

  it('differs by processor kind: a card-element provider has payouts, a hosted-fields gateway does not', async () => {
    const t = await testApp();
    const card = await (await read(t, (await t.merchant({ processor: 'card_element' })).keys.secret)).json();
    const hosted = await (await read(t, (await t.merchant({ processor: 'hosted_fields' })).keys.secret)).json();
    expect(card.supported_operations.payouts_api).toBe(true);
    expect(hosted.supported_operations.payouts_api).toBe(false);
  });

  it("follows the merchant's dispute reporting setting", async () => {
    const t = await testApp();
    const tracked = await (await read(t, (await t.merchant({ settings: { disputeReporting: 'tracked' } })).keys.secret)).json();
    const hidden = await (await read(t, (await t.merchant({ settings: { disputeReporting: 'not_tracked' } })).keys.secret)).json();
    expect(tracked.supported_operations.dispute_reporting).toBe('tracked');
    expect(hidden.supported_operations.dispute_reporting).toBe('not_tracked');
  });

  it('answers 409 binder_unavailable to a merchant without a processor, whatever the key', async () => {
    const t = await testApp();
    const { keys } = await t.merchant({ processor: 'none' });
    for (const key of [keys.secret, keys.publishable]) {
      const res = await read(t, key);
      expect(res.status).toBe(409);
      expect((await res.json()).code).toBe('binder_unavailable');
    }
  });

  it('needs a key', async () => {
    const t = await testApp();
    const res = await t.json('GET', '/v1/capabilities');
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('auth_missing_bearer');
  });
});
