/**
 * A Braintree sale named by its `orderId` (the service's reference) through the fault switchboard
 * (issue 34; Doc 3, "Faults and the processor's ledger"): Braintree has no idempotency key, so what
 * the service knows after a lost or late answer is what `transaction.search` on the order id finds,
 * and that sale voids and refunds like any other.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT } from '../testing.ts';
import { braintreeWorld, searchByOrderId } from './testing.ts';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

async function world() {
  const { sandbox, gateway, close } = await braintreeWorld();
  closers.push(close);
  const sale = (orderId: string, submitForSettlement = true) =>
    gateway.transaction.sale({ amount: '25.00', paymentMethodNonce: 'tok_sandbox_visa_4242', merchantAccountId: ACCOUNT, orderId, options: { submitForSettlement } });
  /** What the adapter's look-up by reference finds: every transaction with that order id. */
  const search = (orderId: string) => searchByOrderId(gateway, orderId, [ACCOUNT]);
  const arm = async (operation: string, kind: string) => (await (await sandbox.call('POST', '/v1/_faults', { operation, kind })).json()).id as string;
  const ledger = () => sandbox.processor.db.prepare('SELECT status, capture_state AS capture, captured_amount AS captured FROM transactions').all();
  return { sandbox, gateway, sale, search, arm, ledger };
}

describe('a Braintree sale by its order id, through the fault switchboard', () => {
  it('is found by order id, voided, and found again voided; a settled one refunded, its credit found by the refund’s order id', async () => {
    const { gateway, sale, search } = await world();
    const held = (await sale('att_void', false)).transaction;
    expect((await search('att_void')).map((t) => [t.id, t.status])).toEqual([[held.id, 'authorized']]);
    expect((await gateway.transaction.void(held.id)).transaction.status).toBe('voided');
    expect((await search('att_void')).map((t) => [t.id, t.status])).toEqual([[held.id, 'voided']]);
    const paid = (await sale('att_paid')).transaction;
    const credit = await gateway.transaction.refund(paid.id, { amount: '10.00', orderId: 'ref_1' } as never);
    expect(credit.transaction).toMatchObject({ type: 'credit', amount: '10.00', refundedTransactionId: paid.id });
    expect((await search('ref_1')).map((t) => [t.id, t.type])).toEqual([[credit.transaction.id, 'credit']]);
    expect((await search('att_paid'))[0]).toMatchObject({ id: paid.id, status: 'settled', refundIds: [credit.transaction.id] });
  });

  it('lose_answer on capture: the sale settles, the caller hears a reset; search by order id tells it, and a second submit is refused (91507)', async () => {
    const { gateway, sale, search, arm, ledger } = await world();
    const held = (await sale('att_cap', false)).transaction;
    await arm('capture', 'lose_answer');
    await expect(gateway.transaction.submitForSettlement(held.id)).rejects.toBeTruthy();
    expect(ledger()).toEqual([{ status: 'approved', capture: 'settled', captured: 2500 }]);
    expect((await search('att_cap')).map((t) => t.status)).toEqual(['settled']);
    const again = await gateway.transaction.submitForSettlement(held.id);
    expect(again.success).toBe(false);
    expect((again as unknown as { errors: { deepErrors(): { code: string }[] } }).errors.deepErrors().map((e) => e.code)).toEqual(['91507']);
    expect(ledger()).toEqual([{ status: 'approved', capture: 'settled', captured: 2500 }]);
  });

  it('hold on charge: nothing is sold until released; the late sale is then found by its order id', async () => {
    const { sandbox, sale, search, arm, ledger } = await world();
    const fault = await arm('charge', 'hold');
    const late = sale('att_late');
    await new Promise((r) => setTimeout(r, 50));
    expect(ledger()).toEqual([]);
    expect(await search('att_late')).toEqual([]);
    expect(await (await sandbox.call('POST', `/v1/_faults/${fault}/release`)).json()).toEqual({ released: 1 });
    const res = await late;
    expect(res.success).toBe(true);
    expect((await search('att_late')).map((t) => [t.id, t.status])).toEqual([[res.transaction.id, 'settled']]);
    expect(ledger()).toEqual([{ status: 'approved', capture: 'settled', captured: 2500 }]);
  });
});
