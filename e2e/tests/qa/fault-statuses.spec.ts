/**
 * docs/qa.md, "What the buyer sees" (issue 36): for each fault kind, what the hosted page and a card
 * element show a buyer paying an approved card, whether the buyer may pay again, and what the
 * merchant gets. The expectations are read from the guide's two tables, not copied here, so a row
 * that stops being true fails this spec and the table cannot drift. On a server of its own with a
 * short processor timeout, so `hold` and `slow` need no long waits.
 */
import { readFileSync } from 'node:fs';
import { armFault, CardElement, HostedCheckoutPage, listFaults, processorLedger, releaseFault } from '../../../embed/testing/index.ts';
import { startSvcPay } from '../../../embed/testing/server.ts';
import type { ArmedFault, CheckoutStatus, SvcPayServer } from '../../../embed/testing/types.js';
import { startWebhookReceiver, type LoopbackWebhookReceiver } from '../../../embed/testing/webhook-receiver.ts';
import { eventTypes } from '../../../src/vocab/events.ts';
import { faultKinds, type FaultKind } from '../../../src/vocab/sandbox.ts';
import { SvcPayApi } from '../../fixtures/api.ts';
import { startFlowsPage } from '../../fixtures/flows-page.ts';
import type { MerchantPage } from '../../fixtures/options-page.ts';
import { expect, test } from '../../fixtures/test.ts';
import { FlowsPage } from '../../models/flows-page.ts';

/** The guide's setting for these rows: `slow` answers past the service's timeout. */
const PROCESSOR_TIMEOUT_MS = 1500;
const SLOW_DELAY_MS = 3000;
const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', postalCode: '12345' };

interface Row {
  kind: FaultKind;
  /** Hosted page: the status panel; card element: what `confirmPayment` resolved with. */
  status: string;
  /** Hosted page: `none while held` before the status. */
  heldFirst: boolean;
  /** Hosted page: the status may come after an `error` panel, which its Try again button leaves. */
  mayErrorFirst: boolean;
  code: string | null;
  message: string | null;
  paysAgain: boolean;
  /** When the buyer may not pay again: the session's status (card element rows). */
  sessionStatus: string | null;
  events: string[];
}

/** The two tables of docs/qa.md's "What the buyer sees", by the operation their first header names. */
function guideTables(): Record<'browser_charge' | 'charge', Row[]> {
  const guide = readFileSync(new URL('../../../docs/qa.md', import.meta.url), 'utf8');
  const section = guide.slice(guide.indexOf('\n## What the buyer sees\n'), guide.indexOf('\n## ', guide.indexOf('\n## What the buyer sees\n') + 1));
  const tables: Record<string, Row[]> = {};
  let current: Row[] | null = null;
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) {
      current = null;
      continue;
    }
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    const header = /^`kind` on `(\w+)`$/.exec(cells[0] ?? '');
    if (header) tables[header[1]!] = current = [];
    else if (current && !cells[0]!.startsWith('---')) current.push(row(cells));
  }
  return tables as Record<'browser_charge' | 'charge', Row[]>;
}

function row([kind, status, said, again, merchant]: string[]): Row {
  const ticks = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  const code = ticks(said!)[0] ?? null;
  return {
    kind: ticks(kind!)[0] as FaultKind,
    status: ticks(status!).filter((s) => !s.includes('='))[0]!,
    heldFirst: status!.startsWith('none while held'),
    mayErrorFirst: /first `error`/.test(status!),
    code,
    message: /"([^"]+)"/.exec(said!)?.[1] ?? null,
    paysAgain: again!.startsWith('yes'),
    sessionStatus: again!.startsWith('no') ? (ticks(again!)[0] ?? null) : null,
    events: ticks(merchant!).filter((t) => (eventTypes as readonly string[]).includes(t)),
  };
}

const tables = guideTables();
let own: SvcPayServer;
let shop: MerchantPage;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  own = await startSvcPay({ env: { SVCPAY_RATE_LIMITS: 'off', SVCPAY_PROCESSOR_TIMEOUT_MS: String(PROCESSOR_TIMEOUT_MS) } });
  shop = await startFlowsPage(own.serviceUrl);
});
test.afterAll(async () => {
  await shop?.close();
  await own?.stop();
});

let receiver: LoopbackWebhookReceiver;
test.beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
test.afterEach(async () => {
  await receiver?.close();
});

