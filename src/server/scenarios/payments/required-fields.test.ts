/**
 * Issue 35: the buyer details a session requires (the account's `requiredBuyerFields`, folded into
 * the session's collection modes) are checked before any charge of it, on every path the service
 * charges or hands out a form that charges (engine/payments/charge/required-fields.ts). Missing
 * ones answer 422 `required_fields_missing` with `missing_fields` and `invalid_fields` (Doc 2:
 * "buyer not charged"): the sandbox processor's ledger stays empty and the session reads as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';
import { futureExpiry } from '../../../card/test-cards.ts';
import { braintreeStandIn } from '../providers/braintree/braintree.fixtures.ts';
import { SANDBOX_GATEWAY_ID } from '../../../../sandbox-processor/braintree/app.ts';

const expiry = futureExpiry();
const CARD = { number: '4242424242424242', expMonth: expiry.month, expYear: expiry.year, cvc: '123' };
const FRAME = { Origin: SERVICE };
const PHONE = { requiredBuyerFields: ['phone'] };

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

async function world(settings: Record<string, unknown>, session: Record<string, unknown>, processor?: 'hosted_fields') {
  const t = await testApp();
  const standIn = processor ? await braintreeStandIn(t, ['hosted_fields']) : null;
  if (standIn) closers.push(standIn.close);
  const m = await t.merchant({ settings, ...(processor ? { processor } : {}) });
  const made = await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', ...session }, bearer(m.keys.secret));
  expect(made.status).toBe(201);
  const id = ((await made.json()) as { id: string }).id;
  const read = async () => (await t.json('GET', `/v1/sessions/${id}`, undefined, bearer(m.keys.secret))).json();
  /** Every transaction the sandbox processor (and its Braintree stand-in) has on its ledger. */
  const ledger = () => (t.sandbox.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n;
  const pk = bearer(m.keys.publishable);
  /** What a refusal must leave as it was: the session, and the attempts on record (init's form is one). */
  const snapshot = async () => ({ session: await read(), attempts: await t.count('payment_attempts') });
  return { snapshot, t, m, id, read, ledger, pk, port: standIn?.port ?? 0 };
}

/** The refusal Doc 2 describes, with nothing charged and nothing written. */
async function expectRefused(w: Awaited<ReturnType<typeof world>>, res: Response, before: { session: unknown; attempts: number }, missing: string[]) {
  expect(res.status).toBe(422);
  expect(await res.json()).toMatchObject({ code: 'required_fields_missing', missing_fields: missing, invalid_fields: [] });
  expect(w.ledger()).toBe(0);
  expect(await w.read()).toEqual(before.session);
  expect(await w.t.count('payment_intents')).toBe(0);
  expect(await w.t.count('payment_attempts')).toBe(before.attempts);
}

const ELEMENTS = { integrationMode: 'elements', chargeAtSubmit: true };

