import { describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';

describe('JSON content type', () => {
  it('refuses a body that is not declared JSON with 415 and creates nothing', async () => {
    const { app, merchant, count } = await testApp();
    const { keys } = await merchant();
    const res = await app.request('/v1/sessions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...bearer(keys.secret) },
      body: 'amount=100&currency=usd',
    });
    expect(res.status).toBe(415);
    expect((await res.json()).code).toBe('unsupported_media_type');
    expect(await count('sessions')).toBe(0);
  });

  it('refuses a body with no Content-Type at all', async () => {
    const { app, merchant } = await testApp();
    const { keys } = await merchant();
    const res = await app.request('/v1/sessions', { method: 'POST', headers: bearer(keys.secret), body: new TextEncoder().encode('{"amount":100}') });
    expect(res.status).toBe(415);
  });

  // The control API asks for JSON even on an empty body (control.test.ts); merchant routes do not.
  it('reads a bodiless POST without a Content-Type as an empty body, never 415', async () => {
    const { app, merchant } = await testApp();
    const { keys } = await merchant();
    const res = await app.request('/v1/sessions', { method: 'POST', headers: bearer(keys.secret) });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('validation_invalid_amount');
  });

  it('accepts application/json with a charset', async () => {
    const { app, merchant } = await testApp();
    const { keys } = await merchant();
    const res = await app.request('/v1/sessions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', ...bearer(keys.secret) },
      body: JSON.stringify({ amount: 100, currency: 'usd' }),
    });
    expect(res.status).toBe(201);
  });
});
