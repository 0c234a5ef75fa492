import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';
import { futureExpiry } from '../../../card/test-cards.ts';

const expiry = futureExpiry();

const CARD = { number: '4242424242424242', expMonth: expiry.month, expYear: expiry.year, cvc: '123' };

async function elementsSession(t: Awaited<ReturnType<typeof testApp>>, settings: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const m = await t.merchant({ settings });
  const res = await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'eur', integrationMode: 'elements', chargeAtSubmit: true, ...extra }, bearer(m.keys.secret));
  return { m, session: await res.json() };
}

const charge = (t: Awaited<ReturnType<typeof testApp>>, id: string, pk: string, card: Record<string, unknown> = CARD, headers: Record<string, string> = { Origin: SERVICE }) =>
  t.json('POST', `/v1/public/sessions/${id}/charge`, { card }, { ...bearer(pk), ...headers });

describe('public session and charge at submit', () => {
  it('reads a browser-safe view of the session with the publishable key', async () => {
    const t = await testApp();
    const { m, session } = await elementsSession(t, {}, { buyerEmail: 'a@example.com', metadata: { order: '42' } });
    const res = await t.json('GET', `/v1/public/sessions/${session.id}`, undefined, bearer(m.keys.publishable));
    const body = await res.json();
    expect(body).toMatchObject({ id: session.id, amount: 2500, currency: 'EUR', status: 'pending', chargeAtSubmit: true });
    expect(JSON.stringify(body)).not.toContain('a@example.com');
    expect(body.metadata).toBeUndefined();
  });

  it('charges an elements session and settles it', async () => {
    const t = await testApp();
    const { m, session } = await elementsSession(t);
    const res = await charge(t, session.id, m.keys.publishable);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ status: 'succeeded', sessionId: session.id });
    const s = await (await t.json('GET', `/v1/sessions/${session.id}`, undefined, bearer(m.keys.secret))).json();
    expect(s).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', paymentIntentId: body.paymentIntentId });
  });

  it('refuses card data from outside the service origin', async () => {
    const t = await testApp();
    const { m, session } = await elementsSession(t);
    const res = await charge(t, session.id, m.keys.publishable, CARD, { Origin: 'http://127.0.0.1:4244' });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('origin_forbidden');
  });

  it('refuses a card number sent as a JSON number with 400 validation_error, and logs none of it', async () => {
    const t = await testApp();
    const { m, session } = await elementsSession(t);
    const res = await charge(t, session.id, m.keys.publishable, { ...CARD, number: 4242424242424242 });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('validation_error');
    expect(body.error).toMatch(/card\.number/);
    expect(JSON.stringify(body)).not.toContain('4242424242424242');
    expect(t.logLines.join('\n')).not.toContain('4242424242424242');
  });

  it('answers 422 charge_at_submit_not_enabled for a session that is not eligible', async () => {
    const t = await testApp();
    const { m, session } = await elementsSession(t, { chargeAtSubmit: false });
    expect(session.chargeAtSubmit).toBe(false);
    const res = await charge(t, session.id, m.keys.publishable);
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('charge_at_submit_not_enabled');
  });

  it('charges one session once, even under concurrent submits', async () => {
    const t = await testApp();
    const { m, session } = await elementsSession(t);
    const results = await Promise.all([0, 1, 2, 3].map(() => charge(t, session.id, m.keys.publishable)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(t.sandbox.db.prepare("SELECT count(*) AS n FROM transactions WHERE status = 'approved'").get()).toEqual({ n: 1 });
  });

  it('re-opens a declined session while same-session retries remain, then ends failed', async () => {
    const t = await testApp();
    const { m, session } = await elementsSession(t, { sameSessionRetry: 1 });
    const decline = { ...CARD, number: '4000000000000002' };
    const first = await (await charge(t, session.id, m.keys.publishable, decline)).json();
    expect(first).toMatchObject({ status: 'failed', error: { code: 'card_declined' }, retry: { allowed: true, attempts_remaining: 1 } });
    const second = await (await charge(t, session.id, m.keys.publishable, decline)).json();
    expect(second.retry).toEqual({ allowed: false, attempts_remaining: 0 });
    const third = await charge(t, session.id, m.keys.publishable);
    expect(third.status).toBe(409);
  });

  it('hides a merchant routing rule from the browser', async () => {
    const t = await testApp();
    const { m, session } = await elementsSession(t);
    const body = await (await charge(t, session.id, m.keys.publishable, { ...CARD, number: '4000000000110033' })).json();
    expect(body.error).toMatchObject({ code: 'card_declined', decline_code: 'card_declined' });
  });

  it('never writes the card number to the log or the store', async () => {
    const t = await testApp();
    const { m, session } = await elementsSession(t);
    await charge(t, session.id, m.keys.publishable);
    const tables = ['sessions', 'payment_intents', 'events', 'idempotency'];
    const dump = [...tables.map((n) => t.store.db.prepare(`SELECT * FROM ${n}`).all()), t.sandbox.db.prepare('SELECT * FROM transactions').all()]
      .map((rows) => JSON.stringify(rows))
      .join('\n');
    expect(dump).toContain('4242'); // the last four is kept…
    expect(dump).not.toContain(CARD.number); // …the number is not
    expect(t.logLines.join('\n')).not.toContain(CARD.number);
  });
});
