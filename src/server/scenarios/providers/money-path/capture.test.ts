/**
 * The money-path contract for a capture, full and partial (./contract.ts): the merchant wants the
 * authorization captured once, for the amount asked; an intent still `authorized` once the service
 * settled is captured again. The partial capture takes less than half, so a second capture (a late
 * one after the merchant's retry) would fit in what is left, and the contract sees it.
 */
import { AMOUNT, contractSuite, type ContractWorld, type Goal } from './contract.ts';

async function capture(c: ContractWorld, amount: number): Promise<Goal> {
  const id = await c.paid(AMOUNT, true);
  return {
    operation: 'capture',
    call: (key) => c.post(`/v1/payment_intents/${id}/capture`, amount === AMOUNT ? {} : { amount_to_capture: amount }, key),
    async state() {
      const status = (await c.intent(id)).status as string;
      return status === 'succeeded' ? 'done' : status === 'authorized' ? 'retry' : 'pending';
    },
  };
}

contractSuite([
  ['a full capture', AMOUNT, (c) => capture(c, AMOUNT)],
  ['a partial capture', 1000, (c) => capture(c, 1000)],
]);
