import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';
import { verifyRedirect } from '../../../../embed/webhooks/index.ts';
import { DECLINE, hostedSession, origin, payOnProcessor } from './fixtures.ts';

describe('hosted checkout: init and complete', () => {
  it('refuses calls from any other origin with origin_forbidden', async () => {
    const t = await testApp();
    const { session } = await hostedSession(t);
    const callers: Record<string, string>[] = [{}, { Origin: 'http://127.0.0.1:4244' }];
    for (const headers of callers) {
      const res = await t.json('POST', '/api/checkout/init', { sessionId: session.id }, headers);
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('origin_forbidden');
    }
  });

  it('moves the session to processing on init and to succeeded on an approved complete', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t);
    const tx = await payOnProcessor(t, session.id);
    const read = async () => (await t.json('GET', `/v1/sessions/${session.id}`, undefined, bearer(m.keys.secret))).json();
    expect((await read()).status).toBe('processing');
    const done = await (await t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: tx.id }, origin)).json();
    expect(done.status).toBe('succeeded');
    expect(done.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:4244\/success\?session_id=vp_cs_test_\w+&amount=1000&currency=USD&payment_status=paid&issued_at=\d{10}&svcpay_signature=[0-9a-f]{64}$/);
    expect(verifyRedirect(done.redirectUrl, m.keys.secret)).toEqual({ sessionId: session.id, amount: 1000, currency: 'USD', paymentStatus: 'paid', issuedAt: expect.any(Number) });
    expect(Math.abs(verifyRedirect(done.redirectUrl, m.keys.secret).issuedAt - Date.now() / 1000)).toBeLessThan(60);
    const s = await read();
    expect(s).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', transactionId: tx.id, vp_tx_count: 1 });
    expect(s.paymentIntentId).toMatch(/^vpi_test_/);
    expect(s.vp_tx_id).toMatch(/^vp_tx_test_/);
  });

  it('signs the success redirect for the merchant alone: its secret key verifies it, another merchant\'s does not, and after a key rotation the new key does', async () => {
    const t = await testApp();
    const other = await t.merchant();
    const { m, session } = await hostedSession(t, { captureMethod: 'manual', amount: 1999, currency: 'eur' });
    const tx = await payOnProcessor(t, session.id);
    const done = await (await t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: tx.id }, origin)).json();
    expect(verifyRedirect(done.redirectUrl, m.keys.secret)).toEqual({ sessionId: session.id, amount: 1999, currency: 'EUR', paymentStatus: 'held', issuedAt: expect.any(Number) });
    // The held return is good for the merchant's limit only: a link kept past it (after a void, say) no longer verifies.
    const later = new URL(done.redirectUrl);
    expect(() => verifyRedirect(later, m.keys.secret, { maxAgeSeconds: -1 })).toThrow(/too old/);
    expect(() => verifyRedirect(done.redirectUrl, other.keys.secret)).toThrow(/not a svcpay success redirect signed for this secret key/);
    expect(() => verifyRedirect(done.redirectUrl, m.keys.publishable)).toThrow();
    const rotated = await (await t.json('POST', `/_sandbox/merchants/${m.merchant.id}/rotate_keys`, {})).json();
    const { session: next } = await hostedSession({ ...t, merchant: async () => ({ ...m, keys: rotated.keys }) } as typeof t, { amount: 500 });
    const done2 = await (await t.json('POST', '/api/checkout/complete', { sessionId: next.id, transactionId: (await payOnProcessor(t, next.id)).id }, origin)).json();
    expect(() => verifyRedirect(done2.redirectUrl, m.keys.secret)).toThrow();
    expect(verifyRedirect(done2.redirectUrl, [m.keys.secret, rotated.keys.secret])).toMatchObject({ sessionId: next.id, amount: 500 });
  });

  it('signs the whole return, the merchant\'s own path and query included: changing, adding or moving any of it breaks the signature (issue 32, finding 10d)', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t, { successUrl: 'http://127.0.0.1:4244/orders/7/thanks?order=7&plan=basic' });
    const done = await (await t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: (await payOnProcessor(t, session.id)).id }, origin)).json();
    const back = new URL(done.redirectUrl);
    expect(back.pathname).toBe('/orders/7/thanks');
    expect(verifyRedirect(done.redirectUrl, m.keys.secret)).toMatchObject({ sessionId: session.id, amount: 1000 });
    // What a merchant's server sees of it (Express's req.originalUrl): the path and the query.
    expect(verifyRedirect(`${back.pathname}${back.search}`, m.keys.secret)).toMatchObject({ sessionId: session.id });
    const tampered: Array<(u: URL) => void> = [
      (u) => u.searchParams.set('plan', 'gold'),
      (u) => u.searchParams.set('order', '8'),
      (u) => u.searchParams.append('coupon', 'FREE'),
      (u) => u.searchParams.delete('plan'),
      (u) => (u.pathname = '/orders/8/thanks'),
    ];
    for (const change of tampered) {
      const u = new URL(done.redirectUrl);
      change(u);
      expect(() => verifyRedirect(u, m.keys.secret), String(change)).toThrow(/not a svcpay success redirect/);
    }
  });

  it('records a decline as failed with a buyer-safe message, then lets the buyer pay on the same session', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t);
    const declined = await payOnProcessor(t, session.id, DECLINE);
    const res = await (await t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: declined.id }, origin)).json();
    expect(res).toMatchObject({ status: 'failed', redirectUrl: null, error: { code: 'card_declined', decline_code: 'card_declined' } });
    expect(res.error.message).toMatch(/declined/i);
    const failed = await (await t.json('GET', `/v1/sessions/${session.id}`, undefined, bearer(m.keys.secret))).json();
    expect(failed).toMatchObject({ status: 'failed', paymentStatus: 'unpaid', last_payment_error: { code: 'card_declined', decline_code: 'card_declined' } });

    const approved = await payOnProcessor(t, session.id);
    const ok = await (await t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: approved.id }, origin)).json();
    expect(ok.status).toBe('succeeded');
  });

  it('settles once: a repeated complete answers the same outcome and records one payment', async () => {
    const t = await testApp();
    const { session } = await hostedSession(t);
    const tx = await payOnProcessor(t, session.id);
    const body = { sessionId: session.id, transactionId: tx.id };
    const [a, b] = await Promise.all([t.json('POST', '/api/checkout/complete', body, origin), t.json('POST', '/api/checkout/complete', body, origin)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await t.query('SELECT count(*) AS n FROM payment_intents'))[0]).toEqual({ n: 1 });
    expect((await t.store.read.events.forSession(session.id)).filter((e) => e.type === 'charge.succeeded')).toHaveLength(1);
  });

  it('refuses a transaction the processor does not know, or one of another session', async () => {
    const t = await testApp();
    const { session } = await hostedSession(t);
    const other = (await hostedSession(t)).session;
    const unknown = await t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: 'sbx_txn_nope' }, origin);
    expect(unknown.status).toBe(403);
    expect((await unknown.json()).code).toBe('transaction_verification_failed');
    const tx = await payOnProcessor(t, other.id);
    const crossed = await t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: tx.id }, origin);
    expect(crossed.status).toBe(403);
  });

  it('answers 409 after success, 410 once expired, 404 for an unknown session', async () => {
    const t = await testApp();
    const { session } = await hostedSession(t);
    const tx = await payOnProcessor(t, session.id);
    await t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: tx.id }, origin);
    expect((await t.json('POST', '/api/checkout/init', { sessionId: session.id }, origin)).status).toBe(409);

    const late = (await hostedSession(t, { expiresIn: 300 })).session;
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 301 });
    const expired = await t.json('POST', '/api/checkout/init', { sessionId: late.id }, origin);
    expect(expired.status).toBe(410);
    expect((await expired.json()).code).toBe('session_expired');
    expect((await t.json('POST', '/api/checkout/init', { sessionId: 'vp_cs_test_missing' }, origin)).status).toBe(404);
  });

  it('caps the client-error body at 4 KB', async () => {
    const t = await testApp();
    const big = await t.json('POST', '/api/checkout/client-error', { message: 'x'.repeat(5000) }, origin);
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ ok: false });
  });
});

