/**
 * Type contract of `svcpay/testing` (STYLE.md habit 6), checked by `tsc --noEmit` and never run:
 * the implementation satisfies the published declaration (index.d.ts, what npm users compile
 * against), and wrong calls fail under `@ts-expect-error`.
 */
import type { Page } from '@playwright/test';
import type * as Published from './index.d.ts';
import * as implementation from './index.ts';
import type * as Declared from './page-objects.js';
import type * as Implemented from './pages.ts';

const fillCard: typeof Published.fillCard = implementation.fillCard;
const waitForReady: typeof Published.waitForReady = implementation.waitForReady;
const completeChallenge: typeof Published.completeChallenge = implementation.completeChallenge;
const startSvcPay: typeof Published.startSvcPay = implementation.startSvcPay;
const fieldFrameSelector: typeof Published.fieldFrameSelector = implementation.fieldFrameSelector;
const armFault: typeof Published.armFault = implementation.armFault;
const listFaults: typeof Published.listFaults = implementation.listFaults;
const releaseFault: typeof Published.releaseFault = implementation.releaseFault;
const disarmFault: typeof Published.disarmFault = implementation.disarmFault;
const processorLedger: typeof Published.processorLedger = implementation.processorLedger;
const names: typeof Published.CARD_INPUT_NAMES = implementation.CARD_INPUT_NAMES;
void names;

export async function rightCalls(page: Page): Promise<void> {
  const server: Published.SvcPayServer = await startSvcPay({ env: { SVCPAY_RATE_LIMITS: 'off' }, keepFiles: true });
  await waitForReady(page);
  await waitForReady(page, { elements: ['cardNumber', 'cardExpiry', 'cardCvc'], timeout: 5_000 });
  await fillCard(page, { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
  await fillCard(page.frameLocator('iframe[title="Card details"]'), { number: '4242424242424242', expiry: '1234', cvc: '123', postalCode: '12345' });
  await page.locator(fieldFrameSelector('card')).waitFor();
  await completeChallenge(page, 'approve');
  await completeChallenge(page, 'fail', { timeout: 1_000 });
  const fault = await armFault(server, { operation: 'charge', kind: 'hold', merchant: server.merchantId });
  await armFault(server.serviceUrl, { operation: 'any', kind: 'slow', delayMs: 3_000, count: 2 });
  await releaseFault(server, fault);
  await disarmFault({ serviceUrl: server.serviceUrl, controlToken: 't' }, fault.id);
  const charged: number = (await processorLedger(server, server.merchantId)).reduce((n, t) => n + t.captured - t.refunded, 0);
  void charged;
  void (await listFaults(server));
  await server.stop();
}

export async function wrongCalls(page: Page): Promise<void> {
  // @ts-expect-error: a card needs its security code
  await fillCard(page, { number: '4242424242424242', expiry: '1234' });
  // @ts-expect-error: the sandbox bank answers approve or fail
  await completeChallenge(page, 'decline');
  // @ts-expect-error: only card elements have frames to wait for
  await waitForReady(page, { elements: ['wallet'] });
  // @ts-expect-error: the server picks its own free ports
  await startSvcPay({ port: 4242 });
  // @ts-expect-error: no such fault kind
  await armFault('http://localhost:4242', { operation: 'charge', kind: 'explode' });
  // @ts-expect-error: every fault names the operation it takes
  await armFault('http://localhost:4242', { kind: 'down' });
  // @ts-expect-error: a page or a frame locator, not a selector
  await fillCard('iframe', { number: '4242424242424242', expiry: '1234', cvc: '123' });
}

// The page objects' published declarations are what pages.ts implements, both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const pageObjectsMatch: [
  Same<InstanceType<typeof Declared.HostedCheckoutPage>, InstanceType<typeof Implemented.HostedCheckoutPage>>,
  Same<InstanceType<typeof Declared.CardElement>, InstanceType<typeof Implemented.CardElement>>,
  Same<InstanceType<typeof Declared.CardInputs>, InstanceType<typeof Implemented.CardInputs>>,
  Same<ConstructorParameters<typeof Declared.CardElement>, ConstructorParameters<typeof Implemented.CardElement>>,
] = [true, true, true, true];
