import { describe, expect, it } from 'vitest';
import type { IdempotencyReservation } from '../../domain/operations.ts';
import { bearer, testApp } from '../../testing.ts';
import { keepOutcome } from '../../engine/idempotency.ts';

async function world() {
  const t = await testApp();
  const m = await t.merchant();
  const auth = bearer(m.keys.secret);
  const reservation = async (key: string): Promise<IdempotencyReservation> => {
    const idem = { id: `idr_${key}`, fingerprint: 'f', scope: { merchantId: m.merchant.id, livemode: false, keyType: 'secret' as const, key } };
    await t.deps.store.tx((r) => r.idempotency.reserve(idem.scope, { id: idem.id, fingerprint: 'f', lockedUntil: Date.now() + 60_000, createdAt: new Date().toISOString() }));
    return idem;
  };
  const row = (idem: IdempotencyReservation) => t.deps.store.tx((r) => r.idempotency.get(idem.scope));
  return { t, auth, reservation, row };
}

describe('an outcome kept under a keyed request', () => {
  it('is kept in the caller’s transaction: a transaction that fails keeps nothing', async () => {
    const { t, reservation, row } = await world();
    const idem = await reservation('rolled-back');
    await expect(
      t.deps.store.tx(async (r) => {
        await keepOutcome(r, idem, { any: 'outcome' });
        throw new Error('the write after it failed');
      }),
    ).rejects.toThrow('the write after it failed');
    expect((await row(idem))?.state).toBe('reserved');
    await t.deps.store.tx((r) => keepOutcome(r, idem, { any: 'outcome' }));
    expect(await row(idem)).toMatchObject({ state: 'done', statusCode: null, response: '{"any":"outcome"}' });
  });

  it('refuses when the reservation was taken over, and what the caller wrote in that transaction is undone', async () => {
    const { t, reservation, row } = await world();
    const idem = await reservation('taken-over');
    // Another request took the key over after the lock ran out: the row is now its reservation.
    await t.deps.store.tx((r) => r.idempotency.reserve(idem.scope, { id: 'idr_other', fingerprint: 'f', lockedUntil: Date.now() + 60_000, createdAt: new Date().toISOString() }));
    const before = (await t.count('sessions'));
    await expect(
      t.deps.store.tx(async (r) => {
        await r.meta.set('probe', 'written');
        await keepOutcome(r, idem, { any: 'outcome' });
      }),
    ).rejects.toMatchObject({ code: 'service_unavailable' });
    expect(await t.deps.store.read.meta.get('probe')).toBeUndefined();
    expect((await t.count('sessions'))).toBe(before);
    expect((await row(idem))?.id).toBe('idr_other');
  });

  it('after the processor was called, a taken-over request answers payment_outcome_unknown naming what to read back', async () => {
    const { t, reservation } = await world();
    const idem = await reservation('taken-over-after-processor');
    await t.deps.store.tx((r) => r.idempotency.reserve(idem.scope, { id: 'idr_other', fingerprint: 'f', lockedUntil: Date.now() + 60_000, createdAt: new Date().toISOString() }));
    await expect(t.deps.store.tx((r) => keepOutcome(r, idem, { any: 'outcome' }, { payment_intent: 'vpi_test_1' }))).rejects.toMatchObject({
      code: 'payment_outcome_unknown',
      extra: { payment_intent: 'vpi_test_1' },
    });
  });

  it('answers a replay as the first answer was, even after the session expired', async () => {
    const { t, auth } = await world();
    const headers = { ...auth, 'Idempotency-Key': 'kept-session' };
    const first = await t.json('POST', '/v1/sessions', { amount: 1500, currency: 'usd' }, headers);
    expect(first.status).toBe(201);
    const created = (await first.json()) as { id: string; status: string };
    const expired = await t.json('POST', `/v1/sessions/${created.id}/expire`, undefined, auth);
    expect(((await expired.json()) as { status: string }).status).toBe('expired');
    const replay = await t.json('POST', '/v1/sessions', { amount: 1500, currency: 'usd' }, headers);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(created);
    expect((await t.count('sessions'))).toBe(1);
  });
});