describe('client-error reports are limited and kept 30 days (issue 18, finding 7)', () => {
  it('takes 60 reports a minute from one address, answers the 61st 429 in its own shape, and counts other addresses apart', async () => {
    const t = await testApp();
    const send = (ip: string, headers: Record<string, string> = origin) => t.json('POST', '/api/checkout/client-error', { message: 'fields failed to mount' }, headers, ip);
    // Refused by the origin check, still counted.
    for (let i = 0; i < 10; i++) expect((await send('198.51.100.20', {})).status).toBe(403);
    for (let i = 0; i < 50; i++) expect((await send('198.51.100.20')).status).toBe(200);
    const over = await send('198.51.100.20');
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ ok: false, error: expect.stringMatching(/too many/i) });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await send('198.51.100.21')).status).toBe(200);
    expect((await t.count('client_errors'))).toBe(51);
  });

  it('forgets reports older than 30 days of service clock', async () => {
    const t = await testApp();
    expect((await t.json('POST', '/api/checkout/client-error', { message: 'old' }, origin)).status).toBe(200);
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 29 * 86400 });
    expect((await t.json('POST', '/api/checkout/client-error', { message: 'recent' }, origin)).status).toBe(200);
    expect((await t.count('client_errors'))).toBe(2);
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 2 * 86400 });
    expect(((await t.query('SELECT message FROM client_errors')) as { message: string }[]).map((r) => r.message)).toEqual(['recent']);
  });
});

