/**
 * The money half of the Prism traffic (issue 35): what a merchant's server and the service's own
 * pages do with good inputs. A hosted payment (session, init, the sandbox processor's fields page
 * paying, buyer details, complete), charge at submit and public tokens from the frames, a vaulted
 * test card charged by a payment intent, captured in part, refunded, voided, replayed under the same
 * Idempotency-Key, declined, challenged, and the processor down or losing its answer.
 */
import { futureExpiry } from '../../src/card/test-cards.ts';
import type { Driver } from './prism-driver.ts';
import type { Keys } from './prism-sweep.ts';

const expiry = futureExpiry();
export const card = (number: string) => ({ number, expMonth: expiry.month, expYear: expiry.year, cvc: '123', postalCode: '12345' });
const SHOP = 'http://127.0.0.1:4244';

export interface World {
  d: Driver;
  keys: Keys;
  /** The service's public origin, which its own pages and frames send as Origin. */
  origin: string;
  processorUrl: string;
  /** The Stripe stand-in's API (a card_element buyer's browser confirms there). */
  stripeUrl: string;
  merchantId: string;
}

let counter = 0;
export const idem = (what: string) => ({ 'Idempotency-Key': `prism-${what}-${process.pid}-${++counter}` });

export async function session(w: World, body: Record<string, unknown>, label: string): Promise<any> {
  const res = await w.d.call('POST', '/v1/sessions', { key: w.keys.secret, body: { amount: 1000, currency: 'usd', successUrl: `${SHOP}/success`, ...body }, headers: idem('session'), label });
  if (!res.json?.id) throw new Error(`session create (${label}): ${res.status} ${res.text.slice(0, 300)}`);
  return res.json;
}

/** The hosted page: init, the processor's fields page pays, buyer details, complete. */
export async function hostedPayment(w: World, extra: Record<string, unknown> = {}, number = '4242424242424242', label = 'hosted payment'): Promise<any> {
  const { d, origin } = w;
  const s = await session(w, extra, `${label}: session`);
  const headers = { Origin: origin };
  const init = await d.call('POST', '/api/checkout/init', { body: { sessionId: s.id }, headers, label: `${label}: init` });
  await d.call('POST', '/api/checkout/buyer-details', { body: { sessionId: s.id, buyer: { email: 'ada@example.com', name: 'Ada Lovelace' } }, headers, label: `${label}: buyer details` });
  const paid = await d.direct('POST', `${w.processorUrl}/v1/charges`, { body: { token: init.json?.token, card: card(number) } });
  const tx = paid.json?.transactionId as string | undefined;
  await d.call('POST', '/api/checkout/complete', { body: { sessionId: s.id, transactionId: tx ?? 'tx_missing' }, headers, label: `${label}: complete` });
  await d.call('POST', '/api/checkout/complete', { body: { sessionId: s.id, transactionId: tx ?? 'tx_missing' }, headers, label: `${label}: complete again` });
  const read = await d.call('GET', `/v1/sessions/${s.id}`, { key: w.keys.secret, label: `${label}: read session` });
  return read.json;
}

/** Capture, refunds and their reads on one intent. */
async function captureAndRefund(w: World, intentId: string, label: string): Promise<void> {
  const { d, keys } = w;
  const sk = keys.secret;
  await d.call('POST', `/v1/payment_intents/${intentId}/capture`, { key: sk, body: { amount_to_capture: 600 }, label: `${label}: partial capture` });
  await d.call('POST', `/v1/payment_intents/${intentId}/capture`, { key: sk, body: {}, label: `${label}: capture again` });
  await d.call('POST', `/v1/payment_intents/${intentId}/void`, { key: sk, label: `${label}: void after capture` });
  const h = idem('refund');
  await d.call('POST', '/v1/refunds', { key: sk, body: { payment_intent: intentId, amount: 100, reason: 'requested_by_customer' }, headers: h, label: `${label}: partial refund` });
  await d.call('POST', '/v1/refunds', { key: sk, body: { payment_intent: intentId, amount: 100, reason: 'requested_by_customer' }, headers: h, label: `${label}: refund replayed` });
  await d.call('POST', '/v1/refunds', { key: sk, body: { payment_intent: intentId, amount: 200 }, headers: h, label: `${label}: same key, other body` });
  await d.call('POST', '/v1/refunds', { key: sk, body: { payment_intent: intentId, amount: 999_999 }, headers: idem('refund'), label: `${label}: refund above the capture` });
  await d.call('POST', '/v1/refunds', { key: sk, body: { payment_intent: intentId, amount: 100, currency: 'eur' }, headers: idem('refund'), label: `${label}: refund in another currency` });
  await d.call('GET', `/v1/refunds?payment_intent=${intentId}`, { key: sk, label: `${label}: list refunds` });
  await d.call('GET', `/v1/payment_intents/${intentId}`, { key: sk, label: `${label}: read intent` });
  await d.call('GET', `/v1/payment_intents/${intentId}/mirror-order`, { key: sk, label: `${label}: mirror order of a plain intent` });
}

