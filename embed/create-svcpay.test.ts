// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSvcPay } from './create-svcpay.ts';

const SERVICE = 'http://localhost:4242';
const PK = 'vp_pk_test_abc123';
const P = 'svcpay/1';

// happy-dom does not load iframe pages (it logs a NotSupportedError per frame): the tests stand
// in for the controller frame's window instead.
afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** A page with a #card box, an svcpay instance, and a stand-in for the controller frame's window. */
function page() {
  document.body.innerHTML = '<div id="card"></div><div id="n"></div><div id="x"></div>';
  const svcpay = makeSvcPay(SERVICE)(PK, { locale: 'fr' });
  const elements = svcpay.elements({ sessionId: 'cs_1' });
  const controllerWindow = { postMessage: vi.fn() };
  const controller = () => document.querySelector<HTMLIFrameElement>('iframe[title="svcpay controller"]');
  /** Call after the first mount: swaps in the fake window and "loads" the frame. */
  const load = () => {
    const frame = controller()!;
    Object.defineProperty(frame, 'contentWindow', { value: controllerWindow });
    frame.dispatchEvent(new Event('load'));
  };
  const channel = () => new URLSearchParams(new URL(controller()!.src).hash.slice(1)).get('channel')!;
  const fromController = (data: object, origin = SERVICE, source: unknown = controllerWindow) =>
    window.dispatchEvent(new MessageEvent('message', { data: { protocol: P, channel: channel(), ...data }, origin, source: source as Window }));
  const posted = () => controllerWindow.postMessage.mock.calls.map(([m, o]) => ({ ...(m as object), targetOrigin: o as string }));
  /** Stands in for the window of the field frame in `box`; messages from it as the page gets them. */
  const field = (box: string) => {
    const frame = document.querySelector<HTMLIFrameElement>(`${box} iframe`)!;
    const win = { postMessage: vi.fn() };
    Object.defineProperty(frame, 'contentWindow', { value: win, configurable: true });
    const hash = new URLSearchParams(new URL(frame.src).hash.slice(1));
    const elementId = hash.get('elementId');
    const post = (data: object, origin = SERVICE, source: unknown = win) =>
      window.dispatchEvent(
        new MessageEvent('message', { data: { protocol: P, channel: hash.get('channel'), elementId, ...data }, origin, source: source as Window }),
      );
    return { frame, elementId, post, win };
  };
  /** The field in #card says ready: the page starts the controller frame in a task after it (issue 9). */
  const cardReady = () => field('#card').post({ type: 'element.event', event: 'ready', state: readyState });
  return { svcpay, elements, controller, load, channel, fromController, posted, field, cardReady };
}

const readyState = { elementType: 'card', empty: true, complete: false, brand: 'unknown', error: null };
/** Lets the page run the task it queued after a field's ready (the controller frame starts there). */
const nextTask = () => new Promise((done) => setTimeout(done));

describe('SvcPay()', () => {
  it('throws clear errors for programming mistakes', () => {
    const SvcPay = makeSvcPay(SERVICE);
    expect(() => SvcPay('vp_sk_test_abc')).toThrow(/secret key/);
    expect(() => SvcPay('pk_123')).toThrow(/publishable key/);
    expect(() => makeSvcPay(null)(PK)).toThrow(/script src/);
    const svcpay = SvcPay(PK);
    expect(() => svcpay.elements({} as never)).toThrow(/sessionId is required/);
    const elements = svcpay.elements({ sessionId: 'cs_1' });
    expect(() => elements.create('iban' as never)).toThrow(/unknown element type "iban"/);
    expect(() => elements.create('address', { mode: 'home' } as never)).toThrow(/mode \('billing' or 'shipping'\)/);
    elements.create('cardNumber');
    expect(() => elements.create('cardNumber')).toThrow(/already exists/);
    expect(() => elements.create('card')).toThrow(/either "card" or the split/);
    expect(() => elements.create('cardCvc', { style: 1 } as never)).toThrow(/options/);
    expect(() => svcpay.confirmPayment({ elements: {} as never })).toThrow(/elements object/);
  });

  it('createToken needs its elements object, and resolves elements_not_mounted before any mount', async () => {
    const svcpay = makeSvcPay(SERVICE)(PK);
    const elements = svcpay.elements({ sessionId: 'cs_1' });
    expect(() => svcpay.createToken({ elements: {} as never })).toThrow(/elements object/);
    expect(await svcpay.createToken({ elements })).toEqual({ error: { code: 'elements_not_mounted', message: expect.any(String) } });
  });
});

