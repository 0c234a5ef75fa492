/**
 * Doc 2, `PATCH /v1/tokens/{id}`: "A card saved without an address picks one up from its first
 * approved charge that sends one (unless that AVS came back no match; for a buyer's card the
 * charge must name that buyer)". Seen from outside: a later charge that sends no address still
 * gets an address check, from the stored one.
 */
import { describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';

const ADDRESS = { address_line1: '1 Main St', postal_code: '94107', country: 'US' };

async function savedCard(body: Record<string, unknown> = {}) {
  const t = await testApp();
  const m = await t.merchant();
  const h = bearer(m.keys.secret);
  const card = await (await t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242', buyer_id: 'cust_1', setup_for_future_use: 'on_session', ...body }, h)).json();
  const charge = async (extra: Record<string, unknown> = {}) =>
    (await t.json('POST', '/v1/payment_intents', { amount: 500, currency: 'usd', payment_method: { id: card.id }, ...extra }, h)).json();
  return { charge };
}

describe('a saved card picks up a billing address from a charge', () => {
  it('keeps the address of its first approved charge that names its buyer, and checks later charges against it', async () => {
    const { charge } = await savedCard();
    expect(await charge()).toMatchObject({ status: 'succeeded', avs_result_code: null });
    expect(await charge({ billing_address: ADDRESS, buyer_id: 'cust_1' })).toMatchObject({ status: 'succeeded', avs_result_code: 'match' });
    expect(await charge()).toMatchObject({ avs_result_code: 'match' });
  });

  it('does not take it from a charge that does not name the card’s buyer', async () => {
    const { charge } = await savedCard();
    expect(await charge({ billing_address: ADDRESS })).toMatchObject({ status: 'succeeded', avs_result_code: 'match' });
    expect(await charge()).toMatchObject({ avs_result_code: null });
  });

  it('does not take an address whose check came back no match', async () => {
    const { charge } = await savedCard();
    expect(await charge({ billing_address: { ...ADDRESS, postal_code: '99999' }, buyer_id: 'cust_1' })).toMatchObject({ status: 'succeeded', avs_result_code: 'no_match' });
    expect(await charge()).toMatchObject({ avs_result_code: null });
  });

  it('never replaces an address it already has', async () => {
    const { charge } = await savedCard({ billing_address: ADDRESS });
    expect(await charge()).toMatchObject({ avs_result_code: 'match' });
    await charge({ billing_address: { ...ADDRESS, postal_code: '99999' }, buyer_id: 'cust_1' });
    expect(await charge()).toMatchObject({ avs_result_code: 'match' });
  });
});
