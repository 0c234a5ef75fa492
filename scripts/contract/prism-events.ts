/**
 * Events and lists in the Prism traffic (issue 35): a subscription to every event type is made
 * before the other flows and, once they have run, every event it was sent is read back through
 * `GET /v1/webhook_events/{id}`, so each event type's shape is validated; the list routes are
 * paged (`limit=1`, then `starting_after`); and a mirrored payment's store order is read once the
 * store made it, and once the store was down.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { idem, type World } from './prism-money.ts';

const EVENTS = ['charge.succeeded', 'charge.failed', 'charge.refunded', 'refund.failed', 'mirror.order.created', 'payment_intent.succeeded', 'payment_intent.failed', 'session.failed', 'dispute.created', 'dispute.won', 'dispute.lost'];

/** Subscribes a receiver that answers 200 to every event; the answer reads the events back and stops it. */
export async function catchAll(w: World): Promise<() => Promise<void>> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/all`;
  const made = await w.d.call('POST', '/v1/webhook_subscriptions', { key: w.keys.secret, body: { url, enabledEvents: EVENTS }, label: 'events: subscribe to every type' });
  const id = made.json?.id as string | undefined;
  return async () => {
    try {
      if (!id) return;
      const deliveries = (await w.d.control('GET', `/_sandbox/webhook_subscriptions/${id}/deliveries`))?.data ?? [];
      const seen = new Set<string>();
      for (const delivery of deliveries as { eventId: string }[]) {
        if (seen.has(delivery.eventId)) continue;
        seen.add(delivery.eventId);
        await w.d.call('GET', `/v1/webhook_events/${delivery.eventId}`, { key: w.keys.secret, label: 'events: read one back' });
      }
    } finally {
      server.close();
    }
  };
}

/** Every list route, one item a page, then the page after the first item. */
export async function pages(w: World): Promise<void> {
  const { d } = w;
  const sk = w.keys.secret;
  const lists: [string, string][] = [
    ['/v1/webhook_subscriptions', ''],
    ['/v1/wallet-domains', ''],
    ['/v1/payment_methods', 'buyer_id=prism_buyer_3&'],
    ['/v1/refunds', ''],
  ];
  const intents = await d.call('POST', '/v1/payment_intents', { key: sk, body: { amount: 3000, currency: 'usd', payment_method: { id: await vaulted(w) } }, headers: idem('intent'), label: 'pages: a payment to refund twice' });
  const intent = intents.json?.id as string | undefined;
  if (intent) {
    for (const amount of [100, 200]) await d.call('POST', '/v1/refunds', { key: sk, body: { payment_intent: intent, amount }, headers: idem('refund'), label: 'pages: a refund' });
    lists[3]![1] = `payment_intent=${intent}&`;
  }
  for (const [path, query] of lists) {
    const first = await d.call('GET', `${path}?${query}limit=1`, { key: sk, label: `pages: ${path}, first page` });
    const after = first.json?.data?.[0]?.id as string | undefined;
    if (after) await d.call('GET', `${path}?${query}limit=1&starting_after=${after}`, { key: sk, label: `pages: ${path}, next page` });
    await d.call('GET', `${path}?${query}starting_after=nothing_like_an_id`, { key: sk, label: `pages: ${path}, unknown cursor` });
  }
}

async function vaulted(w: World): Promise<string | undefined> {
  const tok = await w.d.call('POST', '/v1/tokens', { key: w.keys.secret, body: { provider_reference: 'tok_sandbox_mastercard_4444', buyer_id: 'prism_buyer_3', setup_for_future_use: 'off_session', currency: 'usd' }, headers: idem('token'), label: 'pages: vault a second card' });
  return tok.json?.id;
}

/** A mirrored payment's order once the store made it, and one made while the store was down. */
export async function storeOrders(w: World, sk: string, pay: () => Promise<string | undefined>): Promise<void> {
  const { d } = w;
  const made = await pay();
  await d.control('POST', '/_sandbox/clock', { advanceSeconds: 30 });
  if (made) await d.call('GET', `/v1/payment_intents/${made}/mirror-order`, { key: sk, label: 'mirror: order once made' });
  await d.control('POST', '/_sandbox/stores/platform_b/b.example.com/switches', { down: true });
  const refused = await pay();
  await d.control('POST', '/_sandbox/clock', { advanceSeconds: 3 * 86_400 });
  if (refused) await d.call('GET', `/v1/payment_intents/${refused}/mirror-order`, { key: sk, label: 'mirror: order while the store was down' });
  await d.control('POST', '/_sandbox/stores/platform_b/b.example.com/switches', { down: false });
}
