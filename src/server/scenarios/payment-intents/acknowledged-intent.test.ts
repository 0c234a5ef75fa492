/**
 * An intent the service has told anyone of is never deleted (issue 34, finding 3). A charge held at
 * the processor's door outlives its request's reservation: the reconciler fails the intent (and
 * says so in an event), or a same-key retry takes the key over and answers the intent; when the
 * held call finally arrives it is refused (fenced, or refused for itself), and that refusal used to
 * undo the reservation, deleting an intent whose id the key kept answering (GET: 404).
 */
import { expect, it } from 'vitest';
import { testApp } from '../../testing.ts';
import { client } from './fixtures.ts';

async function heldWorld() {
  const t = await testApp();
  const m = await t.merchant();
  const w = client(t, m.merchant.id, m.keys);
  const control = async (path: string, body: unknown = {}) => (await t.json('POST', `/_sandbox${path}`, body)).json();
  /** A charge held at the processor's door: the request waits until the fault is released. */
  const held = async (pm: string, key: string, extra: Record<string, unknown> = {}) => {
    const fault = (await control('/faults', { merchant: m.merchant.id, operation: 'charge', kind: 'hold' })).id as string;
    const first = w.pay(pm, extra, { 'Idempotency-Key': key });
    // The request has reserved its intent and reached the door.
    await expect.poll(() => t.count('payment_intents')).toBe(1);
    return { fault, first };
  };
  const replay = async (pm: string, key: string, extra: Record<string, unknown> = {}) => {
    const res = await w.pay(pm, extra, { 'Idempotency-Key': key });
    return { status: res.status, body: await res.json() };
  };
  const ledger = () => t.sandbox.db.prepare('SELECT status FROM transactions').all();
  return { t, m, w, control, held, replay, ledger };
}

it('a held charge fenced after the reconciler failed its intent and a retry answered it: the intent stays, failed, once', async () => {
  const { t, m, w, control, held, replay, ledger } = await heldWorld();
  const pm = await w.vault();
  const { fault, first } = await held(pm, 'order-fenced');
  // Past the grace: the reconciler fences the reference, finds nothing and fails the intent (its event sent).
  await control('/clock', { advanceSeconds: 200 });
  const again = await replay(pm, 'order-fenced');
  expect(again).toMatchObject({ status: 200, body: { status: 'failed' } });
  const id = again.body.id as string;
  expect(await control(`/faults/${fault}/release`)).toEqual({ released: 1 });
  // The held call arrived fenced: nothing charged, and the first request answers the same intent.
  const late = await first;
  expect(await late.json()).toMatchObject({ id, status: 'failed' });
  expect(ledger()).toEqual([]);
  expect((await t.json('GET', `/v1/payment_intents/${id}`, undefined, w.sk)).status).toBe(200);
  expect(await replay(pm, 'order-fenced')).toMatchObject({ status: 200, body: { id, status: 'failed' } });
  expect((await t.events(m.merchant.id)).map((e) => e.type)).toEqual(['payment_intent.failed']);
});

it('a held charge refused when it arrives, after a retry took the key over and answered the intent: the intent fails, never vanishes', async () => {
  const { t, m, w, control, held, replay, ledger } = await heldWorld();
  // A card that needs a bank challenge, charged without a return_url: the processor refuses it when it arrives.
  const pm = await w.vault('tok_sandbox_visa_3220');
  const { fault, first } = await held(pm, 'order-taken');
  // The first request's process looks dead: its key's lock runs out and a retry takes the key over.
  const scope = { merchantId: m.merchant.id, livemode: false, keyType: 'secret' as const, key: 'order-taken' };
  await t.store.tx(async (r) => {
    const row = (await r.idempotency.get(scope))!;
    await r.idempotency.reserve(scope, { id: row.id, fingerprint: row.fingerprint, lockedUntil: t.deps.clock.nowMs() - 1, createdAt: row.createdAt });
  });
  const again = await replay(pm, 'order-taken');
  expect(again).toMatchObject({ status: 200, body: { status: 'requires_action', next_action: null } });
  const id = again.body.id as string;
  await control(`/faults/${fault}/release`);
  expect(await (await first).json()).toMatchObject({ id, status: 'failed' });
  expect(ledger()).toEqual([]);
  expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ id, status: 'failed' });
  // The key replays the answer it stored (Doc 1): the same intent, which a read shows failed.
  expect(await replay(pm, 'order-taken')).toMatchObject({ status: 200, body: { id } });
});