describe('required buyer details are checked before any charge (issue 35)', () => {
  it('elements charge at submit: refused before the card is charged; the billing address element counts', async () => {
    const w = await world({ requiredBuyerFields: ['phone', 'billing_address'] }, ELEMENTS);
    const charge = (body: Record<string, unknown>) => w.t.json('POST', `/v1/public/sessions/${w.id}/charge`, body, { ...w.pk, ...FRAME });
    const before = await w.snapshot();
    await expectRefused(w, await charge({ card: CARD }), before, ['phone', 'billing_address']);
    // The address element's billing address is the buyer's; the phone is still missing.
    const partial = await charge({ card: CARD, billingAddress: { line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' } });
    expect(await partial.json()).toMatchObject({ code: 'required_fields_missing', missing_fields: ['phone'] });
    expect(w.ledger()).toBe(0);
  });

  it.each(['google_pay', 'apple_pay'])('wallets (%s): refused before the token is charged', async (type) => {
    const w = await world(PHONE, ELEMENTS);
    const before = await w.snapshot();
    const res = await w.t.json('POST', `/v1/public/sessions/${w.id}/charge`, { wallet: { type, token: 'tok_sandbox_visa_4242' } }, { ...w.pk, ...FRAME });
    await expectRefused(w, res, before, ['phone']);
  });

  it('embedded checkout: no form is handed out for a session without the details it requires', async () => {
    const w = await world(PHONE, {});
    const before = await w.snapshot();
    const res = await w.t.json('GET', `/v1/public/sessions/${w.id}/embed-token`, undefined, w.pk);
    await expectRefused(w, res, before, ['phone']);
  });

  it('embedded checkout complete with a provider nonce: refused before the sale', async () => {
    const w = await world(PHONE, {}, 'hosted_fields');
    // No form is handed out for this session (init refuses it too): a nonce from the form of
    // another session of the merchant, one that holds the phone, is sent to this one.
    const other = await w.t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', buyerContact: { phone: '+1 415 555 0100' } }, bearer(w.m.keys.secret));
    const init = await (await w.t.json('POST', '/api/checkout/init', { sessionId: ((await other.json()) as { id: string }).id }, FRAME)).json();
    const before = await w.snapshot();
    const nonce = await tokenize(w.port, init.token);
    const res = await w.t.json('POST', `/v1/public/sessions/${w.id}/complete`, { transactionId: nonce }, w.pk);
    await expectRefused(w, res, before, ['phone']);
  });

  it('POST /v1/payment_intents with session_id: refused before the vaulted card is charged; the intent’s own buyer details count', async () => {
    const w = await world({ requiredBuyerFields: ['phone', 'name'] }, { integrationMode: 'elements' });
    const sk = bearer(w.m.keys.secret);
    const card = ((await (await w.t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, sk)).json()) as { id: string }).id;
    const pay = (extra: Record<string, unknown>) => w.t.json('POST', '/v1/payment_intents', { amount: 2500, currency: 'usd', payment_method: { id: card }, session_id: w.id, ...extra }, sk);
    const before = await w.snapshot();
    await expectRefused(w, await pay({}), before, ['name', 'phone']);
    await expectRefused(w, await pay({ first_name: 'Ada', last_name: 'Lovelace' }), before, ['phone']);
    const paid = await pay({ first_name: 'Ada', last_name: 'Lovelace', buyer: { email: 'ada@example.com', phone: '+1 415 555 0100' } });
    expect(paid.status).toBe(201);
    expect(await paid.json()).toMatchObject({ status: 'succeeded', session_id: w.id });
    expect(w.ledger()).toBe(1);
  });

  it('POST /v1/payment_intents with session_id: the card’s own billing address counts for a required billing address', async () => {
    const w = await world({ requiredBuyerFields: ['billing_address'] }, { integrationMode: 'elements' });
    const sk = bearer(w.m.keys.secret);
    const vault = async (extra: Record<string, unknown>) => ((await (await w.t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242', ...extra }, sk)).json()) as { id: string }).id;
    const pay = (card: string) => w.t.json('POST', '/v1/payment_intents', { amount: 2500, currency: 'usd', payment_method: { id: card }, session_id: w.id }, sk);
    const bare = await vault({});
    const before = await w.snapshot();
    await expectRefused(w, await pay(bare), before, ['billing_address']);
    const addressed = await vault({ billing_address: { address_line1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' } });
    const paid = await pay(addressed);
    expect(paid.status).toBe(201);
    expect(await paid.json()).toMatchObject({ status: 'succeeded', session_id: w.id });
  });
});

/** What Braintree's Hosted Fields do with the card the buyer typed: a nonce, with no sale made. */
async function tokenize(port: number, clientToken: string) {
  const { authorizationFingerprint, clientApiUrl } = JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8')) as { authorizationFingerprint: string; clientApiUrl: string };
  expect(clientApiUrl).toContain(SANDBOX_GATEWAY_ID);
  const res = await fetch(`http://127.0.0.1:${port}/merchants/${SANDBOX_GATEWAY_ID}/client_api/v1/payment_methods/credit_cards`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ authorizationFingerprint, creditCard: { number: CARD.number, expirationDate: `${CARD.expMonth}/${CARD.expYear}`, cvv: '123' } }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { creditCards: { nonce: string }[] }).creditCards[0]!.nonce;
}
