import { describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../../api/errors.ts';
import { bearer, testApp } from '../../testing.ts';

describe('error envelope', () => {
  it('answers an unknown route with the envelope, a request id and the version headers', async () => {
    const { json } = await testApp();
    const res = await json('GET', '/v1/no_such_thing');
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(ErrorEnvelope.parse(body).code).toBe('route_not_found');
    expect(body.selfHeal.retryable).toBe(false);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(res.headers.get('svc-pay-version')).toBe('2026-04-14');
    expect(res.headers.get('svc-pay-latest-version')).toBe('2026-04-14');
  });

  it('falls back to the current version for an unknown Svc-Pay-Version', async () => {
    const { json } = await testApp();
    const res = await json('GET', '/api/health', undefined, { 'Svc-Pay-Version': '1999-01-01' });
    expect(res.status).toBe(200);
    expect(res.headers.get('svc-pay-version')).toBe('2026-04-14');
  });

  it('maps malformed JSON to 400 validation_error', async () => {
    const { app, merchant } = await testApp();
    const { keys } = await merchant();
    const res = await app.request('/v1/sessions', { method: 'POST', headers: { 'Content-Type': 'application/json', ...bearer(keys.secret) }, body: '{"amount":' });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('validation_error');
  });

  it('names unknown, missing and bad-amount fields with their own codes', async () => {
    const { json, merchant } = await testApp();
    const { keys } = await merchant();
    const unknown = await (await json('POST', '/v1/sessions', { amount: 100, currency: 'usd', Amount: 1 }, bearer(keys.secret))).json();
    expect(unknown.code).toBe('validation_unknown_field');
    expect(unknown.error).toContain('Amount');
    const amount = await (await json('POST', '/v1/sessions', { amount: 10.5, currency: 'usd' }, bearer(keys.secret))).json();
    expect(amount.code).toBe('validation_invalid_amount');
    const missing = await (await json('POST', '/v1/sessions', { amount: 100 }, bearer(keys.secret))).json();
    expect(missing.code).toBe('validation_missing_field');
  });

  it('never answers 500 for hostile bodies', async () => {
    const { json, merchant } = await testApp();
    const { keys } = await merchant();
    const bodies: unknown[] = [null, [], 'x', 42, { amount: '100' }, { amount: 1e300, currency: 'usd' }, { currency: { $gt: 1 } }, { lineItems: 'x' }, { metadata: { a: 1 } }];
    for (const b of bodies) {
      const res = await json('POST', '/v1/sessions', b, bearer(keys.secret));
      expect(res.status, JSON.stringify(b)).toBe(400);
      ErrorEnvelope.parse(await res.json());
    }
  });
});
