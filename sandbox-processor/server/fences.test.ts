/**
 * Fenced references: once the service gives up on a reference, a charge, capture, void or refund
 * carrying it that arrives later is refused (409 `reference_fenced`) and nothing moves; one that
 * happened before the fence stays and is what a look-up finds.
 */
import { describe, expect, it } from 'vitest';
import { CARD, serverAuth, testProcessor } from '../testing.ts';

const fence = (t: ReturnType<typeof testProcessor>, reference: string, account?: string) =>
  t.call('POST', `/v1/references/${reference}/fence`, {}, account ? serverAuth(account) : undefined);

describe('fences', () => {
  it('refuses a charge with a fenced reference, and leaves a charge made before the fence as it was', async () => {
    const t = testProcessor();
    const before = await t.direct({ card: CARD, reference: 'att_1', capture: true });
    expect(before.status).toBe(201);
    expect((await fence(t, 'att_1')).status).toBe(200);
    expect((await fence(t, 'att_2')).status).toBe(200);
    expect((await fence(t, 'att_2')).status).toBe(200);
    // The same charge again is its replay; a new one under a fenced reference moves nothing.
    expect((await t.direct({ card: CARD, reference: 'att_1', capture: true })).status).toBe(200);
    const late = await t.direct({ card: CARD, reference: 'att_2', capture: true });
    expect(late).toMatchObject({ status: 409, body: { code: 'reference_fenced' } });
    expect(t.count('SELECT count(*) AS n FROM transactions')).toBe(1);
    // Another account's reference of the same name is its own.
    expect((await t.direct({ card: CARD, reference: 'att_2', capture: true }, serverAuth('another_merchant'))).status).toBe(201);
  });

  it('refuses a capture, a void and a refund with a fenced reference', async () => {
    const t = testProcessor();
    const auth = (await t.direct({ card: CARD, reference: 'att_auth', capture: false })).body as { id: string };
    await fence(t, 'cap_1');
    await fence(t, 'void_1');
    expect((await t.call('POST', `/v1/transactions/${auth.id}/capture`, { amount: 700, reference: 'cap_1' })).status).toBe(409);
    expect((await t.call('POST', `/v1/transactions/${auth.id}/void`, { reference: 'void_1' })).status).toBe(409);
    expect((await t.call('POST', `/v1/transactions/${auth.id}/capture`, { amount: 700, reference: 'cap_2' })).status).toBe(201);
    await fence(t, 'ref_1');
    const refund = await t.call('POST', '/v1/refunds', { transactionId: auth.id, amount: 100, reference: 'ref_1' });
    expect(refund.status).toBe(409);
    expect(((await refund.json()) as { code: string }).code).toBe('reference_fenced');
    expect(t.count('SELECT count(*) AS n FROM refunds')).toBe(0);
  });
});
