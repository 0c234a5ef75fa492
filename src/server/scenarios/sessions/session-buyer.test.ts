/**
 * Issue 35: a checkout session follows Document 2's buyer rules (sessions, as intents and tokens),
 * links the buyer record it names and keeps the profile it sends on it, through the real app.
 */
import { describe, expect, it } from 'vitest';
import { Buyer } from '../../../api/buyers.ts';
import { bearer, testApp } from '../../testing.ts';
import { hostedSession, origin, payOnProcessor } from '../checkout/fixtures.ts';

const BODY = { amount: 1500, currency: 'usd' };
const ADDRESS = { addressLine1: '1 Main St', city: 'Springfield', postalCode: '94107', country: 'us' };

async function world() {
  const t = await testApp();
  const m = await t.merchant();
  const auth = bearer(m.keys.secret);
  const session = (body: Record<string, unknown>, path = '/v1/sessions') => t.json('POST', path, { ...BODY, ...body }, auth);
  const buyerBy = async (query: string) => {
    const res = await t.json('GET', `/v1/buyers?${query}`, undefined, auth);
    const data = (await res.json()).data as unknown[];
    return data.length ? Buyer.parse(data[0]) : undefined;
  };
  const refusal = async (res: Response) => ({ status: res.status, ...((await res.json()) as { code: string; error: string }) });
  return { t, m, auth, session, buyerBy, refusal };
}

