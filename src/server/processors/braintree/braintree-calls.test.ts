/**
 * The server half of the Braintree adapter (issue 19), through the real `braintree` SDK against the
 * sandbox's Braintree stand-in over loopback: the test cards give the same transactions the engine
 * knows from the sandbox adapter (every decline code comes back as itself through Braintree's
 * response codes), a reference moves money once, and every failure is one of the engine's two errors.
 */
import braintree from 'braintree';
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET, testProcessor } from '../../../../sandbox-processor/testing.ts';
import { listenBraintree } from '../../../../sandbox-processor/braintree/testing.ts';
import { SANDBOX_GATEWAY_ID, SANDBOX_PUBLIC_KEY } from '../../../../sandbox-processor/braintree/app.ts';
import { freePorts } from '../../../platform/ports.ts';
import type { Merchant } from '../../domain/index.ts';
import { ProcessorConflictError, ProcessorRejectedError, ProcessorUnavailableError, type VaultChargeRequest } from '../types.ts';
import { BraintreeCalls, translate } from './braintree-calls.ts';

const merchant = { id: 'merchant_b' } as Merchant;
const DECLINES = [
  ['0002', 'card_declined'],
  ['9995', 'insufficient_funds'],
  ['0069', 'expired_card'],
  ['0127', 'incorrect_cvc'],
  ['0036', 'incorrect_zip'],
  ['9987', 'lost_card'],
  ['9979', 'stolen_card'],
  ['0019', 'fraudulent'],
  ['0119', 'processing_error'],
  ['6975', 'card_velocity_exceeded'],
  ['0017', 'do_not_honor'],
  ['0025', 'issuer_unavailable'],
  ['0033', 'blocked_by_rule'],
  ['0058', 'generic_decline'],
] as const;

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

const environment = (port: number) => new braintree.Environment('127.0.0.1', String(port), 'http://127.0.0.1/auth-unused', false, '127.0.0.1', String(port));

async function world(opts: { privateKey?: string; ownAccount?: { merchantAccounts?: Record<string, string> } } = {}) {
  const sandbox = testProcessor();
  const { port, close } = await listenBraintree(sandbox.processor);
  closers.push(close);
  const calls = new BraintreeCalls({ merchantId: SANDBOX_GATEWAY_ID, publicKey: SANDBOX_PUBLIC_KEY, privateKey: opts.privateKey ?? SECRET, environment: environment(port), ...(opts.ownAccount ? { ownAccount: opts.ownAccount } : {}) });
  const charge = async (reference: string, cardRef = 'tok_sandbox_visa_4242', extra: Partial<VaultChargeRequest> = {}, who = merchant) => {
    const { vaultId } = await calls.vault(who, { providerReference: cardRef, livemode: false });
    return calls.chargeVaulted(who, { reference, vaultId, amount: 1500, currency: 'USD', livemode: false, capture: true, sessionId: 'vp_cs_1', returnUrl: null, billingPostalCode: null, merchantInitiated: false, ...extra });
  };
  const ledger = () => sandbox.processor.db.prepare('SELECT capture_state AS capture, captured_amount AS captured FROM transactions').all();
  return { sandbox, calls, charge, ledger };
}

