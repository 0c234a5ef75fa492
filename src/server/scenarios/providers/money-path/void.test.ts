/**
 * The money-path contract for a void (./contract.ts): the merchant wants the authorization
 * released; an intent still `authorized` once the service settled is voided again.
 */
import { AMOUNT, contractSuite, type ContractWorld, type Goal } from './contract.ts';

async function release(c: ContractWorld): Promise<Goal> {
  const id = await c.paid(AMOUNT, true);
  return {
    operation: 'void',
    call: (key) => c.post(`/v1/payment_intents/${id}/void`, {}, key),
    async state() {
      const status = (await c.intent(id)).status as string;
      return status === 'voided' ? 'done' : status === 'authorized' ? 'retry' : 'pending';
    },
  };
}

contractSuite([['a void', 0, release]]);
