/**
 * The money-path contract for a charge, automatic and manual capture (./contract.ts): the merchant
 * wants the order paid (or authorized) once; a charge that reads `failed` is made anew.
 */
import { AMOUNT, BRAINTREE_VAULT, contractSuite, PROVIDERS, type ContractWorld, type Goal } from './contract.ts';

async function charge(c: ContractWorld, manual: boolean): Promise<Goal> {
  const pm = await c.w.card();
  let id: string | undefined;
  return {
    operation: 'charge',
    async call(key) {
      const res = await c.post('/v1/payment_intents', { amount: AMOUNT, currency: 'usd', payment_method: { id: pm }, ...(manual ? { capture_method: 'manual' } : {}) }, key);
      id = (res.body.id ?? res.body.payment_intent ?? id) as string | undefined;
      return res;
    },
    async state() {
      if (!id) return 'retry';
      // An intent that no longer reads (never so: agree() holds it) is charged again, as a merchant would.
      const status = ((await c.intent(id)).status as string | undefined) ?? 'gone';
      return status === (manual ? 'authorized' : 'succeeded') ? 'done' : status === 'failed' || status === 'gone' ? 'retry' : 'pending';
    },
  };
}

contractSuite(
  [
    ['an automatic charge', AMOUNT, (c) => charge(c, false)],
    ['a manual charge', 0, (c) => charge(c, true)],
  ],
  [...PROVIDERS, BRAINTREE_VAULT],
);
