/**
 * The key buyer flows of the Playwright suite, written once against EnginePage so they run on
 * every engine: the hosted page paying after a decline, the card element, the split fields, the
 * address element, and the 3-D Secure challenge. Each checks what the buyer sees and the session
 * as the merchant's server reads it.
 */
import { expect } from 'vitest';
import type { Merchant, SvcPayApi } from '../fixtures/api.ts';
import { cards } from '../fixtures/cards.ts';
import { elementsPageHtml, type PageElement } from '../fixtures/elements-page-html.ts';
import { teeOrderWithoutRedirect } from '../fixtures/order.ts';
import { fieldFrameSelector } from '../../embed/testing/fields.ts';
import { cardNumberShown, clickButton, expectAlert, expectGone, expectText, fillCard, inOneFrame, textOf } from './buyer.ts';
import { TOP, waitFor, type EnginePage } from './driver.ts';

export interface FlowWorld {
  api: SvcPayApi;
  serviceUrl: string;
  demoUrl: string;
  /** The Playwright suite's flows merchant page (e2e/fixtures/flows-page.ts): card element, Pay, result. */
  flowsPageUrl: string;
  /** Serves `html` on a loopback origin of its own for the flow; closed after it. */
  serveHtml(html: string): Promise<string>;
}

export type Flow = (page: EnginePage, world: FlowWorld) => Promise<void>;

const HOSTED_CARD = ['iframe[title="Card details"]'];
const FLOWS_CARD = ['iframe[data-svcpay-element="card"]'];
const BANK = ['[role="dialog"] iframe'];

async function sessionOf(world: FlowWorld, merchant: Merchant, id: string) {
  return world.api.getSession(merchant.keys.secret, id);
}

/** An elements session charged at submit, the flows page open on it and its card ready. */
async function openFlowsPage(page: EnginePage, world: FlowWorld) {
  const merchant = await world.api.createMerchant();
  const session = await world.api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true });
  await page.goto(`${world.flowsPageUrl}/?o=${encodeURIComponent(JSON.stringify({ publishableKey: merchant.keys.publishable, sessionId: session.id }))}`);
  await waitFor(page, TOP, `!!document.querySelector('iframe[data-svcpay-ready]')`, 'the card element to be ready');
  return { merchant, session };
}

/** What confirmPayment resolved with, as the flows page writes it. */
async function flowsResult(page: EnginePage): Promise<Record<string, unknown>> {
  return JSON.parse(await textOf(page, TOP, '#result')) as Record<string, unknown>;
}

/** The elements test page (e2e/fixtures/elements-page-html.ts) with `elements`, its frames ready. */
async function openElementsPage(page: EnginePage, world: FlowWorld, elements: PageElement[], sessionExtra: Record<string, unknown> = {}) {
  const merchant = await world.api.createMerchant();
  const session = await world.api.createSession(merchant.keys.secret, {
    amount: 2500,
    currency: 'usd',
    lineItems: [{ name: 'Svc Tee', quantity: 1, unitAmount: 2500 }],
    integrationMode: 'elements',
    chargeAtSubmit: true,
    ...sessionExtra,
  });
  await page.goto(await world.serveHtml(elementsPageHtml(world.serviceUrl, { publishableKey: merchant.keys.publishable, sessionId: session.id, elements })));
  const types = elements.map((e) => e.type);
  await waitFor(page, TOP, `${JSON.stringify(types)}.every((t) => document.querySelector('iframe[name^="svcpay-' + t + '-"][data-svcpay-ready]'))`, `${types.join(', ')} to be ready`);
  return { merchant, session };
}