describe('BraintreeCalls against the stand-in', () => {
  it('vaults a card reference and sells it: settled, with the card, the reference and the session; found again', async () => {
    const { calls, charge } = await world();
    const t = await charge('att_1');
    expect(t).toMatchObject({ status: 'approved', capture: 'settled', capturedAmount: 1500, amount: 1500, currency: 'USD', reference: 'att_1', sessionId: 'vp_cs_1', card: { brand: 'visa', last4: '4242' }, declineCode: null });
    expect(await calls.lookup(merchant, 'att_1')).toMatchObject({ id: t.id, status: 'approved' });
    expect(await calls.verifyTransaction(merchant, t.id)).toMatchObject({ id: t.id });
    expect(await calls.lookup(merchant, 'att_none')).toBeNull();
    // Another merchant's account does not see it.
    expect(await calls.verifyTransaction({ id: 'merchant_other' } as Merchant, t.id)).toBeNull();
  });

  it.each(DECLINES)('card …%s comes back declined as %s through Braintree’s response codes', async (last4, code) => {
    const { charge } = await world();
    expect(await charge(`att_${last4}`, `tok_sandbox_visa_${last4}`)).toMatchObject({ status: 'declined', declineCode: code, capture: 'none' });
  });

  it('charges one reference once: a repeat is Braintree’s duplicate, answered with the first sale', async () => {
    const { calls, ledger } = await world();
    const { vaultId } = await calls.vault(merchant, { providerReference: 'tok_sandbox_visa_4242', livemode: false });
    const req: VaultChargeRequest = { reference: 'att_once', vaultId, amount: 1500, currency: 'USD', livemode: false, capture: true, sessionId: null, returnUrl: null, billingPostalCode: null, merchantInitiated: false };
    const [a, b] = await Promise.all([calls.chargeVaulted(merchant, req), calls.chargeVaulted(merchant, req)]);
    expect(a.id).toBe(b.id);
    expect(ledger()).toHaveLength(1);
  });

  it('authorizes, captures part; voids another; refunds, finds the refund by its reference, and refunds a reference once', async () => {
    const { calls, charge, ledger } = await world();
    const held = await charge('att_h', undefined, { capture: false });
    expect(held).toMatchObject({ status: 'approved', capture: 'none', capturedAmount: 0 });
    expect(await calls.capture(merchant, { transactionId: held.id, amount: 1000 })).toMatchObject({ capture: 'settled', capturedAmount: 1000 });
    const other = await charge('att_v', undefined, { capture: false });
    expect(await calls.void(merchant, { transactionId: other.id })).toMatchObject({ capture: 'voided' });
    const r = await calls.refund(merchant, { transactionId: held.id, amount: 400, reference: 'ref_1' });
    expect(r).toMatchObject({ status: 'succeeded', amount: 400, reference: 'ref_1', transactionId: held.id });
    expect(await calls.refundLookup(merchant, 'ref_1', held.id)).toEqual(r);
    expect(await calls.refund(merchant, { transactionId: held.id, amount: 400, reference: 'ref_1' })).toEqual(r);
    expect(await calls.refundLookup(merchant, 'ref_2', held.id)).toBeNull();
    expect(ledger()).toEqual([{ capture: 'settled', captured: 1000 }, { capture: 'voided', captured: 0 }]);
  });

  it('vaults a card reference as what Braintree shows of it; refuses card data (its own fields only) and an unknown reference', async () => {
    const { calls, sandbox } = await world();
    const v = await calls.vault(merchant, { providerReference: 'tok_sandbox_amex_0005', livemode: false });
    expect(v.vaultId).toMatch(/^sbx_pm_/);
    expect(v.card).toEqual({ brand: 'amex', last4: '0005', expMonth: expect.any(Number), expYear: expect.any(Number) });
    expect(v.card.expYear).toBeGreaterThan(2025);
    const vaulted = () => (sandbox.processor.db.prepare('SELECT count(*) AS n FROM vault').get() as { n: number }).n;
    const before = vaulted();
    const data = await calls.vault(merchant, { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' }, livemode: false }).catch((e: unknown) => e);
    expect((data as ProcessorRejectedError).reason).toBe('unsupported');
    expect(((await calls.vault(merchant, { providerReference: 'tok_sandbox_visa_1234', livemode: false }).catch((e: unknown) => e)) as ProcessorRejectedError).reason).toBe('unknown_reference');
    expect(vaulted()).toBe(before);
  });

  it('refuses, before any call, a currency an own account names no merchant account for (issue 34, finding 4)', async () => {
    const { calls, ledger } = await world({ ownAccount: { merchantAccounts: { eur: SANDBOX_GATEWAY_ID } } });
    // The USD sale is refused, not sent to the gateway's default account in that account's currency.
    const sale = { reference: 'att_usd', vaultId: 'card_1', amount: 5000, currency: 'USD', livemode: false, capture: true, sessionId: null, returnUrl: null, billingPostalCode: null, merchantInitiated: false };
    const err = await calls.chargeVaulted(merchant, sale).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessorRejectedError);
    expect((err as ProcessorRejectedError).reason).toBe('currency_not_supported');
    expect(ledger()).toEqual([]);
    await expect(calls.clientToken(merchant, 'usd')).rejects.toBeInstanceOf(ProcessorRejectedError);
    expect(calls.accountFor(merchant, 'EUR')).toBe(SANDBOX_GATEWAY_ID);
  });

  it('reads a refused key as "nothing moved", and no answer at all as unknown', async () => {
    const bad = await world({ privateKey: 'wrong' });
    const refused = await bad.calls.lookup(merchant, 'att_1').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProcessorUnavailableError);
    expect((refused as ProcessorUnavailableError).nothingMoved).toBe(true);
    const [closed] = await freePorts(1);
    const gone = new BraintreeCalls({ merchantId: SANDBOX_GATEWAY_ID, publicKey: SANDBOX_PUBLIC_KEY, privateKey: SECRET, environment: environment(closed!) });
    const lost = await gone.verifyTransaction(merchant, 'x').catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(ProcessorUnavailableError);
    expect((lost as ProcessorUnavailableError).nothingMoved).toBe(false);
  });

  it('refuses what Braintree refuses, with its code: an unknown nonce and another merchant’s payment prove nothing moved; a second capture and a void after settlement are state conflicts, read back (issue 34)', async () => {
    const { calls, charge, ledger, sandbox } = await world();
    const session = { id: 'cs_9', amount: 1500, currency: 'USD', captureMethod: 'automatic' } as never;
    const unknown = await calls.chargeNonce(merchant, session, 'tokencc_sb_nosuchnonce', 'att_n').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(ProcessorRejectedError);
    expect((unknown as ProcessorRejectedError).reason).toBe('braintree_91565');
    const settled = await charge('att_s');
    const again = await calls.capture(merchant, { transactionId: settled.id, amount: 1500 }).catch((e: unknown) => e);
    expect(again).toMatchObject({ constructor: ProcessorConflictError, reason: 'braintree_91507', nothingMoved: false });
    expect(await calls.void(merchant, { transactionId: settled.id }).catch((e: unknown) => e)).toMatchObject({ constructor: ProcessorConflictError, reason: 'braintree_91504' });
    const other = { id: 'merchant_other' } as Merchant;
    expect(((await calls.refund(other, { transactionId: settled.id, amount: 100, reference: 'r' }).catch((e: unknown) => e)) as ProcessorRejectedError).reason).toBe('not_found');
    expect(await calls.refundLookup(other, 'r', settled.id)).toBeNull();
    expect(ledger()).toEqual([{ capture: 'settled', captured: 1500 }]);
    expect(sandbox.processor.db.prepare('SELECT count(*) AS n FROM refunds').get()).toEqual({ n: 0 });
  });

  it('reads Braintree refusing the caller (authorization, rate limit) as nothing moved, and a server error or a lost connection as unknown', () => {
    for (const [type, nothingMoved] of [['authenticationError', true], ['authorizationError', true], ['tooManyRequestsError', true], ['upgradeRequired', true], ['serverError', false], ['serviceUnavailableError', false], ['unexpectedError', false]] as const) {
      const failure = (() => {
        try {
          return translate(Object.assign(new Error(type), { type }));
        } catch (e) {
          return e;
        }
      })();
      expect(failure, type).toBeInstanceOf(ProcessorUnavailableError);
      expect((failure as ProcessorUnavailableError).nothingMoved, type).toBe(nothingMoved);
    }
  });
});
