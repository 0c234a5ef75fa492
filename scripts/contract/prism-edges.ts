/**
 * The Prism traffic at the providers' edges (issue 35): test cards whose capture or refund answers
 * later, fails later or opens a dispute, settled by the sandbox processor's events and the service
 * clock (the control API, outside the proxy), with the payment read back through the proxy at each
 * step; then a merchant per processor kind (the Stripe and Braintree stand-ins, an agent, none),
 * whose hosted form, embedded form, capabilities and element map answer in their own shapes; a
 * live merchant without a processor account; and an inactive one.
 */
import { card, idem, session, type World } from './prism-money.ts';

async function vaultAndPay(w: World, last4: string, body: Record<string, unknown>, label: string): Promise<string | undefined> {
  const sk = w.keys.secret;
  const tok = await w.d.call('POST', '/v1/tokens', { key: sk, body: { provider_reference: `tok_sandbox_visa_${last4}`, buyer_id: 'prism_edges', currency: 'usd' }, headers: idem('token'), label: `${label}: vault` });
  const paid = await w.d.call('POST', '/v1/payment_intents', { key: sk, body: { amount: 1000, currency: 'usd', payment_method: { id: tok.json?.id }, ...body }, headers: idem('intent'), label: `${label}: pay` });
  return paid.json?.id;
}

const advance = (w: World, seconds: number) => w.d.control('POST', '/_sandbox/clock', { advanceSeconds: seconds });
/** A provider event; one the processor cannot send (nothing pending) is said, and the traffic goes on. */
const trigger = (w: World, type: string, intent: string) =>
  w.d.control('POST', '/_sandbox/provider_events', { type, payment_intent: intent }).catch((err: Error) => process.stderr.write(`contract:prism: ${type} not sent: ${err.message.slice(0, 200)}\n`));

/**
 * What the buyer's browser does at the provider after init: confirm the PaymentIntent at the
 * Stripe stand-in (its answer's id is what complete takes), or hand Braintree a nonce (the
 * stand-ins take a test card's provider reference as one). Undefined where the traffic cannot pay.
 */
