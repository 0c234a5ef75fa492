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

  it('checks the key first', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    expect((await t.json('GET', '/v1/webhook_listen')).status).toBe(401);
    expect((await t.json('GET', '/v1/webhook_listen', undefined, bearer('vp_sk_test_nosuchkey000'))).status).toBe(401);
    const pk = await t.json('GET', '/v1/webhook_listen', undefined, bearer(keys.publishable));
    expect(pk.status).toBe(403);
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

  it('checks the key first, and the refusal is a normal envelope with a request id', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const none = await t.json('GET', '/v1/public/payment_intents/vpi_test_abc/events');
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe('auth_missing_bearer_publishable');
    expect(none.headers.get('x-request-id')).toMatch(/^req_/);
    const secret = await t.json('GET', '/v1/public/payment_intents/vpi_test_abc/events', undefined, bearer(keys.secret));
    expect(secret.status).toBe(403);
  });
});
