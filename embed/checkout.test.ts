// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOUNT_WAIT_MS } from './checkout.ts';
import { makeSvcPay } from './create-svcpay.ts';
import type { EmbeddedCheckout, MountCheckoutResult } from './loader/types.js';

// The checkout is a part svcpay.js loads on demand (embed/lazy.ts); here it comes from this bundle.
vi.mock('./lazy.ts', () => import('./lazy.fixtures.ts'));

const SERVICE = 'http://localhost:4242';
const PK = 'vp_pk_test_abc123';
const P = 'svcpay/1';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** A page with a #checkout box, and a stand-in for the checkout frame's window (happy-dom loads no frames). */
function page(locale?: string) {
  document.body.innerHTML = '<div id="checkout"></div>';
  const svcpay = makeSvcPay(SERVICE)(PK, locale ? { locale } : {});
  const frameWindow = { postMessage: vi.fn() };
  const frame = () => document.querySelector<HTMLIFrameElement>('#checkout iframe');
  /** Calls mountCheckout and waits for its frame (the part loads first): `result` is what the call resolves with. */
  const mount = async (sessionId = 'vp_cs_test_1') => {
    const result = svcpay.mountCheckout('#checkout', { sessionId });
    await vi.waitFor(() => expect(frame()).not.toBeNull());
    Object.defineProperty(frame()!, 'contentWindow', { value: frameWindow });
    return { result };
  };
  const hash = () => Object.fromEntries(new URLSearchParams(new URL(frame()!.src).hash.slice(1)));
  const fromFrame = (data: object, { origin = SERVICE, source = frameWindow as unknown, channel = hash().channel } = {}) =>
    window.dispatchEvent(new MessageEvent('message', { data: { protocol: P, channel, ...data }, origin, source: source as Window }));
  return { svcpay, frame, mount, hash, fromFrame, frameWindow };
}

async function mounted(p: ReturnType<typeof page>): Promise<EmbeddedCheckout> {
  const { result: promise } = await p.mount();
  p.fromFrame({ type: 'checkout.mounted' });
  const result = await promise;
  if (result.error) throw new Error(result.error.code);
  return result;
}

describe('mountCheckout', () => {
  it('mounts one sandboxed service frame with the session and key, and no processor token', async () => {
    const p = page('fr');
    await p.mount();
    const frame = p.frame()!;
    expect(frame.title).toBe('Secure checkout');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    const url = new URL(frame.src);
    expect(url.origin + url.pathname).toBe(`${SERVICE}/frames/checkout.html`);
    expect(p.hash()).toEqual({ channel: expect.stringMatching(/^[0-9a-f]{32}$/), parentOrigin: location.origin, publishableKey: PK, sessionId: 'vp_cs_test_1', locale: 'fr' });
    expect(p.frameWindow.postMessage).not.toHaveBeenCalled();
  });

  it('resolves with the checkout once the frame says the session is mounted, then relays its events', async () => {
    const p = page();
    const checkout = await mounted(p);
    const seen: [string, unknown][] = [];
    checkout.on('ready', (e) => seen.push(['ready', e])).on('success', (e) => seen.push(['success', e])).on('failure', (e) => seen.push(['failure', e]));
    p.fromFrame({ type: 'checkout.ready' });
    const declined = { status: 'failed', sessionId: 'vp_cs_test_1', paymentIntentId: 'vpi_test_1', error: { code: 'card_declined', message: 'Your card was declined.', declineCode: 'insufficient_funds' } };
    p.fromFrame({ type: 'checkout.result', result: declined });
    p.fromFrame({ type: 'checkout.result', result: { status: 'succeeded', sessionId: 'vp_cs_test_1', paymentIntentId: 'vpi_test_2' } });
    expect(seen).toEqual([
      ['ready', { sessionId: 'vp_cs_test_1' }],
      ['failure', declined],
      ['success', { status: 'succeeded', sessionId: 'vp_cs_test_1', paymentIntentId: 'vpi_test_2' }],
    ]);
  });

  it('still tells a ready handler registered after the fields became ready', async () => {
    vi.useFakeTimers();
    const p = page();
    const checkout = await mounted(p);
    p.fromFrame({ type: 'checkout.ready' });
    const late = vi.fn();
    checkout.on('ready', late);
    await vi.runAllTimersAsync();
    expect(late).toHaveBeenCalledWith({ sessionId: 'vp_cs_test_1' });
  });

  it('sizes the frame to the height its content reports', async () => {
    const p = page();
    await mounted(p);
    p.fromFrame({ type: 'checkout.resize', height: 412 });
    expect(p.frame()!.style.height).toBe('412px');
  });

  it('resolves { error } with the reason when the session cannot be mounted, leaving nothing behind', async () => {
    const p = page();
    const { result: promise } = await p.mount();
    p.fromFrame({ type: 'checkout.error', error: { code: 'session_expired', message: 'The checkout session has expired.' } });
    const result: MountCheckoutResult = await promise;
    expect(result.error).toEqual({ code: 'session_expired', message: 'The checkout session has expired.' });
    expect(p.frame()).toBeNull();
    // The container is free again.
    await p.mount();
    expect(p.frame()).not.toBeNull();
  });

  it('resolves { error: checkout_unavailable } when the frame never answers', async () => {
    vi.useFakeTimers();
    const p = page();
    const { result: promise } = await p.mount();
    await vi.advanceTimersByTimeAsync(MOUNT_WAIT_MS);
    expect((await promise).error?.code).toBe('checkout_unavailable');
    expect(p.frame()).toBeNull();
  });

  it('ignores messages from another origin, another window, another channel or of another shape', async () => {
    const p = page();
    const checkout = await mounted(p);
    const success = vi.fn();
    checkout.on('success', success);
    const paid = { type: 'checkout.result', result: { status: 'succeeded', sessionId: 'vp_cs_test_1' } };
    p.fromFrame(paid, { origin: 'http://127.0.0.1:4244' });
    p.fromFrame(paid, { source: window });
    p.fromFrame(paid, { channel: 'another_channel_123' });
    p.fromFrame({ ...paid, result: { ...paid.result, card: '4242424242424242' } });
    expect(success).not.toHaveBeenCalled();
    p.fromFrame(paid);
    expect(success).toHaveBeenCalledTimes(1);
  });

  it('throws for programming mistakes', async () => {
    const p = page();
    expect(() => p.svcpay.mountCheckout('#checkout', {} as never)).toThrow(/sessionId is required/);
    expect(() => p.svcpay.mountCheckout('#nowhere', { sessionId: 'vp_cs_test_1' })).toThrow(/no element matches/);
    await p.mount();
    expect(() => p.svcpay.mountCheckout('#checkout', { sessionId: 'vp_cs_test_1' })).toThrow(/already holds a checkout/);
    const checkout = await mounted(page());
    expect(() => checkout.on('change' as never, () => {})).toThrow(/unknown event "change"/);
  });

  it('destroy() removes the frame and frees the container', async () => {
    const p = page();
    const checkout = await mounted(p);
    checkout.destroy();
    expect(p.frame()).toBeNull();
    await p.mount();
    expect(p.frame()).not.toBeNull();
  });
});
