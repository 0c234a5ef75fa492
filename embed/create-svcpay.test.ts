// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSvcPay } from './create-svcpay.ts';
import { P, PK, SERVICE, nextTask, page, readyState } from './create-svcpay.fixtures.ts';

// The controller frame is the confirm part's to start (embed/lazy.ts); here the part comes from this bundle.
vi.mock('./lazy.ts', () => import('./lazy.fixtures.ts'));

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

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
    expect(() => elements.create('address', { mode: 'home' } as never)).toThrow(/address: options do not fit the ElementOptions type/);
    elements.create('cardNumber');
    expect(() => elements.create('cardNumber')).toThrow(/already exists/);
    expect(() => elements.create('card')).toThrow(/"card" or the split card elements, not both/);
    expect(() => elements.create('cardCvc', { style: 1 } as never)).toThrow(/options/);
    expect(() => svcpay.confirmPayment({ elements: {} as never })).toThrow(/confirmPayment: pass \{ elements \}/);
  });

  it('createToken needs its elements object, and resolves elements_not_mounted before any mount', async () => {
    const svcpay = makeSvcPay(SERVICE)(PK);
    const elements = svcpay.elements({ sessionId: 'cs_1' });
    expect(() => svcpay.createToken({ elements: {} as never })).toThrow(/createToken: pass \{ elements \}/);
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
    // A second copy of the card's own page, which the browser has in its cache (issue 36, bytes),
    // told in its hash to run as the controller; it learns the key and session from `init`.
    const ctlUrl = new URL(ctl.src);
    expect(ctlUrl.origin + ctlUrl.pathname).toBe(`${SERVICE}/frames/field.html`);
    expect(Object.fromEntries(new URLSearchParams(ctlUrl.hash.slice(1)))).toEqual({ channel: hash.get('channel'), parentOrigin: location.origin, role: 'controller', locale: 'fr' });

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
    // In a copy of the first mounted element's page, as the browser has it already.
    expect(controller()!.src).toMatch(new RegExp(`^${SERVICE}/frames/address\\.html#.*role=controller`));

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
    await load();
    // Only init goes out until the controller answers; then the queued update follows.
    expect(posted()).toEqual([
      { protocol: P, type: 'init', channel: channel(), publishableKey: PK, sessionId: 'cs_1', locale: 'fr', targetOrigin: SERVICE },
    ]);
    fromController({ type: 'controller.ready' });
    expect(posted()[1]).toMatchObject({ type: 'element.update', options: { disabled: true }, targetOrigin: SERVICE });
  });

  it("hears a field frame's unexpected failure from that frame, once, before any controller frame exists", async () => {
    const { elements, controller, field } = page();
    const errors: unknown[] = [];
    elements.on('error', (e) => errors.push(e));
    // Two elements, one not ready yet: the group has no controller frame.
    elements.create('cardNumber').mount('#n');
    elements.create('cardExpiry').mount('#x');
    const n = field('#n');
    n.post({ type: 'element.event', event: 'ready', state: { ...readyState, elementType: 'cardNumber' } });
    await nextTask();
    expect(controller()).toBeNull();
    n.post({ type: 'element.error', code: 'frame_error' });
    expect(errors).toEqual([{ code: 'frame_error', message: 'svcpay cardNumber frame failed unexpectedly.' }]);
    // Only from that frame's window, the service origin, this channel and element, and code only.
    n.post({ type: 'element.error', code: 'frame_error' }, 'http://evil.test');
    n.post({ type: 'element.error', code: 'frame_error' }, SERVICE, window);
    n.post({ type: 'element.error', code: 'frame_error', elementId: 'cardNumber-other' });
    n.post({ type: 'element.error', code: 'frame_error', message: 'cannot format 4242424242424242' });
    expect(errors).toHaveLength(1);
    // A second failure is a second event.
    n.post({ type: 'element.error', code: 'frame_error' });
    expect(errors).toHaveLength(2);
  });

  it('tells a refused key or session as the error event, and then never says ready (issue 36)', async () => {
    const { elements, controller, field } = page();
    const errors: unknown[] = [];
    elements.on('error', (e) => errors.push(e));
    const card = elements.create('card');
    const onReady = vi.fn();
    card.on('ready', onReady).mount('#card');
    const f = field('#card');
    f.post({ type: 'element.refused', code: 'session_expired', message: 'This session has expired.' });
    expect(errors).toEqual([{ code: 'session_expired', message: 'This session has expired.' }]);
    f.post({ type: 'element.event', event: 'ready', state: readyState });
    await nextTask();
    expect(onReady).not.toHaveBeenCalled();
    expect(controller()).toBeNull();
  });

  it('does not take field events from the controller frame', async () => {
    const { elements, load, fromController, field } = page();
    const card = elements.create('card');
    const onChange = vi.fn();
    card.on('change', onChange).mount('#card');
    const f = field('#card');
    f.post({ type: 'element.event', event: 'ready', state: readyState });
    await nextTask();
    await load();
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
});
