/**
 * What a session payment leaves for the merchant, as Documents 1 and 2 describe it (issue 35,
 * states and events): the intent of a session payment records `three_d_secure` as a direct intent
 * does, `session.failed` carries the session's metadata like the other session events, and
 * `last_payment_error.code` tells a card decline (`card_declined`) from a payment that failed
 * without one (`payment_failed`).
 */
import { describe, expect, it } from 'vitest';
import type { Processor, ProcessorTransaction } from '../../processors/types.ts';
import { CARD, INSUFFICIENT, bearer, session, testApp } from './payments.fixtures.ts';

const FRICTIONLESS = { ...CARD, number: '4000000000110124' };

describe('a session payment', () => {
  it('records three_d_secure on its intent, as a direct intent does', async () => {
    const t = await testApp();
    const s = await session(t);
    const answer = await (await s.charge(FRICTIONLESS)).json();
    expect(answer.status).toBe('succeeded');
    const intent = await (await t.json('GET', `/v1/payment_intents/${answer.paymentIntentId}`, undefined, bearer(s.m.keys.secret))).json();
    expect(intent).toMatchObject({ status: 'succeeded', three_d_secure: { outcome: 'authenticated', version: expect.any(String), eci: expect.any(String) } });
  });

  it('session.failed carries the session metadata, as the charge events do', async () => {
    const t = await testApp();
    const s = await session(t, { metadata: { order_id: 'A-42' } });
    expect((await (await s.charge(INSUFFICIENT)).json()).status).toBe('failed');
    const events = await t.store.read.events.forSession(s.id);
    expect(events.map((e) => e.type)).toContain('session.failed');
    for (const e of events) expect(e.data, e.type).toMatchObject({ metadata: { order_id: 'A-42' } });
  });
});

describe('last_payment_error.code', () => {
  it('card_declined for a decline', async () => {
    const t = await testApp();
    const s = await session(t, {}, { sameSessionRetry: 2 });
    await s.charge(INSUFFICIENT);
    expect(await s.read()).toMatchObject({ status: 'pending', last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' } });
  });

  it('payment_failed for a payment that failed without a decline (the processor approved another amount)', async () => {
    const t = await testApp();
    const s = await session(t, {}, { sameSessionRetry: 2 });
    const p = t.processor as Processor;
    const charge = p.charge.bind(p);
    p.charge = async (...args) => {
      const tx: ProcessorTransaction = await charge(...args);
      return { ...tx, amount: tx.amount - 1000, capturedAmount: tx.capturedAmount && tx.capturedAmount - 1000 };
    };
    await s.charge(CARD);
    expect(await s.read()).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', last_payment_error: { code: 'payment_failed', decline_code: 'processing_error' } });
  });
});
