/**
 * Inbound provider webhooks (Doc 1, Authentication 8; Doc 3, Webhooks): only the gateway's own
 * signature over the exact body, with a fresh `t`, gets an event applied.
 */
import { describe, expect, it } from 'vitest';
import { drainInbound } from '../../engine/webhooks/inbound-events.ts';
import { testApp } from '../../testing.ts';
import { SIGNATURE_HEADER, signatureHeader } from '../../../platform/signature.ts';

async function setup() {
  const t = await testApp();
  const post = (body: string, headers: Record<string, string>, gateway = 'sandbox') =>
    t.app.request(`/api/webhooks/${gateway}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
  const signed = (body: string, secret = t.deps.providerWebhookSecret, at = Math.floor(Date.now() / 1000)) => ({ [SIGNATURE_HEADER]: signatureHeader([secret], body, at) });
  return { t, post, signed };
}

const event = JSON.stringify({
  id: 'sbx_evt_1',
  type: 'dispute.created',
  transaction: {
    id: 'sbx_txn_unknown', status: 'approved', declineCode: null, ruleCode: null, amount: 100, currency: 'USD', sessionId: null, merchantId: 'nobody',
    card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 }, avsResult: null, cvvResult: null, reference: null, capture: 'settled', capturedAmount: 100,
    settlesAt: null, challengeUrl: null, threeDSecure: null, dispute: null, createdAt: '2026-01-01T00:00:00.000Z', livemode: false,
  },
});

describe('POST /api/webhooks/{gatewayId}', () => {
  it('refuses a missing or wrong signature with 401, and a gateway without a secret with 503', async () => {
    const { t, post, signed } = await setup();
    const missing = await post(event, {});
    expect([missing.status, (await missing.json()).code]).toEqual([401, 'webhook_missing_signature']);
    const wrong = await post(event, signed(event, 'whsec_not_the_gateways'));
    expect([wrong.status, (await wrong.json()).code]).toEqual([401, 'webhook_invalid_signature']);
    const tampered = await post(event.replace('"amount":100', '"amount":999'), signed(event));
    expect([tampered.status, (await tampered.json()).code]).toEqual([401, 'webhook_invalid_signature']);
    const stale = await post(event, signed(event, undefined, Math.floor(Date.now() / 1000) - 301));
    expect([stale.status, (await stale.json()).code]).toEqual([401, 'webhook_invalid_signature']);
    const unknown = await post(event, signed(event), 'vp_gw_nothing');
    expect([unknown.status, (await unknown.json()).code]).toEqual([503, 'webhook_not_configured']);
    expect((await t.count('inbound_events'))).toBe(0);
  });

  it('answers a signed event it cannot place with 200 and applies nothing, and a signed body that is no event with 400', async () => {
    const { t, post, signed } = await setup();
    const res = await post(event, signed(event));
    expect([res.status, await res.json()]).toEqual([200, { received: true, duplicate: false }]);
    await drainInbound(t.deps);
    expect((await t.query('SELECT state FROM inbound_events'))).toEqual([{ state: 'ignored' }]);
    expect((await t.count('events'))).toBe(0);
    const junk = JSON.stringify({ id: 'x', type: 'nothing' });
    expect((await post(junk, signed(junk))).status).toBe(400);
    // Refused events are not kept.
    expect((await t.count('inbound_events'))).toBe(1);
  });

  it('takes each provider’s events in the format it posts them, with a Content-Length as every HTTP client sends: a form for Braintree, JSON for the rest', async () => {
    const { t } = await setup();
    const send = (gateway: string, type: string, body: string) =>
      t.app.request(`/api/webhooks/${gateway}`, { method: 'POST', headers: { 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)) }, body });
    const form = new URLSearchParams({ bt_payload: 'x' }).toString();
    // Braintree posts `bt_signature` and `bt_payload` as a form: checked (here, refused as unsigned), never 415.
    const braintree = await send('braintree', 'application/x-www-form-urlencoded', form);
    expect([braintree.status, (await braintree.json()).code]).toEqual([401, 'webhook_missing_signature']);
    for (const [gateway, type, body] of [['braintree', 'application/json', event], ['sandbox', 'application/x-www-form-urlencoded', form], ['stripe', 'text/plain', event]] as const) {
      const res = await send(gateway, type, body);
      expect([gateway, res.status, (await res.json()).code]).toEqual([gateway, 415, 'unsupported_media_type']);
    }
  });
});
