/**
 * Finding 5 (issue 17): a provider event that arrives before the row it updates (its capture's
 * answer was lost) is tried again until the row is there, never marked ignored for good.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ACCOUNT_HEADER } from '../../../sandbox-processor/api.ts';
import { faultWorld, type FaultWorld } from './world.ts';

let w: FaultWorld;
beforeEach(async () => (w = await faultWorld()));
afterEach(() => w.close());

it('capture.settled for a capture whose answer was lost is applied once the capture is recorded', async () => {
  // Card 0066: a capture is pending at the processor until its capture.settled event.
  const pm = await w.card('0066');
  const intent = (await w.pay(pm, 'auth-1', { capture_method: 'manual' })).body;
  await w.arm({ operation: 'capture', kind: 'lose_answer' });
  // The read-back right after the lost answer gets none either: only the reconciler can record it.
  await w.arm({ operation: 'lookup', kind: 'down' });
  expect((await w.post(`/v1/payment_intents/${intent.id}/capture`)).body.code).toBe('payment_outcome_unknown');

  // The processor settles the capture and says so before the service has recorded it.
  const [tx] = await w.ledger();
  const secret = w.t.processorSecret;
  const sent = await w.t.sandbox.app.request('/v1/events', {
    method: 'POST',
    headers: { Authorization: `Bearer ${secret}`, [ACCOUNT_HEADER]: w.m.id, 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'capture.settled', transactionId: tx!.id }),
  });
  expect(sent.status).toBe(202);
  const kept = () => w.t.store.db.prepare("SELECT state FROM inbound_events WHERE json_extract(data, '$.type') = 'capture.settled'").get() as { state: string } | undefined;
  await expect.poll(() => kept()?.state).toBe('pending');

  // The reconciler records the capture; the event's next try then settles it.
  await w.advance(20);
  await w.advance(20);
  expect(kept()?.state).toBe('applied');
  expect((await w.get(`/v1/payment_intents/${intent.id}`)).body.status).toBe('succeeded');
});
