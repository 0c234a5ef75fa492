/**
 * Issue 32, finding 1, end to end: merchant A points a test-mode webhook at the service's own
 * `rotate_keys` on the port the service really listens on, then asks for a test send. Before the
 * fix the send answered `{ delivered: true, status: 200 }` and the victim's keys were replaced
 * (the new ones went to the webhook call only). Now the URL is refused at subscribe, and a
 * subscription that names it anyway (one kept from before) is refused when the delivery connects.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { networkApp, secretKey } from '../../testing-network.ts';

let w: Awaited<ReturnType<typeof networkApp>>;
beforeEach(async () => (w = await networkApp({ SVCPAY_WEBHOOK_TIMEOUT_MS: '1000' })));
afterEach(() => w.close());

/** A live merchant (its keys are the prize) and merchant A, in test mode. */
async function victimAndAttacker() {
  const live = await w.control('POST', '/merchants', { environment: 'live', settings: { onboarded: true, processorConnected: true } });
  expect(live.status).toBe(201);
  const attacker = await w.merchant();
  return { victim: { id: live.body.id as string, secret: live.body.keys.secret as string }, attacker };
}

/** The victim's key works and will not expire: nothing rotated it. */
async function untouched(victim: { secret: string }) {
  expect((await w.call('GET', '/v1/webhook_subscriptions', undefined, secretKey(victim.secret))).status).toBe(200);
  expect((await w.deps.store.read.merchants.findKey(victim.secret))?.expiresAt).toBeNull();
}

const port = () => new URL(w.url).port;

it('refuses the service’s own rotate_keys as a webhook URL, in each of its loopback spellings, and the victim’s keys stay', async () => {
  const { victim, attacker } = await victimAndAttacker();
  for (const host of ['localhost', '127.0.0.1', '[::1]']) {
    const url = `http://${host}:${port()}/_sandbox/merchants/${victim.id}/rotate_keys`;
    const made = await w.call('POST', '/v1/webhook_subscriptions', { url, enabledEvents: ['charge.succeeded'] }, secretKey(attacker.secret));
    expect(made.status, url).toBe(400);
    expect(made.body).toMatchObject({ code: 'validation_url_scheme_forbidden', error: expect.stringMatching(/svcpay itself/) });
  }
  await untouched(victim);
});

it('a subscription that names the service anyway is refused when the delivery connects: nothing reaches rotate_keys', async () => {
  const { victim, attacker } = await victimAndAttacker();
  // A subscription kept from before the fix: made while the service knew none of its own listeners.
  const own = w.deps.webhookNet.own;
  w.deps.webhookNet.own = { ports: [], hosts: [] };
  const made = await w.call('POST', '/v1/webhook_subscriptions', { url: `http://localhost:${port()}/_sandbox/merchants/${victim.id}/rotate_keys`, enabledEvents: ['charge.succeeded'] }, secretKey(attacker.secret));
  w.deps.webhookNet.own = own;
  expect(made.status).toBe(201);
  const sent = await w.call('POST', `/v1/webhook_subscriptions/${made.body.id}/send_test_event`, undefined, secretKey(attacker.secret));
  expect(sent.status).toBe(502);
  expect(sent.body).toMatchObject({ code: 'webhook_test_delivery_failed' });
  expect(JSON.stringify(sent.body)).not.toMatch(/keys|HTTP \d/);
  await untouched(victim);
  // Nothing reached the control API: it logs each request it answers.
  expect(w.logLines.filter((l) => l.includes('rotate_keys'))).toEqual([]);
});