describe('elements', () => {
  it('mounts a sandboxed field frame, and one hidden controller frame per group once a field is ready', async () => {
    const { elements, controller, field } = page();
    const card = elements.create('card', { hidePostalCode: true });
    expect(controller()).toBeNull();
    // The merchant's ready handlers run before the controller frame is created (issue 9).
    const seenByHandler: unknown[] = [];
    card.on('ready', () => seenByHandler.push(controller()));
    card.mount('#card');
    // The first field loads alone: nothing competes with it until it is ready (issue 9).
    expect(controller()).toBeNull();
    field('#card').post({ type: 'element.event', event: 'ready', state: readyState });
    expect(seenByHandler).toEqual([null]);
    await nextTask();
    const frame = document.querySelector<HTMLIFrameElement>('#card iframe')!;
    expect(frame.title).toBe('Secure card payment input frame');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    // Least privilege: only the wallet element's frame may use the Payment Request API.
    expect(frame.getAttribute('allow')).toBeNull();
    const url = new URL(frame.src);
    expect(url.origin + url.pathname).toBe(`${SERVICE}/frames/field.html`);
    expect(url.search).toBe('');
    const hash = new URLSearchParams(url.hash.slice(1));
    expect(Object.fromEntries(hash)).toMatchObject({
      parentOrigin: location.origin,
      type: 'card',
      locale: 'fr',
      options: JSON.stringify({ hidePostalCode: true }),
      // The mount the field binds its controller to (src/frames/binding.ts).
      publishableKey: PK,
      sessionId: 'cs_1',
    });
    expect(hash.get('channel')).toMatch(/^[a-f0-9]{32}$/);
    // The page can read these URLs: nothing in them may prove a controller is the genuine one.
    expect([...hash.keys()].sort()).toEqual(['channel', 'elementId', 'locale', 'options', 'parentOrigin', 'publishableKey', 'sessionId', 'type']);

    const ctl = controller()!;
    expect(ctl.getAttribute('aria-hidden')).toBe('true');
    expect(ctl.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(new URL(ctl.src).hash).toContain(`channel=${hash.get('channel')}`);

    expect(() => card.mount('#card')).toThrow(/already mounted/);
    expect(() => elements.create('card')).toThrow(/already exists/);
    card.unmount();
    expect(document.querySelector('#card iframe')).toBeNull();
    card.mount('#card');
    field('#card').post({ type: 'element.event', event: 'ready', state: readyState });
    await nextTask();
    expect(document.querySelectorAll('iframe[title="svcpay controller"]')).toHaveLength(1);
    card.destroy();
    expect(document.querySelector('#card iframe')).toBeNull();
    expect(() => card.mount('#card')).toThrow(/destroyed/);
    expect(() => elements.create('cardNumber').mount('#nowhere')).toThrow(/no element matches "#nowhere"/);
  });

  it('hears its field frame directly, only that window, origin, channel and element, and never a value', async () => {
    const { elements, field, controller } = page();
    const card = elements.create('card');
    const onChange = vi.fn();
    const onReady = vi.fn();
    card.on('change', onChange).on('ready', onReady);
    expect(() => card.on('submit' as never, () => {})).toThrow(/unknown event "submit"/);
    card.mount('#card');
    const f = field('#card');
    const state = { elementType: 'card', empty: false, complete: true, brand: 'visa', error: null };
    f.post({ type: 'element.event', event: 'ready', state: readyState });
    f.post({ type: 'element.event', event: 'ready', state: readyState });
    f.post({ type: 'element.event', event: 'change', state });
    expect(onReady).toHaveBeenCalledOnce();
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ elementType: 'card', empty: false, complete: true, brand: 'visa', error: null });
    await nextTask();

    // Wrong origin, wrong window (the controller's, the page's own), wrong channel, another
    // element, wrong shape: all dropped.
    f.post({ type: 'element.event', event: 'change', state }, 'http://evil.test');
    f.post({ type: 'element.event', event: 'change', state }, SERVICE, window);
    f.post({ type: 'element.event', event: 'change', state }, SERVICE, controller()!.contentWindow);
    f.post({ type: 'element.event', event: 'change', state, channel: 'another_channel' });
    f.post({ type: 'element.event', event: 'change', state, elementId: 'card-other' });
    f.post({ type: 'element.event', event: 'change', state: { ...state, number: '4242424242424242' } });
    expect(onChange).toHaveBeenCalledOnce();

    f.post({ type: 'element.resize', height: 61 });
    expect(f.frame.style.height).toBe('61px');
    f.post({ type: 'element.resize', height: 70, elementId: 'card-other' });
    expect(f.frame.style.height).toBe('61px');

    // An unmounted element hears nothing more.
    card.unmount();
    f.post({ type: 'element.event', event: 'change', state });
    expect(onChange).toHaveBeenCalledOnce();
  });

  it("hears an address element's value and a wallet's outcome from their own frames; the controller starts once both are ready", async () => {
    const { elements, field, controller } = page();
    const address = elements.create('address');
    const wallet = elements.create('wallet');
    const onAddress = vi.fn();
    const onResult = vi.fn();
    const onUnavailable = vi.fn();
    address.on('change', onAddress);
    wallet.on('result', onResult).on('unavailable', onUnavailable);
    address.mount('#n');
    wallet.mount('#x');
    const a = field('#n');
    const w = field('#x');
    expect(a.frame.src).toContain('/frames/address.html#');
    expect(w.frame.src).toContain('/frames/wallet.html#');
    const line = { line1: '1 Market St', line2: '', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };
    const addressState = { elementType: 'address', empty: false, complete: true, error: null, value: { name: 'Ada', address: line } };
    const walletState = { elementType: 'wallet', empty: true, complete: false };
    a.post({ type: 'element.event', event: 'ready', state: { ...addressState, empty: true, complete: false } });
    await nextTask();
    // One element of two is ready: nothing competes with the wallet yet.
    expect(controller()).toBeNull();
    w.post({ type: 'element.event', event: 'ready', state: walletState });
    await nextTask();
    expect(controller()).not.toBeNull();

    a.post({ type: 'element.event', event: 'change', state: addressState });
    expect(onAddress).toHaveBeenCalledExactlyOnceWith({ elementType: 'address', empty: false, complete: true, error: null, value: { name: 'Ada', address: line } });
    // Nothing that could hold card data gets through, nor a state from the other element's frame.
    a.post({ type: 'element.event', event: 'change', state: { ...addressState, value: { ...addressState.value, number: '4242424242424242' } } });
    w.post({ type: 'element.event', event: 'change', state: addressState, elementId: a.elementId });
    expect(onAddress).toHaveBeenCalledOnce();

    const result = { status: 'succeeded', sessionId: 'cs_1', paymentIntentId: 'vpi_1' };
    w.post({ type: 'element.event', event: 'result', state: { ...walletState, complete: true, wallet: 'google_pay', result } });
    expect(onResult).toHaveBeenCalledExactlyOnceWith({ elementType: 'wallet', ...result });
    w.post({ type: 'element.event', event: 'unavailable', state: walletState });
    expect(onUnavailable).toHaveBeenCalledOnce();
    expect(w.frame.style.height).toBe('0px');
  });

  it('talks to the controller only after it is ready', async () => {
    const { elements, load, fromController, posted, channel, field } = page();
    const card = elements.create('card');
    card.mount('#card');
    card.update({ disabled: true });
    field('#card').post({ type: 'element.event', event: 'ready', state: readyState });
    await nextTask();
    load();
    // Only init goes out until the controller answers; then the queued update follows.
    expect(posted()).toEqual([
      { protocol: P, type: 'init', channel: channel(), publishableKey: PK, sessionId: 'cs_1', locale: 'fr', targetOrigin: SERVICE },
    ]);
    fromController({ type: 'controller.ready' });
    expect(posted()[1]).toMatchObject({ type: 'element.update', options: { disabled: true }, targetOrigin: SERVICE });
  });

  it('does not take field events from the controller frame', async () => {
    const { elements, load, fromController, field } = page();
    const card = elements.create('card');
    const onChange = vi.fn();
    card.on('change', onChange).mount('#card');
    const f = field('#card');
    f.post({ type: 'element.event', event: 'ready', state: readyState });
    await nextTask();
    load();
    fromController({ type: 'controller.ready' });
    fromController({ type: 'element.event', elementId: f.elementId, event: 'change', state: readyState });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('marks each field frame with its element type, and as ready once its ready event arrived (what svcpay/testing waits on)', async () => {
    const { elements, field, controller } = page();
    const number = elements.create('cardNumber');
    const cvc = elements.create('cardCvc');
    number.mount('#n');
    cvc.mount('#x');
    const frame = (box: string) => document.querySelector<HTMLIFrameElement>(`${box} iframe`)!;
    expect(frame('#n').getAttribute('data-svcpay-element')).toBe('cardNumber');
    expect(frame('#x').getAttribute('data-svcpay-element')).toBe('cardCvc');
    expect(frame('#n').hasAttribute('data-svcpay-ready')).toBe(false);

    const state = { elementType: 'cardNumber', empty: true, complete: false, brand: 'unknown', error: null };
    const n = field('#n');
    n.post({ type: 'element.event', event: 'change', state });
    expect(frame('#n').hasAttribute('data-svcpay-ready')).toBe(false);
    n.post({ type: 'element.event', event: 'ready', state });
    expect(frame('#n').hasAttribute('data-svcpay-ready')).toBe(true);
    expect(frame('#x').hasAttribute('data-svcpay-ready')).toBe(false);
    // The controller waits for every mounted field, so it loads after all of them.
    await nextTask();
    expect(controller()).toBeNull();
    field('#x').post({ type: 'element.event', event: 'ready', state: { ...state, elementType: 'cardCvc' } });
    await nextTask();
    expect(controller()).not.toBeNull();

    // A remount is a new frame: not ready until its own ready event.
    number.unmount();
    number.mount('#n');
    expect(frame('#n').hasAttribute('data-svcpay-ready')).toBe(false);
  });

  it('confirmPayment posts confirm to the service origin and resolves with the controller result', async () => {
    const { svcpay, elements, load, fromController, posted, field } = page();
    elements.create('card').mount('#card');
    field('#card').post({ type: 'element.event', event: 'ready', state: readyState });
    await nextTask();
    load();
    fromController({ type: 'controller.ready' });
    const pending = svcpay.confirmPayment({ elements });
    const confirm = posted().find((m) => (m as { type?: string }).type === 'confirm') as { requestId: string; targetOrigin: string };
    expect(confirm.targetOrigin).toBe(SERVICE);
    const result = { status: 'succeeded', sessionId: 'cs_1', paymentIntentId: 'pi_1' };
    fromController({ type: 'confirm.result', requestId: 'someone-else', result: { ...result, status: 'failed' } });
    fromController({ type: 'confirm.result', requestId: confirm.requestId, result });
    await expect(pending).resolves.toEqual(result);
  });

  it('destroying the last element removes the controller frame; a confirm in flight answers processing, and a new element starts afresh', async () => {
    const { svcpay, elements, load, fromController, controller, cardReady } = page();
    const card = elements.create('card');
    card.mount('#card');
    cardReady();
    await nextTask();
    load();
    fromController({ type: 'controller.ready' });
    const pending = svcpay.confirmPayment({ elements });
    card.destroy();
    // The charge may have reached the service: only the session can say how it ended.
    await expect(pending).resolves.toEqual({ status: 'processing', sessionId: 'cs_1' });
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
      // A confirm before any field was ready starts the controller itself.
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
    load();
    fromController({ type: 'controller.ready' });
    const pending = svcpay.createToken({ elements });
    const ask = posted().find((m) => (m as { type?: string }).type === 'confirm') as unknown as { requestId: string; kind: string };
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
      load();
      fromController({ type: 'controller.ready' });
      const ask = posted().find((m) => (m as { type?: string }).type === 'confirm') as unknown as { requestId: string };
      const url = 'http://127.0.0.1:4243/challenge/sbx_txn_1';
      fromController({ type: 'confirm.challenge', requestId: ask.requestId, url, label: 'Confirm your payment with your bank', cancel: 'Cancel' });
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
    load();
    fromController({ type: 'controller.ready' });
    void svcpay.confirmPayment({ elements });
    const ask = posted().find((m) => (m as { type?: string }).type === 'confirm') as unknown as { requestId: string };
    fromController({ type: 'confirm.challenge', requestId: ask.requestId, url: 'http://127.0.0.1:4243/challenge/t', label: 'Bank', cancel: 'Cancel' });
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
      load();
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
      other.load();
      other.fromController({ type: 'controller.ready' });
      await vi.advanceTimersByTimeAsync(16_000);
      expect(seen).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('elements({ appearance })', () => {
  const mountCard = (appearance: unknown) => {
    document.body.innerHTML = '<div id="card"></div>';
    const elements = makeSvcPay(SERVICE)(PK).elements({ sessionId: 'cs_1', appearance: appearance as never });
    elements.create('card').mount('#card');
    const frame = document.querySelector<HTMLIFrameElement>('iframe[src*="/frames/field.html"]')!;
    const raw = new URLSearchParams(new URL(frame.src).hash.slice(1)).get('appearance');
    return raw === null ? null : (JSON.parse(raw) as unknown);
  };

  it('hands a valid appearance to the field frame', () => {
    const appearance = { theme: 'night', variables: { spacingUnit: '5px' }, rules: { '.Label': { textTransform: 'uppercase' } } };
    expect(mountCard(appearance)).toEqual(appearance);
  });

  it.each([
    [{ variables: { colorText: 'red; background: url(x)' } }, 'elements: appearance.variables.colorText is not supported, or its value is not allowed'],
    [{ rules: { '.Input': { backgroundImage: 'url(x)' } } }, 'elements: appearance.rules[".Input"].backgroundImage is not supported'],
    [{ variables: { colourText: '#111' } }, 'elements: appearance.variables.colourText is not supported'],
    [{ theme: 'dark' }, 'elements: appearance.theme is not supported'],
  ])('throws at elements() for %j, naming the bad key', (appearance, named) => {
    expect(() => makeSvcPay(SERVICE)(PK).elements({ sessionId: 'cs_1', appearance: appearance as never })).toThrow(named);
  });

  it('keeps what it checked: changing the object afterwards reaches no frame', () => {
    document.body.innerHTML = '<div id="card"></div>';
    const appearance = { variables: { colorText: '#111111' } };
    const elements = makeSvcPay(SERVICE)(PK).elements({ sessionId: 'cs_1', appearance });
    appearance.variables.colorText = 'red;}body{background:url(//evil.test)';
    elements.create('card').mount('#card');
    const frame = document.querySelector<HTMLIFrameElement>('iframe[src*="/frames/field.html"]')!;
    expect(new URLSearchParams(new URL(frame.src).hash.slice(1)).get('appearance')).toBe('{"variables":{"colorText":"#111111"}}');
  });
});
