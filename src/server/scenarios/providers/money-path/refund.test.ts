/**
 * The money-path contract for a refund, full and partial (./contract.ts): the merchant wants the
 * amount given back once; a refund `requested` is waited for (never reissued: it holds its share
 * of the balance), one that reads `canceled` or `failed` is issued anew with a new key.
 */
import { AMOUNT, contractSuite, type ContractWorld, type Goal } from './contract.ts';

async function refund(c: ContractWorld, amount: number): Promise<Goal> {
  const id = await c.paid(AMOUNT, false);
  return {
    operation: 'refund',
    call: (key) => c.post('/v1/refunds', { payment_intent: id, amount }, key),
    async state() {
      const statuses = (await c.refunds(id)).map((r) => r.status as string);
      return statuses.includes('succeeded') ? 'done' : statuses.includes('requested') ? 'pending' : 'retry';
    },
  };
}

contractSuite([
  ['a full refund', 0, (c) => refund(c, AMOUNT)],
  ['a partial refund', AMOUNT - 700, (c) => refund(c, 700)],
]);