describe('POST /v1/sessions: buyer rules (Document 2)', () => {
  it('refuses a flat field and its nested copy that differ, naming both, with 400 validation_error; creates nothing', async () => {
    const w = await world();
    const cases = [
      [{ buyerId: 'a', buyer: { externalId: 'b' } }, /buyerId and buyer\.externalId differ/],
      [{ buyerEmail: 'ann@example.com', buyer: { email: 'bob@example.com' } }, /buyerEmail and buyer\.email differ/],
      [{ buyerId: 'a', buyerName: 'Ann Lee', buyer: { name: 'Bob Lee' } }, /buyerName and buyer\.name differ/],
    ] as const;
    for (const [body, message] of cases) {
      for (const path of ['/v1/sessions', '/v1/sessions?dry_run=true']) {
        const r = await w.refusal(await w.session(body, path));
        expect(r).toMatchObject({ status: 400, code: 'validation_error' });
        expect(r.error).toMatch(message);
      }
    }
    expect(await w.t.count('sessions')).toBe(0);
    expect(await w.t.count('buyers')).toBe(0);
  });

  it('accepts equal duplicates (emails compared case-insensitively) and refuses a nested buyer with no identity', async () => {
    const w = await world();
    const same = await w.session({ buyerId: 'cust_1', buyerEmail: 'Ann@Example.com', buyer: { externalId: 'cust_1', email: 'ann@example.com' } });
    expect(same.status).toBe(201);
    expect((await same.json()).buyerId).toBe('cust_1');
    const nameless = await w.refusal(await w.session({ buyer: { name: 'Ann Lee', phone: '+1 415 555 0100' } }));
    expect(nameless).toMatchObject({ status: 400, code: 'validation_error' });
    expect(nameless.error).toMatch(/identity/);
    // A name alone, flat, is a guest's prefill: no buyer is named, none is made.
    expect((await w.session({ buyerName: 'Ann Lee' })).status).toBe(201);
    expect(await w.t.count('buyers')).toBe(1);
  });

  it('keeps phone, company, address and metadata on the buyer record it links; personal-data metadata keys are dropped', async () => {
    const w = await world();
    const res = await w.session({
      buyerName: 'Ann Lee',
      buyer: { externalId: 'cust_7', email: 'ann@example.com', phone: '+1 415 555 0100', company: 'Acme', address: ADDRESS, metadata: { plan: 'pro', email: 'x@example.com' } },
    });
    expect(res.status).toBe(201);
    const buyer = await w.buyerBy('external_id=cust_7');
    expect(buyer).toMatchObject({
      external_id: 'cust_7',
      email: 'ann@example.com',
      name: 'Ann Lee',
      phone: '+1 415 555 0100',
      company: 'Acme',
      address: { address_line1: '1 Main St', address_line2: null, city: 'Springfield', state: null, postal_code: '94107', country: 'US' },
      metadata: { plan: 'pro' },
    });
    // An address the buyer record could not hold (no line, no postal code) is refused, not dropped.
    const partial = await w.refusal(await w.session({ buyer: { externalId: 'cust_7', address: { city: 'Springfield', country: 'US' } } }));
    expect(partial).toMatchObject({ status: 400, code: 'validation_missing_field' });
    // A later session merges metadata and keeps what it does not send.
    expect((await w.session({ buyerId: 'cust_7', buyer: { metadata: { tier: 'gold' } } })).status).toBe(201);
    expect(await w.buyerBy('external_id=cust_7')).toMatchObject({ company: 'Acme', metadata: { plan: 'pro', tier: 'gold' } });
  });

  it('links an existing buyer by buyerId, by buyer.externalId or by email and moves its last_seen_at; a read does not', async () => {
    const w = await world();
    const made = Buyer.parse(await (await w.t.json('POST', '/v1/buyers', { external_id: 'cust_9', email: 'cy@example.com' }, w.auth)).json());
    const other = Buyer.parse(await (await w.t.json('POST', '/v1/buyers', { email: 'dee@example.com' }, w.auth)).json());
    let last = made.last_seen_at;
    for (const body of [{ buyerId: 'cust_9' }, { buyer: { externalId: 'cust_9' } }, { buyerEmail: 'CY@example.com' }]) {
      await w.t.deps.clock.advance(60);
      expect((await w.session(body)).status).toBe(201);
      const now = (await w.buyerBy('external_id=cust_9'))!;
      expect(now.id).toBe(made.id);
      expect(Date.parse(now.last_seen_at)).toBeGreaterThan(Date.parse(last));
      last = now.last_seen_at;
    }
    // A session naming the reference and an email another buyer holds does not fail: it is just not linked.
    await w.t.deps.clock.advance(60);
    expect((await w.session({ buyerId: 'cust_9', buyerEmail: 'dee@example.com' })).status).toBe(201);
    expect((await w.buyerBy('external_id=cust_9'))!.last_seen_at).toBe(last);
    expect((await w.buyerBy('email=dee@example.com'))!.last_seen_at).toBe(other.last_seen_at);
    expect(await w.t.count('buyers')).toBe(2);
    // A new reference makes the buyer.
    expect((await w.session({ buyerId: 'cust_new' })).status).toBe(201);
    expect(await w.buyerBy('external_id=cust_new')).toMatchObject({ external_id: 'cust_new', email: null });
  });

  it("a session's payment is the linked buyer's: its intent names the buyer and the payment moves last_seen_at", async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t, { buyerId: 'cust_3', buyerEmail: 'eve@example.com' });
    const auth = bearer(m.keys.secret);
    const before = Buyer.parse((await (await t.json('GET', '/v1/buyers?external_id=cust_3', undefined, auth)).json()).data[0]);
    await t.deps.clock.advance(120);
    const tx = await payOnProcessor(t, session.id);
    expect((await t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: tx.id, buyer: { email: 'eve@example.com' } }, origin)).status).toBe(200);
    const paid = await (await t.json('GET', `/v1/sessions/${session.id}`, undefined, auth)).json();
    const intent = await (await t.json('GET', `/v1/payment_intents/${paid.paymentIntentId}`, undefined, auth)).json();
    expect(intent).toMatchObject({ status: 'succeeded', buyer_id: 'cust_3', buyer_email: 'eve@example.com' });
    const after = Buyer.parse((await (await t.json('GET', '/v1/buyers?external_id=cust_3', undefined, auth)).json()).data[0]);
    expect(Date.parse(after.last_seen_at)).toBeGreaterThan(Date.parse(before.last_seen_at));
  });
});
