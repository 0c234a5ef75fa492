/**
 * `POST /v1/sessions?dry_run=true` (Doc 1, Sessions): "validates only; … failure 400; no session
 * created". Every refusal of the check answers 400 with the code a real create gives (issue 35).
 */
import { describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../../api/errors.ts';
import { bearer, testApp } from '../../testing.ts';

const BODY = { amount: 1999, currency: 'usd' };

describe('POST /v1/sessions?dry_run=true refusals', () => {
  it('answers 400 with the code, message and fields a real create answers with 403, 409 or 422', async () => {
    const t = await testApp();
    const m = await t.merchant();
    const none = await t.merchant({ processor: 'none' });
    const cases: [string, Record<string, unknown>, Record<string, string>, number][] = [
      ['auth_key_type_forbidden', { ...BODY, buyerEmail: 'a@example.com' }, bearer(m.keys.publishable), 403],
      ['binder_unavailable', BODY, bearer(none.keys.secret), 409],
      ['currency_not_supported', { ...BODY, currency: 'zzz' }, bearer(m.keys.secret), 422],
    ];
    for (const [code, body, headers, createStatus] of cases) {
      const real = await t.json('POST', '/v1/sessions', body, headers);
      const realBody = await real.json();
      expect([real.status, realBody.code], code).toEqual([createStatus, code]);
      const dry = await t.json('POST', '/v1/sessions?dry_run=true', body, headers);
      const dryBody = ErrorEnvelope.parse(await dry.json());
      expect([dry.status, dryBody.code], code).toEqual([400, code]);
      expect(dryBody.error).toBe(realBody.error);
    }
    expect(await t.count('sessions')).toBe(0);
  });

  it('keeps a refusal that is already 400 as it is, and a valid body valid', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const bad = await t.json('POST', '/v1/sessions?dry_run=true', { currency: 'usd' }, bearer(keys.secret));
    expect([bad.status, (await bad.json()).code]).toEqual([400, 'validation_invalid_amount']);
    const ok = await t.json('POST', '/v1/sessions?dry_run=true', BODY, bearer(keys.secret));
    expect([ok.status, await ok.json()]).toEqual([200, { valid: true, warnings: [] }]);
  });
});
