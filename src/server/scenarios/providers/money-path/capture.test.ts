/**
 * The money-path contract for a capture, full and partial (./contract.ts): the merchant wants the
 * authorization captured once, for the amount asked; an intent still `authorized` once the service
 * settled is captured again.
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
  ['a partial capture', 1800, (c) => capture(c, 1800)],
]);