/** A fresh merchant whose webhooks reach this test's receiver, with the row's fault armed on its calls. */
async function merchantWithFault(operation: 'browser_charge' | 'charge', kind: FaultKind) {
  const api = new SvcPayApi(own.serviceUrl);
  const merchant = await api.createMerchant();
  const subscription = await api.createWebhookSubscription(merchant.keys.secret, { url: receiver.url, enabledEvents: [...eventTypes] });
  receiver.setSecret(subscription.secret);
  const fault = await armFault(own, { operation, kind, merchant: merchant.id, ...(kind === 'slow' ? { delayMs: SLOW_DELAY_MS } : {}) });
  return { api, merchant, fault };
}

/** Until the processor keeps the buyer's call at its door. */
async function untilHeld(fault: ArmedFault) {
  await expect.poll(async () => (await listFaults(own)).find((f) => f.id === fault.id)?.held).toBe(1);
}

/** The row's webhooks arrive, no other type does, and the processor captured the order once. */
async function merchantGets(r: Row, merchantId: string) {
  for (const type of r.events) await receiver.waitFor(type, { timeout: 20_000 });
  expect([...new Set(receiver.events.map((e) => e.type))].sort()).toEqual([...r.events].sort());
  expect((await processorLedger(own, merchantId)).filter((t) => t.status === 'captured')).toHaveLength(1);
}

test.describe('the hosted page', () => {
  for (const r of tables.browser_charge) {
    test(`${r.kind} on browser_charge: status ${r.status}, "${r.message}"`, async ({ page }) => {
      const { api, merchant, fault } = await merchantWithFault('browser_charge', r.kind);
      const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd' });
      const checkout = new HostedCheckoutPage(page);
      await checkout.open(session.checkoutUrl);
      await checkout.pay(CARD);
      const panels = page.locator('.svp-status');
      if (r.heldFirst) {
        await untilHeld(fault);
        await expect(checkout.payButton).toHaveAttribute('aria-busy', 'true');
        await expect(panels).toHaveCount(0);
        await releaseFault(own, fault);
      }
      if (r.mayErrorFirst) {
        const shown = checkout.status(r.status as CheckoutStatus).or(checkout.status('error'));
        await expect(shown).toBeVisible();
        if (await checkout.status('error').isVisible()) await checkout.status('error').getByRole('button').click();
      }
      await expect(checkout.status(r.status as CheckoutStatus)).toBeVisible();
      await expect(checkout.status(r.status as CheckoutStatus)).toContainText(r.message!);
      await expect(panels).toHaveCount(1);
      if (r.paysAgain) {
        await expect(checkout.payButton).toBeEnabled();
        await checkout.pay(CARD);
        await expect(checkout.status('success')).toBeVisible();
      } else {
        await expect(checkout.payButton).toBeHidden();
      }
      await merchantGets(r, merchant.id);
    });
  }
});

test.describe('a card element charging at submit', () => {
  for (const r of tables.charge) {
    test(`${r.kind} on charge: confirmPayment ${r.status}${r.code ? ` ${r.code}` : ''}`, async ({ page }) => {
      const { api, merchant, fault } = await merchantWithFault('charge', r.kind);
      const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true });
      const flows = new FlowsPage(page);
      await flows.open(shop.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });
      const card = new CardElement(page);
      await card.fill(CARD);
      await flows.pay.click();
      const result = await flows.result();
      expect(result.status).toBe(r.status);
      if (r.code) expect(result.error).toMatchObject({ code: r.code, message: r.message });
      else expect(result.error).toBeUndefined();
      // The element itself shows no message for the charge: the merchant's page does.
      if (r.message) await expect(card.root).not.toContainText(r.message);
      expect((await api.getSession(merchant.keys.secret, session.id)).status).toBe(r.paysAgain ? 'pending' : r.sessionStatus);
      if (r.paysAgain) {
        await card.fill(CARD);
        await flows.pay.click();
        expect(await flows.result()).toMatchObject({ status: 'succeeded' });
      }
      if (r.kind === 'hold') {
        await untilHeld(fault);
        await releaseFault(own, fault);
      }
      await merchantGets(r, merchant.id);
    });
  }
});

test('the guide has a row for every fault kind in both tables', () => {
  expect(tables.browser_charge.map((r) => r.kind)).toEqual([...faultKinds]);
  expect(tables.charge.map((r) => r.kind)).toEqual([...faultKinds]);
});
