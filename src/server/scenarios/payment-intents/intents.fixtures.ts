/** Shared set-up of intents.test.ts and intents-outcomes.test.ts. */
import { expect } from 'vitest';
import { ProcessorRejectedError, ProcessorUnavailableError } from '../../processors/types.ts';
import { ACCOUNT_HEADER } from '../../../../sandbox-processor/api.ts';
import { leakyRevocation } from '../../testing.ts';
import { APPROVED, DECLINED, SERVICE, bearer, expectRefused, testApp, world } from './fixtures.ts';

export { ACCOUNT_HEADER, APPROVED, DECLINED, ProcessorRejectedError, ProcessorUnavailableError, SERVICE, bearer, expectRefused, leakyRevocation, testApp, world };

export type W = Awaited<ReturnType<typeof world>>;

export const RETURN_URL = 'http://localhost:4244/return';
export const CHALLENGE = 'tok_sandbox_visa_3220';
export const ADDRESS = { address_line1: '1 Main St', postal_code: '10001', country: 'US' };

export const processorRows = (w: W) => (w.t.sandbox.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n;
export const pendingAttempts = async (w: W) => ((await w.t.query("SELECT count(*) AS n FROM payment_attempts WHERE state = 'pending'"))[0] as { n: number }).n;
export const clock = async (w: W, advanceSeconds: number) => expect((await w.t.json('POST', '/_sandbox/clock', { advanceSeconds })).status).toBe(200);
/** Every event of the merchant's outbox, whatever it names. */
export const allEvents = async (w: W) => (await w.t.events(w.merchantId)).map((e) => e.type);
export const session = async (w: W, body: Record<string, unknown> = {}) => (await w.post('/v1/sessions', { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: false, ...body })).body as { id: string };

/** Holds the processor's charge answer until `release`: the charge is made first unless `before`. */
export function holdCharges(w: W, opts: { before?: boolean } = {}) {
  const real = w.t.processor.chargeVaulted.bind(w.t.processor);
  let reached!: () => void;
  const atGate = new Promise<void>((r) => (reached = r));
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  w.t.processor.chargeVaulted = async (...args) => {
    if (opts.before) {
      reached();
      await gate;
      return real(...args);
    }
    const t = await real(...args);
    reached();
    await gate;
    return t;
  };
  return { atGate, release, restore: () => (w.t.processor.chargeVaulted = real) };
}

/** The buyer's answer on the bank challenge, through the processor's server API. */
export async function answerChallenge(w: W, challengeUrl: string, result: 'approve' | 'fail') {
  const id = decodeURIComponent(new URL(challengeUrl).pathname.split('/').pop()!);
  const secret = w.t.processorSecret;
  const res = await w.t.sandbox.app.request(`/v1/transactions/${id}/challenge`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secret}`, [ACCOUNT_HEADER]: w.merchantId, 'Content-Type': 'application/json' },
    body: JSON.stringify({ result }),
  });
  expect(res.status).toBe(200);
}
