/**
 * What the provider stand-ins take with a charge beyond the money, and what they refuse as the real
 * providers do (issue 34, "What the spec says to send"), driven by the providers' own SDKs:
 * - Stripe keeps `statement_descriptor_suffix` and `metadata` on the PaymentIntent (retrieved back),
 *   and refuses a suffix with `< > \ ' " *`, without a letter or too long for the prefix and `* `,
 *   and a metadata key over 40 characters: 400 `invalid_request_error` naming the parameter;
 * - Braintree keeps `descriptor`, `billing` names and `riskData.customerIp` on the sale, shows the
 *   descriptor and names on it, and refuses a descriptor name that is not `company*product` with a
 *   3, 7 or 12 character company part (92201 "Descriptor name format is invalid"). Nothing is
 *   charged on a refusal.
 */
import braintree from 'braintree';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT, testProcessor } from './testing.ts';
import { stripeOverStandIn } from './stripe/testing.ts';
import { braintreeWorld } from './braintree/testing.ts';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

const charges = (db: { prepare(sql: string): { all(): unknown[] } }) => db.prepare('SELECT sent FROM transactions').all() as { sent: string | null }[];

describe('the Stripe stand-in', () => {
  const world = () => {
    const sandbox = testProcessor();
    const stripe = stripeOverStandIn(sandbox.processor);
    const as = { stripeAccount: ACCOUNT };
    const pay = async (extra: Partial<Stripe.PaymentIntentCreateParams>) => {
      const pm = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_sandbox_visa_4242' } }, as);
      return stripe.paymentIntents.create({ amount: 1500, currency: 'usd', payment_method: pm.id, confirm: true, ...extra }, as);
    };
    return { sandbox, stripe, as, pay };
  };

  it('keeps the suffix and the metadata on the PaymentIntent', async () => {
    const { stripe, as, pay } = world();
    const pi = await pay({ statement_descriptor_suffix: 'ORD 77', metadata: { segment: 'gold' } });
    const read = await stripe.paymentIntents.retrieve(pi.id, {}, as);
    expect(read.statement_descriptor_suffix).toBe('ORD 77');
    expect(read.metadata).toEqual({ segment: 'gold' });
  });

  it.each([
    ['a forbidden character', { statement_descriptor_suffix: 'ORD*77' }, 'statement_descriptor_suffix'],
    ['no letter', { statement_descriptor_suffix: '12345' }, 'statement_descriptor_suffix'],
    ['no room after the shortest prefix', { statement_descriptor_suffix: 'A'.repeat(19) }, 'statement_descriptor_suffix'],
    ['a metadata key over 40 characters', { metadata: { ['k'.repeat(41)]: 'v' } }, `metadata[${'k'.repeat(40)}]`],
  ])('refuses %s with 400 invalid_request_error, charging nothing', async (_what, extra, param) => {
    const { sandbox, pay } = world();
    const err = await pay(extra as Partial<Stripe.PaymentIntentCreateParams>).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ statusCode: 400, param });
    expect(charges(sandbox.processor.db)).toEqual([]);
  });
});

describe('the Braintree stand-in', () => {
  const world = async () => {
    const w = await braintreeWorld();
    closers.push(w.close);
    const sale = (extra: Partial<braintree.TransactionRequest>) =>
      w.gateway.transaction.sale({ amount: '15.00', paymentMethodNonce: 'tok_sandbox_visa_4242', merchantAccountId: ACCOUNT, orderId: `att_${Math.random().toString(36).slice(2)}`, options: { submitForSettlement: true }, ...extra });
    return { ...w, sale };
  };

  it('keeps the descriptor, the billing names and the customer IP on the sale', async () => {
    const { sandbox, gateway, sale } = await world();
    const res = await sale({ descriptor: { name: 'ACME CO*ORD 77', phone: '555-010-0199', url: 'acme.example' }, billing: { firstName: 'Ada', lastName: 'Lovelace' }, riskData: { customerIp: '203.0.113.9' } } as Partial<braintree.TransactionRequest>);
    expect(res.success).toBe(true);
    const found = await gateway.transaction.find(res.transaction.id);
    expect(found.descriptor).toMatchObject({ name: 'ACME CO*ORD 77', phone: '555-010-0199', url: 'acme.example' });
    expect(found.billing).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(charges(sandbox.processor.db).map((r) => JSON.parse(r.sent!))).toEqual([
      { descriptor: { name: 'ACME CO*ORD 77', phone: '555-010-0199', url: 'acme.example' }, ruleTags: null, firstName: 'Ada', lastName: 'Lovelace', buyerIp: '203.0.113.9' },
    ]);
  });

  it.each([
    ['a company part of 10 characters', { name: 'ACME STORE*ORD 77' }, '92201'],
    ['no product part', { name: 'ACME CO' }, '92201'],
    ['a forbidden character', { name: 'ACME CO*ORD#77' }, '92201'],
    ['a phone with letters', { name: 'ACME CO*ORD 77', phone: 'call-us-now' }, '92202'],
  ])('refuses a descriptor with %s (%s), charging nothing', async (_what, descriptor, code) => {
    const { sandbox, sale } = await world();
    const res = await sale({ descriptor } as Partial<braintree.TransactionRequest>);
    expect(res.success).toBe(false);
    const errors = (res as unknown as { errors: { deepErrors(): { code: string }[] } }).errors.deepErrors().map((e) => e.code);
    expect(errors).toEqual([code]);
    expect(charges(sandbox.processor.db)).toEqual([]);
  });
});
