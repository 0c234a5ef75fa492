import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';
import { telemetryLogFields } from '../../routes/telemetry/index.ts';

const EVENT = { event: 'element.mounted', sdk: { name: 'svcpay-node', version: '1.2.0' }, properties: { element: 'card', ms: 120, retried: false } };
const MERCHANT_PAGE = 'http://127.0.0.1:4244';

function rowCount(t: Awaited<ReturnType<typeof testApp>>): number {
  const tables = t.store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
  return tables.reduce((n, { name }) => n + (t.store.db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n, 0);
}

describe('POST /v1/sdk-telemetry', () => {
  it('accepts an event with the secret key and stores nothing', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const before = rowCount(t);
    const res = await t.json('POST', '/v1/sdk-telemetry', EVENT, bearer(keys.secret));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ received: true });
    expect(rowCount(t)).toBe(before);
    expect(t.logLines.some((l) => l.includes('element.mounted') && l.includes('svcpay-node@1.2.0'))).toBe(true);
  });

  it('refuses the publishable key', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const res = await t.json('POST', '/v1/sdk-telemetry', EVENT, bearer(keys.publishable));
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('auth_key_type_forbidden');
  });

  it('refuses unknown fields, nested values and oversized properties', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const send = (b: unknown) => t.json('POST', '/v1/sdk-telemetry', b, bearer(keys.secret));
    expect((await (await send({ ...EVENT, card: {} })).json()).code).toBe('validation_unknown_field');
    expect((await send({ ...EVENT, properties: { form: { number: '4242' } } })).status).toBe(400);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    expect((await send({ ...EVENT, properties: many })).status).toBe(400);
    const big = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, 'x'.repeat(200)]));
    expect((await send({ ...EVENT, properties: big })).status).toBe(400);
    expect((await send({ sdk: EVENT.sdk })).status).toBe(400);
  });

  it('never logs a card number sent in a property', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const res = await t.json('POST', '/v1/sdk-telemetry', { ...EVENT, properties: { note: 'card 4242 4242 4242 4242', n: 4000000000000002 } }, bearer(keys.secret));
    expect(res.status).toBe(202);
    const log = t.logLines.join('\n');
    expect(log).not.toMatch(/4242 4242 4242 4242|4000000000000002/);
  });
});

describe('telemetryLogFields', () => {
  it('masks card-like digits in keys, string values and number values itself', () => {
    const fields = telemetryLogFields('sdk', { ...EVENT, properties: { '4242424242424242': 'x', pan: '4000 0000 0000 0002', n: 5555555555554444, ok: 7 } });
    const text = JSON.stringify(fields);
    expect(text).not.toMatch(/4242424242424242|4000 0000 0000 0002|5555555555554444/);
    expect(fields.properties.ok).toBe(7);
  });
});

describe('POST /v1/public/telemetry/browser', () => {
  it('accepts an event with the publishable key from a merchant page, with CORS', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const res = await t.json('POST', '/v1/public/telemetry/browser', EVENT, { ...bearer(keys.publishable), Origin: MERCHANT_PAGE });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ received: true });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers the CORS preflight', async () => {
    const t = await testApp();
    const res = await t.app.request('/v1/public/telemetry/browser', {
      method: 'OPTIONS',
      headers: { Origin: MERCHANT_PAGE, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('refuses the secret key and a missing key', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const secret = await t.json('POST', '/v1/public/telemetry/browser', EVENT, { ...bearer(keys.secret), Origin: SERVICE });
    expect(secret.status).toBe(403);
    const none = await t.json('POST', '/v1/public/telemetry/browser', EVENT);
    expect((await none.json()).code).toBe('auth_missing_bearer_publishable');
  });
});