export async function money(w: World): Promise<void> {
  const { d, keys } = w;
  const sk = keys.secret;
  const headers = { Origin: w.origin };

  // 1. The hosted page, automatic and manual capture, approved and declined.
  await hostedPayment(w);
  const held = await hostedPayment(w, { captureMethod: 'manual', buyer: { externalId: 'prism_buyer_1', email: 'ada@example.com' } });
  if (held?.paymentIntentId) await captureAndRefund(w, held.paymentIntentId, 'hosted manual');
  await hostedPayment(w, {}, '4000000000000002');
  const cancelled = await session(w, {}, 'hosted cancel: session');
  await d.call('POST', '/api/checkout/init', { body: { sessionId: cancelled.id }, headers, label: 'hosted cancel: init' });
  await d.call('POST', '/api/checkout/complete', { body: { sessionId: cancelled.id, transactionId: 'none', cancel: true }, headers, label: 'hosted cancel: complete with cancel' });
  await d.call('POST', '/api/checkout/client-error', { body: { sessionId: cancelled.id, message: 'TypeError: x is undefined', context: { where: 'pay button' } }, headers, label: 'hosted: client error report' });

  // 2. Charge at submit and public tokens from the service's frames.
  const elements = await session(w, { integrationMode: 'elements', chargeAtSubmit: true, amount: 2500 }, 'charge at submit: session');
  const pk = keys.publishable;
  const pub = (method: string, path: string, body: unknown, label: string) => d.call(method, path, { key: pk, body, headers, label });
  await pub('GET', `/v1/public/sessions/${elements.id}`, undefined, 'public: read session');
  await pub('POST', '/v1/public/binder-load', {}, 'public: binder load');
  await pub('POST', `/v1/public/sessions/${elements.id}/charge`, { card: card('4000000000000002') }, 'charge at submit: declined');
  await pub('POST', `/v1/public/sessions/${elements.id}/charge`, { card: card('4000000000003220'), pageOrigin: SHOP }, 'charge at submit: bank challenge');
  await pub('POST', `/v1/public/sessions/${elements.id}/complete`, { cancel: true }, 'charge at submit: challenge closed');
  const chargeKey = idem('charge');
  for (const again of ['', ', replayed']) {
    await d.call('POST', `/v1/public/sessions/${elements.id}/charge`, { key: pk, body: { card: card('4242424242424242'), expected_amount: 2500 }, headers: { ...headers, ...chargeKey }, label: `charge at submit: approved${again}` });
  }
  await pub('POST', `/v1/public/sessions/${elements.id}/complete`, {}, 'charge at submit: complete');
  await pub('GET', `/v1/public/sessions/${elements.id}/mirror-order`, undefined, 'public: mirror order');
  const wallet = await session(w, { integrationMode: 'elements', chargeAtSubmit: true }, 'wallet: session');
  await pub('POST', '/v1/public/wallets/google-session', { sessionId: wallet.id }, 'wallet: google session');
  await pub('POST', '/v1/public/wallets/apple-session', { sessionId: wallet.id, validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession', domain: 'shop.example.com' }, 'wallet: apple session, unregistered domain');
  await pub('POST', `/v1/public/sessions/${wallet.id}/charge`, { wallet: { type: 'google_pay', token: 'tok_sandbox_visa_4242' } }, 'wallet: google pay charge');
  const tokens = await session(w, { integrationMode: 'elements', setupForFutureUse: 'on_session', buyer: { externalId: 'prism_buyer_2' } }, 'public tokens: session');
  const tokenKey = idem('public-token');
  for (const again of ['', ', replayed']) {
    await d.call('POST', '/v1/public/tokens', { key: pk, body: { sessionId: tokens.id, card: card('4242424242424242') }, headers: { ...headers, ...tokenKey }, label: `public tokens: vault a card${again}` });
  }
  await pub('POST', '/v1/public/tokens', { sessionId: tokens.id, card: card('4000000000000002') }, 'public tokens: declined card');
  const embed = await session(w, { integrationMode: 'embed' }, 'embed: session');
  await pub('GET', `/v1/public/sessions/${embed.id}/embed-token`, undefined, 'embed: token');
  await pub('POST', `/v1/public/sessions/${embed.id}/complete`, { transactionId: 'tx_unknown' }, 'embed: complete with an unknown transaction');

  // 3. From the merchant's server: a vaulted test card, charged, captured, refunded, voided.
  const tok = await d.call('POST', '/v1/tokens', { key: sk, body: { provider_reference: 'tok_sandbox_visa_4242', buyer_id: 'prism_buyer_3', setup_for_future_use: 'off_session', currency: 'usd' }, headers: idem('token'), label: 'tokens: vault' });
  const pmt = tok.json?.id as string;
  await d.call('PATCH', `/v1/tokens/${pmt}`, { key: sk, body: { billing_address: { address_line1: '1 Main St', city: 'Springfield', postal_code: '12345', country: 'US' } }, label: 'tokens: billing address' });
  await d.call('PATCH', `/v1/tokens/${pmt}`, { key: sk, body: { billing_address: null }, label: 'tokens: clear billing address' });
  await d.call('GET', '/v1/payment_methods?buyer_id=prism_buyer_3', { key: sk, label: 'payment methods: list' });
  await d.call('GET', '/v1/payment_methods?buyer_id=prism_buyer_3&limit=1000', { key: sk, label: 'payment methods: limit too high' });
  const intent = (body: Record<string, unknown>, label: string, h = idem('intent')) => d.call('POST', '/v1/payment_intents', { key: sk, body: { amount: 1000, currency: 'usd', ...body }, headers: h, label });
  const replay = idem('intent');
  const manual = await intent({ capture_method: 'manual', payment_method: { id: pmt }, metadata: { order_id: '1001' } }, 'intent: manual', replay);
  await intent({ capture_method: 'manual', payment_method: { id: pmt }, metadata: { order_id: '1001' } }, 'intent: replayed', replay);
  await intent({ amount: 2000, payment_method: { id: pmt } }, 'intent: same key, other body', replay);
  if (manual.json?.id) await captureAndRefund(w, manual.json.id, 'intent manual');
  // Two at once under one key: the second finds the first still running (or replays it).
  const twice = idem('intent');
  await Promise.all([1, 2].map(() => intent({ payment_method: { id: pmt } }, 'intent: the same key twice at once', twice)));
  // Document 1: a body's `sandbox` or `mode` is ignored (and not in the contract).
  await intent({ payment_method: { id: pmt }, sandbox: true, mode: 'test' }, 'intent: with sandbox and mode');
  const auto = await intent({ payment_method: { id: pmt } }, 'intent: automatic capture');
  if (auto.json?.id) await d.call('POST', '/v1/refunds', { key: sk, body: { payment_intent: auto.json.id }, headers: idem('refund'), label: 'intent automatic: full refund' });
  const voided = await intent({ capture_method: 'manual', payment_method: { id: pmt } }, 'intent: to void');
  if (voided.json?.id) {
    await d.call('POST', `/v1/payment_intents/${voided.json.id}/void`, { key: sk, label: 'intent: void' });
    await d.call('POST', `/v1/payment_intents/${voided.json.id}/capture`, { key: sk, body: {}, label: 'intent: capture after void' });
    await d.call('POST', '/v1/refunds', { key: sk, body: { payment_intent: voided.json.id }, headers: idem('refund'), label: 'intent: refund a voided intent' });
  }
  for (const [ref, what] of [
    ['tok_sandbox_visa_0002', 'declined'],
    ['tok_sandbox_visa_9995', 'insufficient funds'],
    ['tok_sandbox_visa_0108', 'processor down'],
    ['tok_sandbox_visa_0090', 'answer lost'],
  ] as const) {
    const t = await d.call('POST', '/v1/tokens', { key: sk, body: { provider_reference: ref, buyer_id: 'prism_buyer_3', currency: 'usd' }, headers: idem('token'), label: `tokens: vault ${what}` });
    if (t.json?.id) await intent({ payment_method: { id: t.json.id } }, `intent: ${what}`);
  }
  const challenge = await d.call('POST', '/v1/tokens', { key: sk, body: { provider_reference: 'tok_sandbox_visa_3220', buyer_id: 'prism_buyer_3', currency: 'usd' }, headers: idem('token'), label: 'tokens: vault bank challenge' });
  if (challenge.json?.id) await intent({ payment_method: { id: challenge.json.id }, return_url: `${SHOP}/back` }, 'intent: bank challenge');
  await intent({ payment_method: { id: pmt }, session_id: 'vp_cs_test_0000000000000000' }, 'intent: unknown session');
  await intent({ amount: -5, currency: 'usd', payment_method: { id: pmt } }, 'intent: negative amount');
  await intent({ currency: 'zzz', payment_method: { id: pmt } }, 'intent: unknown currency');
  await intent({ payment_method: { id: 'vp_pmt_test_0000000000000000' } }, 'intent: unknown payment method');
  await d.call('POST', '/v1/refunds', { key: sk, body: { amount: 100 }, headers: idem('refund'), label: 'refund: no target' });
  await d.call('GET', '/v1/refunds', { key: sk, label: 'refunds: list without a target' });
  await d.call('DELETE', `/v1/tokens/${pmt}`, { key: sk, label: 'tokens: revoke' });
  await d.call('DELETE', `/v1/tokens/${pmt}`, { key: sk, label: 'tokens: revoke again' });
  await intent({ payment_method: { id: pmt } }, 'intent: revoked card');
}
