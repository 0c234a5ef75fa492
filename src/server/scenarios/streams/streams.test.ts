import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';
import { envelope } from '../../middleware/error-envelope.ts';
import { DomainError } from '../../domain/errors.ts';

describe('GET /v1/webhook_listen', () => {
  it('answers 503 service_unavailable with Retry-After: 5 to a secret key', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const res = await t.json('GET', '/v1/webhook_listen', undefined, bearer(keys.secret));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    const body = await res.json();
    expect(body.code).toBe('service_unavailable');
  });

  it('says not to retry, and where to look instead: the stream never comes back', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const res = await t.json('GET', '/v1/webhook_listen', undefined, bearer(keys.secret));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    const body = await res.json();
    expect(body.selfHeal).toMatchObject({ retryable: false, nextAction: 'use_webhook_subscriptions' });
    expect(body.selfHeal.actions).toBeUndefined();
    expect(body.fix).toContain('POST /v1/webhook_subscriptions');
    expect(body.fix).toContain('svcpay webhooks tail');
    expect(body.selfHeal.llmHint).toContain('svcpay webhooks tail');
    // Not a field of the envelope: the override is folded into selfHeal.
    expect(Object.keys(body).sort()).toEqual(['code', 'docs', 'error', 'fix', 'selfHeal']);
  });

  it('leaves every other service_unavailable retryable, as the catalogue says', () => {
    const e = envelope(new DomainError('service_unavailable'), SERVICE);
    expect(e.selfHeal).toMatchObject({ retryable: true, nextAction: 'retry_with_backoff' });
  });

  it('answers every caller the same 503, with no key, a made-up key or a publishable key (Doc 1: "to every caller")', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    for (const headers of [{}, bearer('vp_sk_test_nosuchkey000'), bearer(keys.publishable), { Authorization: 'Basic x' }]) {
      const res = await t.json('GET', '/v1/webhook_listen', undefined, headers);
      expect([res.status, res.headers.get('retry-after'), (await res.json()).code], JSON.stringify(headers)).toEqual([503, '5', 'service_unavailable']);
    }
  });

  it('still meters a valid secret key on its own bucket (30 per key), and only that key', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    for (let i = 0; i < 30; i++) expect((await t.json('GET', '/v1/webhook_listen', undefined, bearer(keys.secret))).status).toBe(503);
    const over = await t.json('GET', '/v1/webhook_listen', undefined, bearer(keys.secret));
    expect([over.status, (await over.json()).code]).toEqual([429, 'rate_limit_exceeded_per_key']);
    expect((await t.json('GET', '/v1/webhook_listen')).status).toBe(503);
  });
});

describe('GET /v1/public/payment_intents/{id}/events', () => {
  it('answers 503 with no body and no X-Request-Id to a publishable key', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const res = await t.json('GET', '/v1/public/payment_intents/vpi_test_abc/events', undefined, bearer(keys.publishable));
    expect(res.status).toBe(503);
    expect(await res.text()).toBe('');
    expect(res.headers.get('x-request-id')).toBeNull();
    expect(res.headers.get('content-type')).toBeNull();
    expect(res.headers.get('svc-pay-version')).toBe('2026-04-14');
  });

  it('answers every caller the same, with no key, a made-up key or a secret key (Doc 1: "to every caller")', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    for (const headers of [{}, bearer('vp_pk_test_nosuchkey000'), bearer(keys.secret)]) {
      const res = await t.json('GET', '/v1/public/payment_intents/vpi_test_abc/events', undefined, headers);
      expect([res.status, await res.text(), res.headers.get('x-request-id')], JSON.stringify(headers)).toEqual([503, '', null]);
    }
  });
});