export const flows: Record<string, Flow> = {
  async 'hosted page: a declined card, then another card pays'(page, world) {
    const merchant = await world.api.createMerchant();
    const session = await world.api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${world.demoUrl}/`));
    await page.goto(session.checkoutUrl);
    await fillCard(page, inOneFrame(HOSTED_CARD), cards.declined);
    await clickButton(page, TOP, 'Pay');

    await expectAlert(page, TOP, /declined/i);
    await expect.poll(async () => (await sessionOf(world, merchant, session.id)).status, { timeout: 15_000 }).toBe('failed');
    // The retry runs on fresh fields: wait for them rather than type into the frame being replaced,
    // and until the page lets them take typing (the old form is inert until then, issue 38).
    await waitFor(page, HOSTED_CARD, `document.querySelector('input[autocomplete="cc-number"]')?.value === ''`, 'fresh, empty card fields');
    await waitFor(page, TOP, `!document.querySelector('[inert]')`, 'the fresh card fields to take typing');
    await fillCard(page, inOneFrame(HOSTED_CARD), cards.approved);
    await clickButton(page, TOP, 'Pay');

    await expectText(page, TOP, 'Payment successful');
    expect(await sessionOf(world, merchant, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', amount: 2500 });
  },

  async 'card element: confirmPayment pays'(page, world) {
    const { merchant, session } = await openFlowsPage(page, world);
    await fillCard(page, inOneFrame(FLOWS_CARD), cards.approved);
    await clickButton(page, TOP, 'Pay');

    expect(await flowsResult(page)).toMatchObject({ status: 'succeeded', sessionId: session.id });
    expect(await sessionOf(world, merchant, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', amount: 2500 });
    // The merchant's page never holds the number it was typed beside.
    expect(await page.evaluate<string>(TOP, 'document.documentElement.outerHTML')).not.toContain('4242');
  },

  async 'split fields: number, expiry and CVC in their own frames pay'(page, world) {
    const { merchant, session } = await openElementsPage(page, world, [{ type: 'cardNumber' }, { type: 'cardExpiry' }, { type: 'cardCvc' }]);
    const [number, expiry, cvc] = (['cardNumber', 'cardExpiry', 'cardCvc'] as const).map((t) => [fieldFrameSelector(t)]);
    await fillCard(page, { number: number!, expiry: expiry!, cvc: cvc! }, cards.approved);
    expect(await cardNumberShown(page, number!)).toBe(cards.approved.number);
    await clickButton(page, TOP, 'Pay $25.00');

    expect(await textOf(page, TOP, '#result')).toBe('Payment succeeded');
    expect(await sessionOf(world, merchant, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  },

  async 'address element: its value reaches the merchant and the charge'(page, world) {
    const { merchant, session } = await openElementsPage(page, world, [{ type: 'card', options: { hidePostalCode: true } }, { type: 'address', options: { mode: 'billing' } }], {
      country: 'US',
      billingAddress: 'required',
    });
    await fillCard(page, inOneFrame([fieldFrameSelector('card')]), cards.approved);
    const address = ['iframe[name^="svcpay-address-"]'];
    await page.type(address, '[name="name"]', 'Ada Lovelace');
    await page.type(address, '[name="line1"]', '1 Main St');
    await page.type(address, '[name="city"]', 'San Francisco');
    await page.select(address, 'select[name="state"]', 'CA');
    await page.type(address, '[name="postalCode"]', '94107');

    const lastChange = `(window.__events.filter((e) => e.type === 'address' && e.event === 'change').at(-1) || {}).payload`;
    const value = await waitFor<Record<string, unknown>>(page, TOP, `(() => { const p = ${lastChange}; return p && p.complete && p.value.address.postalCode === '94107' ? p : null; })()`, 'a complete address in change');
    expect(value).toMatchObject({ value: { name: 'Ada Lovelace', address: { line1: '1 Main St', city: 'San Francisco', state: 'CA', postalCode: '94107', country: 'US' } } });
    await clickButton(page, TOP, 'Pay $25.00');

    expect(await textOf(page, TOP, '#result')).toBe('Payment succeeded');
    const paid = await sessionOf(world, merchant, session.id);
    expect(paid).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
    // The card element asked no postal code: the address check ran on the billing address's.
    expect(await world.api.getPaymentIntent(merchant.keys.secret, paid.paymentIntentId as string)).toMatchObject({ avs_result_code: 'match' });
  },

  async '3-D Secure: approving the bank check pays'(page, world) {
    const { merchant, session } = await openFlowsPage(page, world);
    await fillCard(page, inOneFrame(FLOWS_CARD), cards.challenge);
    await clickButton(page, TOP, 'Pay');

    await waitFor(page, TOP, `!!document.querySelector('[role="dialog"][aria-label="Confirm your payment with your bank"]')`, 'the bank check dialog');
    expect(await sessionOf(world, merchant, session.id)).toMatchObject({ paymentStatus: 'unpaid' });
    await clickButton(page, BANK, 'Complete authentication');

    expect(await flowsResult(page)).toMatchObject({ status: 'succeeded', sessionId: session.id });
    await expectGone(page, TOP, '[role="dialog"]');
    expect(await sessionOf(world, merchant, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  },
};