async function payAtProvider(w: World, processor: string, init: any): Promise<string | undefined> {
  if (!init?.token) return undefined;
  if (processor === 'hosted_fields' || processor === 'vault_hosted_fields') return 'tok_sandbox_visa_4242';
  if (processor !== 'card_element') return undefined;
  const expiry = card('4242424242424242');
  const form = new URLSearchParams({
    key: init.publishableKey ?? '',
    _stripe_account: init.accountId ?? '',
    client_secret: init.token,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': expiry.number,
    'payment_method_data[card][exp_month]': String(expiry.expMonth),
    'payment_method_data[card][exp_year]': String(expiry.expYear),
    'payment_method_data[card][cvc]': '123',
  });
  const pi = String(init.token).split('_secret_')[0];
  const res = await w.d.direct('POST', `${w.stripeUrl}/v1/payment_intents/${pi}/confirm`, { body: form.toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  return res.json?.id;
}

export async function edges(w: World): Promise<void> {
  const { d } = w;
  const sk = w.keys.secret;
  const read = (id: string, label: string) => d.call('GET', `/v1/payment_intents/${id}`, { key: sk, label });
  const refund = (id: string, label: string, amount?: number) => d.call('POST', '/v1/refunds', { key: sk, body: { payment_intent: id, ...(amount ? { amount } : {}) }, headers: idem('refund'), label });
  const refunds = (id: string, label: string) => d.call('GET', `/v1/refunds?payment_intent=${id}`, { key: sk, label });

  const pending = await vaultAndPay(w, '0066', { capture_method: 'manual' }, 'capture pending');
  if (pending) {
    await d.call('POST', `/v1/payment_intents/${pending}/capture`, { key: sk, body: {}, label: 'capture pending: capture' });
    await read(pending, 'capture pending: read');
    await trigger(w, 'capture.settled', pending);
    await read(pending, 'capture pending: read settled');
  }
  const failing = await vaultAndPay(w, '0066', {}, 'capture fails');
  if (failing) {
    await trigger(w, 'capture.failed', failing);
    await read(failing, 'capture fails: read');
  }
  const later = await vaultAndPay(w, '0082', {}, 'refund later');
  if (later) {
    await refund(later, 'refund later: refund', 300);
    await refunds(later, 'refund later: list pending');
    await trigger(w, 'refund.succeeded', later);
    await refunds(later, 'refund later: list succeeded');
  }
  const refused = await vaultAndPay(w, '5126', {}, 'refund fails');
  if (refused) {
    await refund(refused, 'refund fails: refund');
    await advance(w, 61);
    await refunds(refused, 'refund fails: list failed');
    await read(refused, 'refund fails: read');
  }
  const unsettled = await vaultAndPay(w, '0074', {}, 'unsettled');
  if (unsettled) await refund(unsettled, 'unsettled: refund');
  const disputed = await vaultAndPay(w, '0259', {}, 'dispute');
  if (disputed) {
    await advance(w, 61);
    await read(disputed, 'dispute: read opened');
    await refund(disputed, 'dispute: refund a disputed payment');
    await trigger(w, 'dispute.lost', disputed);
    await read(disputed, 'dispute: read lost');
  }
  const frictionless = await vaultAndPay(w, '0124', { return_url: 'http://127.0.0.1:4244/back' }, '3-D Secure frictionless');
  if (frictionless) await read(frictionless, '3-D Secure frictionless: read');
  await session(w, {}, 'edges: a session after the clock moved');

  for (const processor of ['card_element', 'hosted_fields', 'vault_hosted_fields', 'agent_hosted_fields', 'none']) {
    const m = await d.control('POST', '/_sandbox/merchants', { processor });
    const keys = { secret: m.keys.secret as string, publishable: m.keys.publishable as string };
    const label = (what: string) => `processor ${processor}: ${what}`;
    const headers = { Origin: w.origin };
    await d.call('GET', '/v1/capabilities', { key: keys.secret, label: label('capabilities') });
    await d.call('POST', '/v1/public/binder-load', { key: keys.publishable, body: {}, headers, label: label('binder load') });
    const hosted = await d.call('POST', '/v1/sessions', { key: keys.secret, body: { amount: 1000, currency: 'usd', captureMethod: 'manual' }, headers: idem('session'), label: label('hosted session') });
    if (hosted.json?.id) {
      const id = hosted.json.id as string;
      const init = await d.call('POST', '/api/checkout/init', { body: { sessionId: id }, headers, label: label('hosted init') });
      await d.call('POST', '/api/checkout/complete', { body: { sessionId: id, transactionId: 'tx_not_paid' }, headers, label: label('hosted complete, nothing paid') });
      await d.call('GET', `/v1/public/sessions/${id}`, { key: keys.publishable, headers, label: label('public read') });
      const paid = await payAtProvider(w, processor, init.json);
      if (paid) {
        await d.call('POST', '/api/checkout/complete', { body: { sessionId: id, transactionId: paid }, headers, label: label('hosted complete, paid') });
        const read = await d.call('GET', `/v1/sessions/${id}`, { key: keys.secret, label: label('read paid session') });
        const intent = read.json?.paymentIntentId as string | undefined;
        if (intent) {
          await d.call('GET', `/v1/payment_intents/${intent}`, { key: keys.secret, label: label('read held intent') });
          await d.call('POST', `/v1/payment_intents/${intent}/capture`, { key: keys.secret, body: { amount_to_capture: 800 }, label: label('partial capture') });
          await d.call('POST', '/v1/refunds', { key: keys.secret, body: { payment_intent: intent, amount: 300 }, headers: idem('refund'), label: label('partial refund') });
          await d.call('GET', `/v1/refunds?payment_intent=${intent}`, { key: keys.secret, label: label('list refunds') });
        }
      }
    }
    const embed = await d.call('POST', '/v1/sessions', { key: keys.secret, body: { amount: 1000, currency: 'usd', integrationMode: 'embed' }, headers: idem('session'), label: label('embed session') });
    if (embed.json?.id) await d.call('GET', `/v1/public/sessions/${embed.json.id}/embed-token`, { key: keys.publishable, headers, label: label('embed token') });
    const elements = await d.call('POST', '/v1/sessions', { key: keys.secret, body: { amount: 1000, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true }, headers: idem('session'), label: label('elements session') });
    if (elements.json?.id) await d.call('POST', '/v1/public/wallets/google-session', { key: keys.publishable, body: { sessionId: elements.json.id }, headers, label: label('google pay setup') });
  }

  const live = await d.control('POST', '/_sandbox/merchants', { environment: 'live' });
  await d.call('POST', '/v1/sessions', { key: live.keys.secret, body: { amount: 1000, currency: 'usd' }, headers: idem('session'), label: 'live merchant: session' });
  await d.call('POST', '/v1/tokens', { key: live.keys.secret, body: { provider_reference: 'tok_sandbox_visa_4242', currency: 'usd' }, headers: idem('token'), label: 'live merchant: a sandbox token' });
  await d.call('GET', '/v1/capabilities', { key: live.keys.secret, label: 'live merchant: capabilities' });
  const inactive = await d.control('POST', '/_sandbox/merchants', {});
  await d.control('PATCH', `/_sandbox/merchants/${inactive.id}`, { status: 'inactive' });
  await d.call('POST', '/v1/sessions', { key: inactive.keys.secret, body: { amount: 1000, currency: 'usd' }, headers: idem('session'), label: 'inactive merchant: session' });
  await d.call('GET', '/v1/capabilities', { key: inactive.keys.publishable, label: 'inactive merchant: capabilities' });
}
