/**
 * A process killed after its charge and before its answer was kept leaves the key reserved; two
 * minutes on, a replay takes the key over (middleware/idempotency.ts). The replay answers the
 * intent the key made, whatever happened to the card since: found by the cluster's SIGKILL test
 * (scripts/cluster/cluster.test.ts), where the replay was refused because that same charge had
 * spent the single-use card.
 */
import { expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';

it('a replay that takes over the key of a request that died after charging answers that intent, charging nothing again', async () => {
  const t = await testApp();
  const { keys, merchant } = await t.merchant();
  const token = (await (await t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, bearer(keys.secret))).json()) as { id: string };
  const body = { amount: 1500, currency: 'usd', payment_method: { id: token.id } };
  const h = { ...bearer(keys.secret), 'Idempotency-Key': 'died-after-charge' };
  const first = await t.json('POST', '/v1/payment_intents', body, h);
  expect(first.status).toBe(201);
  const made = (await first.json()) as { id: string; status: string };
  expect(made.status).toBe('succeeded');
  // What the dead process left: the key reserved, its answer never kept, its lock long past.
  const scope = { merchantId: merchant.id, livemode: false, keyType: 'secret' as const, key: 'died-after-charge' };
  await t.store.tx(async (r) => {
    const row = (await r.idempotency.get(scope))!;
    await r.idempotency.reserve(scope, { id: row.id, fingerprint: row.fingerprint, lockedUntil: t.deps.clock.nowMs() - 1, createdAt: row.createdAt });
  });
  const replay = await t.json('POST', '/v1/payment_intents', body, h);
  expect([200, 201]).toContain(replay.status);
  expect(await replay.json()).toMatchObject({ id: made.id, status: 'succeeded', amount: 1500 });
  expect((await t.count('payment_intents'))).toBe(1);
  expect((t.sandbox.db.prepare("SELECT count(*) AS n FROM transactions WHERE status = 'approved'").get() as { n: number }).n).toBe(1);
  // The replay kept its answer: the next one is a plain replay.
  expect((await t.json('POST', '/v1/payment_intents', body, h)).status).toBe(200);
});

it('a replay that takes over the key of a refund whose process died answers that refund, though the payment was disputed since', async () => {
  const t = await testApp();
  const { keys, merchant } = await t.merchant();
  const token = (await (await t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, bearer(keys.secret))).json()) as { id: string };
  const intent = (await (await t.json('POST', '/v1/payment_intents', { amount: 1500, currency: 'usd', payment_method: { id: token.id } }, bearer(keys.secret))).json()) as { id: string };
  const body = { payment_intent: intent.id, amount: 500 };
  const h = { ...bearer(keys.secret), 'Idempotency-Key': 'refund-died' };
  const first = await t.json('POST', '/v1/refunds', body, h);
  expect(first.status).toBe(201);
  const made = (await first.json()) as { id: string };
  const scope = { merchantId: merchant.id, livemode: false, keyType: 'secret' as const, key: 'refund-died' };
  await t.store.tx(async (r) => {
    const row = (await r.idempotency.get(scope))!;
    await r.idempotency.reserve(scope, { id: row.id, fingerprint: row.fingerprint, lockedUntil: t.deps.clock.nowMs() - 1, createdAt: row.createdAt });
  });
  expect((await t.json('POST', '/_sandbox/provider_events', { type: 'dispute.created', payment_intent: intent.id })).status).toBe(202);
  const replay = await t.json('POST', '/v1/refunds', body, h);
  expect([200, 201]).toContain(replay.status);
  expect(await replay.json()).toMatchObject({ id: made.id, amount: 500 });
  expect((await t.count('refunds'))).toBe(1);
});
