/**
 * A world for the fault findings (issue 17), over real HTTP (../testing-network.ts): a merchant,
 * its cards, intents and refunds by Idempotency-Key, the fault switchboard and the processor's
 * ledger, and the service clock.
 */
import { expect } from 'vitest';
import { networkApp, secretKey } from '../testing-network.ts';
import type { ProcessorKind } from '../../vocab/processor-kinds.ts';

export type LedgerRow = { id: string; reference: string | null; amount: number; currency: string; status: string; captured: number; refunded: number };

/** `processor`: the merchant's (`card_element`: its calls go through the `stripe` SDK to the Stripe stand-in). */
export async function faultWorld(env: Record<string, string> = {}, processor?: string) {
  const t = await networkApp(env);
  const m = await t.merchant({}, processor);
  const key = secretKey(m.secret);
  let n = 0;
  const w = {
    t,
    m,
    /** A test card of the table (`tok_sandbox_visa_<last four>`), saved to a buyer for many charges. */
    async card(last4 = '4242') {
      const body = { provider_reference: `tok_sandbox_visa_${last4}`, currency: 'usd', buyer_id: `buyer-${++n}`, setup_for_future_use: 'off_session' };
      const res = await t.call('POST', '/v1/tokens', body, { ...key, 'Idempotency-Key': `tok-${n}` });
      expect(res.status).toBe(201);
      return res.body.id as string;
    },
    pay: (pm: string, idemKey: string, body: Record<string, unknown> = {}) =>
      t.call('POST', '/v1/payment_intents', { amount: 1500, currency: 'usd', payment_method: { id: pm }, ...body }, { ...key, 'Idempotency-Key': idemKey }),
    refund: (intent: string, idemKey: string, amount?: number) =>
      t.call('POST', '/v1/refunds', { payment_intent: intent, ...(amount === undefined ? {} : { amount }) }, { ...key, 'Idempotency-Key': idemKey }),
    get: (path: string) => t.call('GET', path, undefined, key),
    post: (path: string, body: unknown = {}, headers: Record<string, string> = {}) => t.call('POST', path, body, { ...key, ...headers }),
    async arm(fault: Record<string, unknown>) {
      const res = await t.control('POST', '/faults', { merchant: m.id, ...fault });
      expect(res.status).toBe(201);
      return res.body.id as string;
    },
    /**
     * Until the processor holds a call under the fault: the service stops waiting after its short
     * test timeout, and on a loaded machine the call may reach the processor's door only after
     * that answer (a release before it would find nothing to let in).
     */
    async holding(id: string) {
      await expect
        .poll(async () => ((await t.control('GET', '/faults')).body.data as { id: string; held: number }[]).find((f) => f.id === id)?.held ?? 0, { timeout: 10_000 })
        .toBeGreaterThan(0);
    },
    /** A charge the processor holds at its door: the service stops waiting (502 payment_outcome_unknown naming the intent). The fault, to release, and the intent. */
    async heldCharge(pm: string, idemKey: string, body: Record<string, unknown> = {}) {
      const hold = await w.arm({ operation: 'charge', kind: 'hold' });
      const lost = await w.pay(pm, idemKey, body);
      expect(lost.body.code).toBe('payment_outcome_unknown');
      await w.holding(hold);
      return { hold, id: lost.body.payment_intent as string };
    },
    /** A capture or void of the intent, held the same way; the fault, to release. */
    async heldOp(intentId: string, op: 'capture' | 'void') {
      const hold = await w.arm({ operation: op, kind: 'hold' });
      expect((await w.post(`/v1/payment_intents/${intentId}/${op}`)).body.code).toBe('payment_outcome_unknown');
      await w.holding(hold);
      return hold;
    },
    release: async (id: string) => (await t.control('POST', `/faults/${id}/release`)).body.released as number,
    ledger: async () => (await t.control('GET', `/processor/transactions?merchant=${m.id}`)).body.data as LedgerRow[],
    /** Moves the service clock and runs what became due (the reconciler, the sweep, the processor's events). */
    advance: (seconds: number) => t.control('POST', '/clock', { advanceSeconds: seconds }),
    /** The merchant's processor, as the engine reaches it. */
    processor: () => t.deps.processorFor((processor ?? 'sandbox') as ProcessorKind)!,
    close: () => t.close(),
  };
  return w;
}
export type FaultWorld = Awaited<ReturnType<typeof faultWorld>>;
