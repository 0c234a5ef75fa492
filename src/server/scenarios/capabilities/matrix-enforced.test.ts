/**
 * The capability matrix is enforced, not only answered (issue 34, "What the spec says to send"):
 * the sandbox processor, given a row that lacks an operation, serves the app; what the row lacks
 * is refused before anything is written or sent, with Doc 1's 501 `endpoint_not_implemented` for a
 * missing operation (`capture_method: manual` without `auth_capture_separation`) and Doc 2's 422
 * `capability_not_supported` for a field the provider cannot take (`amount_to_capture` below the
 * authorization without `partial_capture`, a refund `amount` below the capture without
 * `partial_refund`, a currency outside `settlement_currencies`). The real sandbox would do each.
 */
import { describe, expect, it } from 'vitest';
import type { KindCapabilities, ProviderEntry } from '../../processors/provider-entry.ts';
import { PROVIDERS } from '../../processors/registry.ts';
import { client, expectRefused, nothingCharged, testApp } from '../payment-intents/fixtures.ts';

/** The app with the sandbox's row changed by `lacks`; the sandbox processor itself is untouched. */
async function sandboxLacking(lacks: Partial<KindCapabilities['operations']>, settlementCurrencies?: readonly string[]) {
  const providers: ProviderEntry[] = PROVIDERS.map((e) => {
    const row = e.capabilities.sandbox;
    if (!row) return e;
    return { ...e, capabilities: { sandbox: { operations: { ...row.operations, ...lacks }, settlementCurrencies: settlementCurrencies ?? row.settlementCurrencies } } };
  });
  const t = await testApp({}, { providers });
  const m = await t.merchant();
  return client(t, m.merchant.id, m.keys);
}

describe('the capability matrix, enforced', () => {
  it('answers 501 endpoint_not_implemented to capture_method manual without auth_capture_separation, before any charge', async () => {
    const w = await sandboxLacking({ auth_capture_separation: false });
    expect((await w.get('/v1/capabilities')).supported_operations.auth_capture_separation).toBe(false);
    const token = await w.vault();
    await expectRefused(w, await w.pay(token, { capture_method: 'manual' }), 501, 'endpoint_not_implemented');
    await nothingCharged(w);
    const session = await w.t.json('POST', '/v1/sessions', { amount: 1500, currency: 'usd', captureMethod: 'manual' }, w.sk);
    await expectRefused(w, session, 501, 'endpoint_not_implemented');
    expect(await w.t.count('sessions')).toBe(0);
    // Automatic capture is what it does.
    expect((await w.payJson(token)).body.status).toBe('succeeded');
  });

  it('answers 422 capability_not_supported to a partial capture without partial_capture; the full capture goes through', async () => {
    const w = await sandboxLacking({ partial_capture: false });
    const { body } = await w.payJson(await w.vault(), { capture_method: 'manual' });
    expect(body.status).toBe('authorized');
    await expectRefused(w, await w.t.json('POST', `/v1/payment_intents/${body.id}/capture`, { amount_to_capture: 600 }, w.sk), 422, 'capability_not_supported');
    expect(await w.get(`/v1/payment_intents/${body.id}`)).toMatchObject({ status: 'authorized', amount_capturable: 1500 });
    expect(await w.t.count('settlements')).toBe(0);
    const full = await w.post(`/v1/payment_intents/${body.id}/capture`, { amount_to_capture: 1500 });
    expect(full.body).toMatchObject({ status: 'succeeded', amount_received: 1500 });
  });

  it('answers 422 capability_not_supported to a partial refund without partial_refund; the full refund goes through', async () => {
    const w = await sandboxLacking({ partial_refund: false });
    const { body } = await w.payJson(await w.vault());
    await expectRefused(w, await w.t.json('POST', '/v1/refunds', { payment_intent: body.id, amount: 500 }, w.sk), 422, 'capability_not_supported');
    expect(await w.t.count('refunds')).toBe(0);
    expect((await w.post('/v1/refunds', { payment_intent: body.id })).body).toMatchObject({ amount: 1500 });
  });

  it('documents both refusals in the contract, on the routes that answer them', async () => {
    const t = await testApp();
    const doc = (await (await t.app.request('/openapi.json')).json()) as { paths: Record<string, Record<string, { responses: object; 'x-error-codes': string[] }>> };
    for (const path of ['/v1/sessions', '/v1/payment_intents']) {
      const op = doc.paths[path]!.post!;
      expect(Object.keys(op.responses), path).toEqual(expect.arrayContaining(['422', '501']));
      expect(op['x-error-codes'], path).toEqual(expect.arrayContaining(['capability_not_supported', 'endpoint_not_implemented']));
    }
    expect(doc.paths['/v1/payment_intents/{id}/capture']!.post!['x-error-codes']).toContain('capability_not_supported');
    expect(doc.paths['/v1/refunds']!.post!['x-error-codes']).toContain('capability_not_supported');
  });

  it('answers 422 capability_not_supported to a currency outside settlement_currencies, before any charge', async () => {
    const w = await sandboxLacking({}, ['USD']);
    const token = await w.vault();
    const err = await expectRefused(w, await w.pay(token, { currency: 'eur' }), 422, 'capability_not_supported');
    expect(err.currency).toBe('EUR');
    await nothingCharged(w);
    await expectRefused(w, await w.t.json('POST', '/v1/sessions', { amount: 1500, currency: 'eur' }, w.sk), 422, 'capability_not_supported');
  });
});
