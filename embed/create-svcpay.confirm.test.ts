// @vitest-environment happy-dom
/** The embed script's confirmPayment, createToken, bank challenge dialog, teardown and error event. */
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { makeSvcPay } from './create-svcpay.ts';
import { P, PK, SERVICE, nextTask, page, readyState } from './create-svcpay.fixtures.ts';
import { unavailable } from './lazy.fixtures.ts';

// The challenge dialog is a part svcpay.js loads on demand (embed/lazy.ts); here it comes from this bundle.
vi.mock('./lazy.ts', () => import('./lazy.fixtures.ts'));
/** The confirm the page posted to the controller, once the confirm part (a microtask away here) has sent it. */
const asked = (posted: () => object[]) =>
  vi.waitFor(() => {
    const ask = posted().find((m) => (m as { type?: string }).type === 'confirm');
    if (!ask) throw new Error('no confirm posted yet');
    return ask as { requestId: string; kind: string; targetOrigin: string };
  });
/** The dialog opens once its part has loaded. */
const dialogShown = () => vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('confirmPayment, createToken and the bank challenge', () => {
  it('confirmPayment posts confirm to the service origin and resolves with the controller result', async () => {
    const { svcpay, elements, load, fromController, posted, field } = page();
    elements.create('card').mount('#card');
    field('#card').post({ type: 'element.event', event: 'ready', state: readyState });
    await nextTask();
    await load();
    fromController({ type: 'controller.ready' });
    const pending = svcpay.confirmPayment({ elements });
    const confirm = await asked(posted);
    expect(confirm.targetOrigin).toBe(SERVICE);
    const result = { status: 'succeeded', sessionId: 'cs_1', paymentIntentId: 'pi_1' };
    fromController({ type: 'confirm.result', requestId: 'someone-else', result: { ...result, status: 'failed' } });
    fromController({ type: 'confirm.result', requestId: confirm.requestId, result });
    await expect(pending).resolves.toEqual(result);
  });

  it('destroying the last element removes the controller frame; a confirm in flight answers processing, and a new element starts afresh', async () => {
    const { svcpay, elements, load, fromController, controller, cardReady, posted } = page();
    const card = elements.create('card');
    card.mount('#card');
    cardReady();
    await nextTask();
    await load();
    fromController({ type: 'controller.ready' });
    const pending = svcpay.confirmPayment({ elements });
    await asked(posted);
    // One more call, destroyed while it still waits for its code (a microtask away here).
    const token = svcpay.createToken({ elements });
    card.destroy();
    // The charge may have reached the service: only the session can say how it ended.
    await expect(pending).resolves.toEqual({ status: 'processing', sessionId: 'cs_1' });
    await expect(token).resolves.toEqual({ error: { code: 'elements_destroyed', message: expect.any(String) } });
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    elements.create('card').mount('#card');
    cardReady();
    await nextTask();
    expect(controller()).not.toBeNull();
  });

  it('a destroyed element never reports, later, that its frame failed to load', async () => {
    vi.useFakeTimers();
    try {
      const { elements } = page();
      const errors = vi.fn();
      elements.on('error', errors);
      const card = elements.create('card');
      card.mount('#card');
      card.destroy();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(errors).not.toHaveBeenCalled();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('confirmPayment resolves (never rejects) when nothing is mounted or the controller never answers', async () => {
    vi.useFakeTimers();
    try {
      const { svcpay, elements, controller } = page();
      expect((await svcpay.confirmPayment({ elements })).error?.code).toBe('elements_not_mounted');
      elements.create('card').mount('#card');
      const pending = svcpay.confirmPayment({ elements });
      // A confirm before any field was ready starts the controller itself (once its part is here).
      await vi.advanceTimersByTimeAsync(0);
      expect(controller()).not.toBeNull();
      await vi.advanceTimersByTimeAsync(16_000);
      expect(await pending).toMatchObject({ status: 'failed', sessionId: 'cs_1', error: { code: 'controller_unavailable' } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('createToken asks the controller for a token and resolves { token } only for its own request', async () => {
    const { svcpay, elements, load, fromController, posted, cardReady } = page();
    elements.create('card').mount('#card');
    cardReady();
    await nextTask();
    await load();
    fromController({ type: 'controller.ready' });
    const pending = svcpay.createToken({ elements });
    const ask = await asked(posted);
    expect(ask.kind).toBe('token');
    const token = { id: 'vp_pmt_1', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } };
    // A payment result for the same request is not a token: ignored.
    fromController({ type: 'confirm.result', requestId: ask.requestId, result: { status: 'succeeded', sessionId: 'cs_1' } });
    fromController({ type: 'token.result', requestId: ask.requestId, result: { token } });
    await expect(pending).resolves.toEqual({ token });
  });

  it('a bank challenge shows in a labelled modal dialog over the page, keeps focus, and Escape cancels it', async () => {
    vi.useFakeTimers();
    try {
      const { svcpay, elements, load, fromController, posted } = page();
      document.body.insertAdjacentHTML('beforeend', '<button id="pay">Pay</button>');
      elements.create('card').mount('#card');
      const pay = document.getElementById('pay')!;
      pay.focus();
      // A confirm before the field is ready starts the controller frame itself.
      const pending = svcpay.confirmPayment({ elements });
      await load();
      fromController({ type: 'controller.ready' });
      const ask = await asked(posted);
      const url = 'http://127.0.0.1:4243/challenge/sbx_txn_1';
      fromController({ type: 'confirm.challenge', requestId: ask.requestId, url, label: 'Confirm your payment with your bank', cancel: 'Cancel' });
      await dialogShown();
      const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
      expect(dialog.getAttribute('aria-modal')).toBe('true');
      expect(dialog.getAttribute('aria-label')).toBe('Confirm your payment with your bank');
      expect(dialog.querySelector('iframe')!.src).toBe(url);
      expect(dialog.contains(document.activeElement)).toBe(true);
      // Focus that lands on the page behind comes back into the dialog.
      pay.focus();
      expect(dialog.contains(document.activeElement)).toBe(true);
      // The buyer may take their time with their bank: no timeout while the dialog is open.
      await vi.advanceTimersByTimeAsync(200_000);
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      expect(document.querySelector('[role="dialog"]')).toBeNull();
      expect(document.activeElement).toBe(pay);
      expect(posted().find((m) => (m as { type?: string }).type === 'challenge.done')).toMatchObject({ requestId: ask.requestId, outcome: 'canceled', targetOrigin: SERVICE });
      const result = { status: 'failed', sessionId: 'cs_1', error: { code: 'authentication_canceled', message: 'x' } };
      fromController({ type: 'confirm.result', requestId: ask.requestId, result });
      await expect(pending).resolves.toEqual(result);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the return page closes the challenge as returned; a message from another window or origin does not', async () => {
    const { svcpay, elements, load, fromController, posted, cardReady } = page();
    elements.create('card').mount('#card');
    cardReady();
    await nextTask();
    await load();
    fromController({ type: 'controller.ready' });
    void svcpay.confirmPayment({ elements });
    const ask = await asked(posted);
    fromController({ type: 'confirm.challenge', requestId: ask.requestId, url: 'http://127.0.0.1:4243/challenge/t', label: 'Bank', cancel: 'Cancel' });
    await dialogShown();
    const frame = document.querySelector<HTMLIFrameElement>('[role="dialog"] iframe')!;
    const bank = { postMessage: vi.fn() };
    Object.defineProperty(frame, 'contentWindow', { value: bank });
    const returned = (origin: string, source: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { data: { protocol: P, type: 'challenge.returned' }, origin, source: source as Window }));
    returned('http://127.0.0.1:4244', bank);
    returned(SERVICE, window);
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    returned(SERVICE, bank);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(posted().find((m) => (m as { type?: string }).type === 'challenge.done')).toMatchObject({ outcome: 'returned' });
  });

  it('a bank challenge whose dialog cannot load fires the error event and ends the challenge as canceled', async () => {
    unavailable.add('challenge');
    onTestFinished(() => void unavailable.clear());
    const { svcpay, elements, load, fromController, posted, field } = page();
    const errors: unknown[] = [];
    elements.on('error', (e) => errors.push(e));
    elements.create('card').mount('#card');
    field('#card').post({ type: 'element.event', event: 'ready', state: readyState });
    await nextTask();
    await load();
    fromController({ type: 'controller.ready' });
    const pending = svcpay.confirmPayment({ elements });
    const ask = await asked(posted);
    fromController({ type: 'confirm.challenge', requestId: ask.requestId, url: 'http://127.0.0.1:4243/challenge/t', label: 'Bank', cancel: 'Cancel' });
    await vi.waitFor(() => expect(errors).toEqual([{ code: 'script_load_failed', message: expect.stringContaining('script-src') }]));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    // The controller asks the service how the charge ended, and the payment resolves.
    expect(posted().find((m) => (m as { type?: string }).type === 'challenge.done')).toMatchObject({ requestId: ask.requestId, outcome: 'canceled', protocol: P, targetOrigin: SERVICE });
    const result = { status: 'failed', sessionId: 'cs_1', error: { code: 'authentication_canceled', message: 'x' } };
    fromController({ type: 'confirm.result', requestId: ask.requestId, result });
    await expect(pending).resolves.toEqual(result);
  });


  it('fires the group error event for a controller error and for a field frame that never says ready', async () => {
    vi.useFakeTimers();
    try {
      const { svcpay, elements, load, fromController } = page();
      const errors: unknown[] = [];
      expect(() => elements.on('change' as never, () => {})).toThrow(/unknown event/);
      elements.on('error', (e) => errors.push(e));
      elements.create('card').mount('#card');
      // The field never says ready; a confirm starts the controller frame.
      void svcpay.confirmPayment({ elements });
      await load();
      fromController({ type: 'controller.ready' });
      fromController({ type: 'controller.error', error: { code: 'frame_error', message: 'A card field failed unexpectedly.' } });
      expect(errors).toEqual([{ code: 'frame_error', message: 'A card field failed unexpectedly.' }]);
      await vi.advanceTimersByTimeAsync(16_000);
      expect(errors[1]).toMatchObject({ code: 'frame_load_failed' });
      // A field that did say ready is not reported.
      const other = page();
      const seen: unknown[] = [];
      other.elements.on('error', (e) => seen.push(e));
      other.elements.create('card').mount('#card');
      // Its ready comes from its own frame; the controller frame starts after it.
      other.cardReady();
      await vi.advanceTimersByTimeAsync(0);
      await other.load();
      other.fromController({ type: 'controller.ready' });
      await vi.advanceTimersByTimeAsync(16_000);
      expect(seen).toEqual([]);
      // Nor is one unmounted before its wait ran out.
      const gone = page();
      const none: unknown[] = [];
      gone.elements.on('error', (e) => none.push(e));
      const card = gone.elements.create('card');
      card.mount('#card');
      card.unmount();
      await vi.advanceTimersByTimeAsync(16_000);
      expect(none).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
