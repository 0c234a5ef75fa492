/**
 * Issue 22: the wallet on a payment intent (`wallet_type`) is durable. A wallet payment and a card
 * payment are made, the store is closed and opened again (SQLite file; PostgreSQL database), and
 * both intents read back as they were written. A wallet charge left in flight at the close keeps
 * its wallet in its attempt row; on SQLite, whose sandbox processor outlives the close, the
 * reconciler settles it after the reopen and the intent names the wallet.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ProcessorUnavailableError } from '../../processors/types.ts';
import { pgAvailable, useCluster } from '../../store/postgres/cluster.fixtures.ts';
import { SERVICE, bearer, testApp } from '../../testing.ts';

const cluster = useCluster();
const SEALING_KEY = Buffer.alloc(32, 9).toString('base64');
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

type Env = Record<string, string>;

async function open(env: Env) {
  const t = await testApp(env);
  const call = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
    const res = await t.json(method, path, body, headers);
    return (await res.json()) as Record<string, any>;
  };
  return { t, call };
}

async function survivesReopen(env: Env, processorSurvives: boolean) {
  const first = await open(env);
  const m = await first.t.merchant({ settings: { elements: true, chargeAtSubmit: true } });
  const sk = bearer(m.keys.secret);
  const pk = { ...bearer(m.keys.publishable), Origin: SERVICE };
  const session = async () => (await first.call('POST', '/v1/sessions', { amount: 1800, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true }, sk)).id as string;
  const wallet = await first.call('POST', `/v1/public/sessions/${await session()}/charge`, { wallet: { type: 'google_pay', token: 'tok_sandbox_visa_4242' } }, pk);
  const card = await first.call('POST', `/v1/public/sessions/${await session()}/charge`, { card: CARD }, pk);
  // A third charge acts at the processor but its answer is lost, and the service stops before it learns the outcome.
  const inFlight = await session();
  const processor = first.t.processor;
  const real = processor.chargeWallet;
  processor.chargeWallet = async (...args) => {
    await real.apply(processor, args);
    throw new ProcessorUnavailableError('the connection dropped after the request was sent');
  };
  processor.lookup = async () => {
    throw new ProcessorUnavailableError('unreachable');
  };
  expect((await first.call('POST', `/v1/public/sessions/${inFlight}/charge`, { wallet: { type: 'apple_pay', token: 'tok_sandbox_amex_0005' } }, pk)).status).toBe('processing');
  expect([wallet.status, card.status]).toEqual(['succeeded', 'succeeded']);
  await first.t.deps.store.close();

  const second = await open(env);
  expect(await second.call('GET', `/v1/payment_intents/${wallet.paymentIntentId}`, undefined, sk)).toMatchObject({ status: 'succeeded', wallet_type: 'google_pay' });
  expect(await second.call('GET', `/v1/payment_intents/${card.paymentIntentId}`, undefined, sk)).toMatchObject({ status: 'succeeded', wallet_type: null });
  // The attempt left in flight keeps its wallet in its row.
  expect(await second.t.query('SELECT state, wallet_type FROM payment_attempts WHERE session_id = ?', inFlight)).toEqual([{ state: 'pending', wallet_type: 'apple_pay' }]);
  // The in-process sandbox processor keeps its ledger beside a SQLite file only: on PostgreSQL the
  // reopened service meets a processor that never saw the charge, so there is nothing to settle.
  if (!processorSurvives) return second.t.deps.store.close();
  await second.t.json('POST', '/_sandbox/clock', { advanceSeconds: 30 });
  const settled = await second.call('GET', `/v1/sessions/${inFlight}`, undefined, sk);
  expect(settled).toMatchObject({ status: 'succeeded' });
  expect(await second.call('GET', `/v1/payment_intents/${settled.paymentIntentId}`, undefined, sk)).toMatchObject({ wallet_type: 'apple_pay', card: { brand: 'amex', last4: '0005' } });
  await second.t.deps.store.close();
}

describe('wallet_type survives a reopen of the store', () => {
  it('on SQLite (a file)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svcpay-wallet-'));
    dirs.push(dir);
    await survivesReopen({ SVCPAY_DATA: join(dir, 'svcpay.sqlite'), SVCPAY_SEALING_KEY: SEALING_KEY }, true);
  });

  it.runIf(pgAvailable)('on PostgreSQL', async () => {
    const url = await cluster().createDatabase('wallet_reopen');
    await survivesReopen({ SVCPAY_DATABASE_URL: url, SVCPAY_SEALING_KEY: SEALING_KEY }, false);
  });
});
