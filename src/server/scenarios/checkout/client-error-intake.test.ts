/**
 * Issue 32, finding 6: client-error intake has a cap over every address, and card numbers written
 * in any script's digits are masked before a report is stored or logged.
 */
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing.ts';
import { origin } from './fixtures.ts';
import { CLIENT_ERRORS_PER_DAY } from '../../routes/checkout/index.ts';

const send = (t: Awaited<ReturnType<typeof testApp>>, ip: string, message = 'fields failed to mount') => t.json('POST', '/api/checkout/client-error', { message }, origin, ip);

describe('client-error intake over every address', () => {
  it('stores 120 reports a minute from all addresses together, answers the next 429 in its own shape and stores nothing', async () => {
    const t = await testApp();
    // Two reports from each of 60 addresses: no address comes near its own 60.
    for (let i = 0; i < 120; i++) expect((await send(t, `198.51.100.${i % 60}`)).status).toBe(200);
    const over = await send(t, '203.0.113.1');
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ ok: false, error: expect.stringMatching(/too many/i) });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await t.count('client_errors')).toBe(120);
    // A minute later the bucket has room again.
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 61 });
    expect((await send(t, '203.0.113.1')).status).toBe(200);
  });

  it(`stores at most ${CLIENT_ERRORS_PER_DAY} reports in 24 hours, then refuses until the oldest is a day old`, async () => {
    const t = await testApp();
    const at = t.deps.clock.iso();
    await t.deps.store.tx(async (r) => {
      for (let i = 0; i < CLIENT_ERRORS_PER_DAY; i++) await r.clientErrors.insert(null, 'earlier', {}, at);
    });
    const over = await send(t, '203.0.113.2');
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ ok: false, error: expect.stringMatching(/too many/i) });
    expect(await t.count('client_errors')).toBe(CLIENT_ERRORS_PER_DAY);
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 24 * 3600 + 1 });
    expect((await send(t, '203.0.113.2')).status).toBe(200);
  });
});

describe('client-error reports never keep a card number in any digits', () => {
  it.each(['４２４２ ４２４２ ４２４２ ４２４２', '٤٢٤٢-٤٢٤٢-٤٢٤٢-٤٢٤٢', '४२४२४२४२४२४२४२४२', '4２٤2 ४२42 ４٢४2 4242', '𝟒𝟐𝟒𝟐－𝟒𝟐𝟒𝟐－𝟒𝟐𝟒𝟐－𝟒𝟐𝟒𝟐'])(
    'masks %s in the message and the context, in the store and the log',
    async (shape) => {
      const t = await testApp();
      const res = await t.json('POST', '/api/checkout/client-error', { message: `mount failed for ${shape}`, context: { note: shape, list: [shape] } }, origin);
      expect(res.status).toBe(200);
      const stored = JSON.stringify(await t.query('SELECT message, context FROM client_errors'));
      const logged = t.logLines.filter((l) => l.includes(' client error ')).join('\n');
      for (const out of [stored, logged]) {
        expect(out).not.toMatch(/(?![0-9])\p{Nd}/u);
        expect(out).toContain('[redacted]');
      }
    },
  );
});
