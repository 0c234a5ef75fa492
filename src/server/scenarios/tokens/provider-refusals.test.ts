/**
 * A processor that refuses a request as invalid before any money moves (Doc 1, Errors:
 * `provider_request_rejected`, 422, with the processor's `reason`): the same answer at
 * `POST /v1/tokens`, `POST /v1/public/tokens` and charge at submit as on a payment intent (issue 35).
 */
import { describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../../api/errors.ts';
import { futureExpiry } from '../../../card/test-cards.ts';
import { SERVICE, bearer, testApp } from '../../testing.ts';

const expiry = futureExpiry();
/** Fails the check digit: the sandbox processor refuses it (`invalid_number`), nothing moves. */
const BAD_NUMBER = { number: '4242424242424241', expMonth: expiry.month, expYear: expiry.year, cvc: '123' };

async function setup() {
  const t = await testApp();
  const m = await t.merchant();
  const sk = bearer(m.keys.secret);
  const browser = { ...bearer(m.keys.publishable), Origin: SERVICE };
  const elements = async (chargeAtSubmit: boolean) =>
    (await (await t.json('POST', '/v1/sessions', { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit }, sk)).json()) as { id: string };
  const refused = async (res: Response, reason: string) => {
    const body = ErrorEnvelope.passthrough().parse(await res.json());
    expect([res.status, body.code, body.reason]).toEqual([422, 'provider_request_rejected', reason]);
    expect(JSON.stringify(body)).not.toContain(BAD_NUMBER.number);
  };
  return { t, sk, browser, elements, refused };
}

describe('provider_request_rejected where the service answers the processor’s refusal', () => {
  it('POST /v1/tokens: a reference the processor does not know is 422 with its reason, nothing stored', async () => {
    const { t, sk, refused } = await setup();
    await refused(await t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_1234' }, sk), 'unknown_reference');
    expect(await t.count('payment_methods')).toBe(0);
  });

  it('POST /v1/public/tokens: a card number the processor refuses is 422 invalid_number, nothing stored', async () => {
    const { t, browser, elements, refused } = await setup();
    const s = await elements(false);
    await refused(await t.json('POST', '/v1/public/tokens', { sessionId: s.id, card: BAD_NUMBER }, browser), 'invalid_number');
    expect(await t.count('payment_methods')).toBe(0);
  });

  it('charge at submit: the same 422, and the session stays open for the next card', async () => {
    const { t, sk, browser, elements, refused } = await setup();
    const s = await elements(true);
    await refused(await t.json('POST', `/v1/public/sessions/${s.id}/charge`, { card: BAD_NUMBER }, browser), 'invalid_number');
    expect(await (await t.json('GET', `/v1/sessions/${s.id}`, undefined, sk)).json()).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    expect(await t.count('payment_intents')).toBe(0);
  });
});
