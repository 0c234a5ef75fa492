/**
 * Doc 1, `expiredFrom` (issue 35): an `elements` + `chargeAtSubmit` session whose time limit passes
 * while the buyer's bank check is open reads `expired` from `processing` (a payment had started,
 * its outcome unknown); once the provider confirms that nothing was authorized it reads `failed`,
 * with `payment_intent.failed` and `charge.failed` announcing it, and expiring it again is safe (200).
 */
import { expect, it } from 'vitest';
import { ProcessorUnavailableError, type Processor } from '../../processors/types.ts';
import { CARD, bearer, session, testApp } from './payments.fixtures.ts';

const CHALLENGE = { ...CARD, number: '4000000000003220' };
const SHOP = 'http://127.0.0.1:4244';

it('a bank check open past the session limit: expired from processing, then failed when the provider confirms no authorization', async () => {
  const t = await testApp();
  const s = await session(t, { expiresIn: 300 });
  const sk = bearer(s.m.keys.secret);
  const res = await s.charge(CHALLENGE, { pageOrigin: SHOP });
  expect(await res.json()).toMatchObject({ status: 'requires_action' });
  expect(await s.read()).toMatchObject({ status: 'processing', expiredFrom: null });

  // The provider cannot be reached when the limit passes: closed, the outcome not known yet.
  const p = t.processor as Processor;
  const cancelChallenge = p.cancelChallenge.bind(p);
  p.cancelChallenge = async () => {
    throw new ProcessorUnavailableError('no answer', false);
  };
  expect((await t.json('POST', '/_sandbox/clock', { advanceSeconds: 360 })).status).toBe(200);
  expect(await s.read()).toMatchObject({ status: 'expired', expiredFrom: 'processing', paymentStatus: 'unpaid', last_payment_error: null });
  expect(await s.events()).toEqual([]);
  const refused = await t.json('POST', `/v1/sessions/${s.id}/expire`, undefined, sk);
  expect(refused.status).toBe(409);

  // The provider answers at the next look: nothing was authorized.
  p.cancelChallenge = cancelChallenge;
  expect((await t.json('POST', '/_sandbox/clock', { advanceSeconds: 900 })).status).toBe(200);
  expect(await s.read()).toMatchObject({ status: 'expired', expiredFrom: 'failed', paymentStatus: 'unpaid', vp_tx_count: 0, last_payment_error: { code: 'card_declined' } });
  expect(await s.events()).toEqual(['charge.failed', 'payment_intent.failed']);
  expect((t.sandbox.db.prepare("SELECT count(*) AS n FROM transactions WHERE status = 'approved'").get() as { n: number }).n).toBe(0);
  const again = await t.json('POST', `/v1/sessions/${s.id}/expire`, undefined, sk);
  expect(again.status).toBe(200);
  expect(await again.json()).toMatchObject({ status: 'expired', expiredFrom: 'failed' });
});
