/**
 * Issue 9: a compromised merchant page reads the channel id from a genuine field frame's URL and
 * mounts a second svcpay controller frame on that channel, initialised with another merchant's
 * publishable key and session, then asks it to confirm. The field frames must give it nothing:
 * no card values reach it, no charge is made for the attacker's session, and the genuine payment
 * still goes through afterwards.
 */
import { approvedNumberForms, cards } from '../../fixtures/cards.ts';
import { occurrences } from '../../fixtures/leaks.ts';
import { expect, test } from '../../fixtures/test.ts';
import { ShopPage } from '../../models/shop-page.ts';

interface AttackOutcome {
  channel: string;
  /** Every message the attacker's controller frame sent to the page, as JSON text. */
  messages: string[];
  result: { status: string; error?: { code: string } } | null;
}

test('a second controller on the same channel gets no card values and charges nothing', async ({ page, api, server, merchant }) => {
  // Another merchant's elements session: where the attacker wants the buyer's card charged.
  const attacker = await api.createSession(merchant.keys.secret, {
    amount: 9900,
    currency: 'usd',
    integrationMode: 'elements',
    chargeAtSubmit: true,
  });
  expect(attacker).toMatchObject({ integrationMode: 'elements', chargeAtSubmit: true });

  const shop = new ShopPage(page, server.demoUrl);
  await shop.open();
  await shop.startOnPageCheckout();
  await shop.card.fill(cards.approved);
  await expect(shop.card.number).toHaveValue(/4242/);

  // The compromised page: what runs in page.evaluate is the merchant page's own script.
  const channel = await page.evaluate(async () => {
    const field = document.querySelector<HTMLIFrameElement>('iframe[data-svcpay-element="card"]');
    if (!field) throw new Error('no genuine field frame on the page');
    const src = new URL(field.src);
    const id = new URLSearchParams(src.hash.slice(1)).get('channel') ?? '';
    const frame = document.createElement('iframe');
    frame.id = 'attacker-controller';
    frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    // The controller as svcpay.js mounts it: a copy of the card's page, told its role in the hash.
    frame.src = `${src.origin}/frames/field.html#${new URLSearchParams({ channel: id, parentOrigin: location.origin, role: 'controller' })}`;
    // Everything the attacker's controller tells the page, from its first message on.
    const heard: unknown[] = [];
    (window as unknown as { attackerHeard: unknown[] }).attackerHeard = heard;
    window.addEventListener('message', (event) => {
      if (event.source === frame.contentWindow) heard.push(event.data);
    });
    const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
    document.body.appendChild(frame);
    await loaded;
    return id;
  });

  // Test instrument, not an attacker power: a listener on the channel inside the attacker's
  // frame records all the bus carries, i.e. what any service-origin document on it could hear.
  const attackerFrame = await (await page.locator('#attacker-controller').elementHandle())!.contentFrame();
  if (!attackerFrame) throw new Error("the attacker's controller frame has no document");
  await attackerFrame.evaluate((name) => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    const bus = new BroadcastChannel(name);
    bus.onmessage = (event) => heard.push(JSON.stringify(event.data));
    // What a starting controller says; the genuine field answers on the channel (its hello and
    // state), which shows the listener hears the channel. Its own message it does not hear.
    bus.postMessage({ protocol: 'svcpay/1', type: 'controller.hello' });
  }, `svcpay:${channel}`);

  const outcome = await page.evaluate(
    async ({ publishableKey, sessionId, channel }): Promise<AttackOutcome> => {
      const frame = document.getElementById('attacker-controller') as HTMLIFrameElement;
      const origin = new URL(frame.src).origin;
      type Heard = { type?: string; requestId?: string; result?: AttackOutcome['result'] };
      const heard = (window as unknown as { attackerHeard: Heard[] }).attackerHeard;
      const post = (msg: object) => frame.contentWindow!.postMessage({ protocol: 'svcpay/1', channel, ...msg }, origin);
      /** Resolves with the first message the attacker's controller sent (or sends) that `match`es. */
      const first = (match: (m: Heard) => boolean) =>
        new Promise<Heard>((done) => {
          const found = heard.find(match);
          if (found) return done(found);
          window.addEventListener('message', function on(event) {
            if (event.source !== frame.contentWindow || !match(event.data as Heard)) return;
            window.removeEventListener('message', on);
            done(event.data as Heard);
          });
        });
      post({ type: 'init', publishableKey, sessionId });
      await first((m) => m.type === 'controller.ready');
      // The genuine field announces itself on the channel to a controller that starts after it:
      // ask until the attacker's controller knows the field (before, it answers that nothing is
      // mounted), so the confirm below does ask the genuine field for its values.
      let result: AttackOutcome['result'] = null;
      for (let i = 1; i <= 50; i++) {
        post({ type: 'confirm', requestId: `attack${i}`, kind: 'payment' });
        result = (await first((m) => m.type === 'confirm.result' && m.requestId === `attack${i}`)).result ?? null;
        if (result?.error?.code !== 'elements_not_mounted') break;
      }
      return { channel, messages: heard.map((m) => JSON.stringify(m)), result };
    },
    { publishableKey: merchant.keys.publishable, sessionId: attacker.id, channel },
  );

  expect(outcome.channel, 'the channel id was read from the genuine frame URL').toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  expect(outcome.result?.status, `the attacker's confirm: ${JSON.stringify(outcome.result)}`).toBe('failed');
  // The field frames did not answer the attacker's controller at all.
  expect(outcome.result?.error?.code).toBe('fields_unavailable');
  expect(occurrences(outcome.messages.join('\n'), approvedNumberForms), "card number in the attacker's messages").toEqual([]);

  // Nothing was charged for the attacker's session.
  const attackerSession = await api.getSession(merchant.keys.secret, attacker.id);
  expect(attackerSession).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
  expect(attackerSession.paymentIntentId ?? null, 'no payment on the attacker session').toBeNull();

  // The buyer's card is still there and still pays the genuine merchant.
  await expect(shop.card.number).toHaveValue(/4242/);
  await shop.payButton.click();
  await expect(shop.result).toContainText('Payment succeeded');
  const genuine = await api.getSession(server.secretKey, await shop.sessionId());
  expect(genuine).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  expect((await api.getSession(merchant.keys.secret, attacker.id)).paymentStatus).toBe('unpaid');

  // Neither confirm put card values on the channel: they travel only on the bound pair's port.
  const heard = await attackerFrame.evaluate(() => (window as unknown as { heard: string[] }).heard);
  expect(heard.length, 'the listener heard the channel').toBeGreaterThan(0);
  expect(occurrences(heard.join('\n'), approvedNumberForms), 'card number on the channel').toEqual([]);
  expect(heard.filter((m) => m.includes('field.values') || m.includes('secret')), 'values or secret on the channel').toEqual([]);
});