describe('client-error reports never keep card data', () => {
  const report = async (t: Awaited<ReturnType<typeof testApp>>, body: Record<string, unknown>) => {
    const res = await t.json('POST', '/api/checkout/client-error', body, origin);
    expect(res.status).toBe(200);
    const stored = (await t.query('SELECT message, context FROM client_errors')) as { message: string; context: string }[];
    const logged = t.logLines.filter((l) => l.includes(' client error ')).map((l) => l.slice(l.indexOf(' ') + 1));
    expect(logged).toHaveLength(stored.length);
    return { stored: JSON.stringify(stored), logged: logged.join('\n') };
  };
  const digitsOf = (s: string) => s.replace(/\D/g, '');

  it.each([
    '4242 4242 4242 4242',
    '4242.4242.4242.4242',
    '4242-4242_4242/4242',
    '4242 - 4242 . 4242',
    'abc4242424242424242xyz',
    'card4242424242424242',
    '{"n":4242424242424242}',
    '{"pan":"4242424242424242"}',
    '4242\n4242\n4242\n4242',
  ])('masks %j in the message and the context, in the store and the log', async (shape) => {
    const t = await testApp();
    const { stored, logged } = await report(t, {
      message: `mount failed for ${shape}`,
      context: { code: 'x', note: shape, nested: { list: [shape, { deeper: shape }] }, asNumber: 4242424242424242, split: ['4242', '4242', '4242', '4242'] },
    });
    for (const out of [stored, logged]) {
      expect(digitsOf(out)).not.toContain('424242');
      expect(out).toContain('[redacted]');
    }
    expect(stored).toContain('"code\\":\\"x\\"');
  });

  it.each(['cvc', 'cvv', 'cvc2', 'cvv2', 'csc', 'cid', 'securityCode', 'security_code', 'card_code', 'cardCode', 'CVV', 'number', 'pan', 'cardNumber'])(
    'drops anything under %j in the context and masks it in the message',
    async (key) => {
      const t = await testApp();
      const { stored, logged } = await report(t, {
        message: `validation: ${key}: 4821, {"${key}":"4821"}`,
        context: { [key]: '4821', card: { [key]: 4821 }, list: [{ [key]: ['4821'] }], deep: { a: { [key]: { v: '4821' } } } },
      });
      expect(stored).not.toContain('4821');
      expect(logged).not.toContain('4821');
    },
  );

  it('keeps ordinary content: session ids, timestamps and short numbers', async () => {
    const t = await testApp();
    const { session } = await hostedSession(t);
    const at = '2026-04-14T10:20:30.456Z';
    const { stored, logged } = await report(t, { sessionId: session.id, message: `frame timeout after 3000 ms at ${at}`, context: { at, attempt: 2, sessionId: session.id } });
    expect(stored).toContain(at);
    expect(stored).toContain(session.id);
    expect(stored).toContain('"attempt\\":2');
    expect(logged).toContain(session.id);
    expect(logged).toContain(`3000 ms at ${at}`);
    expect(stored + logged).not.toContain('[redacted]');
  });
});
