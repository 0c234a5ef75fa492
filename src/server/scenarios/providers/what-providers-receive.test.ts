/**
 * What each provider receives with a payment intent's charge (issue 34, "What the spec says to
 * send"; docs/merchant.md, "What each provider receives"), read at the provider stand-in that
 * received it: the sandbox processor's transaction, the Stripe stand-in's PaymentIntent, the
 * Braintree stand-in's sale. The create answer's `resolved_descriptor` is what was sent, and
 * `buyer_ip_address_forwarded` is true only when the IP reached the provider.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { testApp } from '../../testing.ts';
import { client } from '../payment-intents/fixtures.ts';
import { braintreeStandIn } from './braintree/braintree.fixtures.ts';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

const descriptor = (name: string) => ({ name, phone: '555-010-0199', url: 'acme.example', city: 'Springfield', suffix: { source: 'order_id', fallback: 'pi_ref' } }) as const;
const ASK = { metadata: { order_id: 'ORD 77' }, rule_tags: { segment: 'gold' }, first_name: 'Ada', last_name: 'Lovelace', buyer_ip_address: '203.0.113.9' };

async function world(processor: 'sandbox' | 'card_element' | 'hosted_fields', name = 'ACME STORE') {
  const t = await testApp();
  if (processor === 'hosted_fields') closers.push((await braintreeStandIn(t, ['hosted_fields'])).close);
  const m = await t.merchant({ processor, settings: { descriptor: descriptor(name) } });
  const c = client(t, m.merchant.id, m.keys);
  /** What the sandbox processor kept of the charge (its transaction), by the stand-in's own record. */
  const sent = () => (t.sandbox.db.prepare('SELECT sent FROM transactions ORDER BY rowid').all() as { sent: string | null }[]).map((r) => (r.sent ? JSON.parse(r.sent) : null));
  /** The Stripe stand-in's PaymentIntents as it stored them. */
  const stripeIntents = () => (t.sandbox.db.prepare('SELECT data FROM stripe_intents').all() as { data: string }[]).map((r) => JSON.parse(r.data));
  /** A payment intent with `ask`, made (201); its create answer. */
  const created = async (ask: Record<string, unknown>, card?: string) => {
    const res = await c.payJson(card ?? (await c.vault()), ask);
    expect(res.status).toBe(201);
    return res.body;
  };
  return { ...c, sent, stripeIntents, created };
}

describe('what each provider receives with a payment intent', () => {
  it('sandbox: the suffix, rule tags, the charge’s names and the buyer’s IP, as the answer says', async () => {
    const w = await world('sandbox');
    const body = await w.created(ASK);
    expect(body.resolved_descriptor).toEqual({ kind: 'suffix', suffix: 'ORD 77' });
    expect(body.buyer_ip_address_forwarded).toBe(true);
    expect(w.sent()).toEqual([{ descriptor: { suffix: 'ORD 77' }, ruleTags: { segment: 'gold' }, firstName: 'Ada', lastName: 'Lovelace', buyerIp: '203.0.113.9' }]);
    // The sandbox's own API shows it on the transaction.
    const [tx] = w.t.sandbox.db.prepare('SELECT id FROM transactions').all() as { id: string }[];
    const res = await w.t.sandbox.app.request(`/v1/transactions/${tx!.id}`, { headers: { authorization: `Bearer ${w.t.processorSecret}`, 'sandbox-account': w.merchantId } });
    expect((await res.json()).sent).toMatchObject({ descriptor: { suffix: 'ORD 77' }, buyerIp: '203.0.113.9' });
  });

  it('sandbox: no IP with a merchant-initiated charge, and the answer says false', async () => {
    const w = await world('sandbox');
    const card = await w.vault('tok_sandbox_visa_4242', { setup_for_future_use: 'off_session', buyer_id: 'b-mit' });
    const first = await w.created(ASK, card);
    const mit = await w.created({ ...ASK, mit: { initiator: 'merchant', reason: 'unscheduled', original_transaction_id: first.id } }, card);
    expect(mit.buyer_ip_address_forwarded).toBe(false);
    expect(w.sent()[1]).toMatchObject({ buyerIp: null, ruleTags: { segment: 'gold' } });
  });

  it('Stripe: statement_descriptor_suffix and the rule tags as metadata; no IP, no names', async () => {
    const w = await world('card_element');
    const body = await w.created(ASK);
    expect(body.resolved_descriptor).toEqual({ kind: 'suffix', suffix: 'ORD 77' });
    expect(body.buyer_ip_address_forwarded).toBe(false);
    const [pi] = w.stripeIntents();
    expect(pi.statementDescriptorSuffix).toBe('ORD 77');
    expect(pi.metadata).toMatchObject({ segment: 'gold' });
    expect(JSON.stringify(pi)).not.toMatch(/203\.0\.113\.9|Lovelace/);
  });

  it('Stripe: a suffix Stripe refuses (no letter) is not sent (invalid_for_provider), and the charge goes through', async () => {
    const w = await world('card_element');
    const body = await w.created({ metadata: { order_id: '12345' } });
    expect(body.status).toBe('succeeded');
    expect(body.resolved_descriptor).toEqual({ kind: 'skipped', reason: 'invalid_for_provider' });
    expect(w.stripeIntents()[0].statementDescriptorSuffix).toBeNull();
  });

  it('Stripe: a rule tag key longer than a metadata key (40) is 422 capability_not_supported, nothing at Stripe', async () => {
    const w = await world('card_element');
    const res = await w.payJson(await w.vault(), { rule_tags: { ['k'.repeat(41)]: 'gold' } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('capability_not_supported');
    expect(w.stripeIntents()).toEqual([]);
  });

  it('Braintree: descriptor {name, phone, url}, billing names and riskData.customerIp', async () => {
    // A company part Braintree takes: 7 characters.
    const w = await world('hosted_fields', 'ACME CO');
    const body = await w.created({ ...ASK, rule_tags: undefined });
    expect(body.resolved_descriptor).toEqual({
      kind: 'descriptor',
      descriptor: { name: 'ACME CO', description: 'ORD 77', city: null, country: null, phoneNumber: '555-010-0199', url: 'acme.example', postalCode: null },
    });
    expect(body.buyer_ip_address_forwarded).toBe(true);
    expect(w.sent()).toEqual([{ descriptor: { name: 'ACME CO*ORD 77', phone: '555-010-0199', url: 'acme.example' }, ruleTags: null, firstName: 'Ada', lastName: 'Lovelace', buyerIp: '203.0.113.9' }]);
  });

  it('Braintree: a name it cannot take is not sent (invalid_for_provider), and the charge goes through', async () => {
    const w = await world('hosted_fields', 'ACME STORE');
    const body = await w.created({ ...ASK, rule_tags: undefined });
    expect(body.status).toBe('succeeded');
    expect(body.resolved_descriptor).toEqual({ kind: 'skipped', reason: 'invalid_for_provider' });
    expect(w.sent()[0]).toMatchObject({ descriptor: null, firstName: 'Ada' });
  });

  it('Braintree: rule_tags are 422 capability_not_supported, and nothing reaches the provider', async () => {
    const w = await world('hosted_fields', 'ACME CO');
    const card = await w.vault();
    const res = await w.payJson(card, ASK);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('capability_not_supported');
    expect(w.sent()).toEqual([]);
    expect(await w.t.count('payment_intents')).toBe(0);
  });
});
