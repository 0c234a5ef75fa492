// @vitest-environment happy-dom
/**
 * The parts of svcpay.js loaded on demand (embed/lazy.ts): how a part reaches the loader, and what
 * the merchant gets when one cannot load. happy-dom runs no script files: the hand-over is played
 * by hand, and through the public API every part fails to load, as behind a CSP without the
 * service in `script-src`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { P, SERVICE, nextTask, readyState } from './create-svcpay.fixtures.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** A fresh loader (nothing loaded yet), and the <script> elements it adds, kept off the document. */
async function loader(nonce = '') {
  vi.resetModules();
  // svcpay.js is the current script while its modules' top levels run.
  const svcpayJs = document.createElement('script');
  svcpayJs.nonce = nonce;
  Object.defineProperty(document, 'currentScript', { value: svcpayJs, configurable: true });
  const lazy = await import('./lazy.ts');
  Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
  const added: HTMLScriptElement[] = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    added.push(node as unknown as HTMLScriptElement);
    return node;
  });
  /** The part's script runs (it is the current script while it does), then its `load` fires. */
  const run = (script: HTMLScriptElement, exports?: object) => {
    if (exports) {
      Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
      lazy.registerPart(exports as never);
      Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
    }
    script.dispatchEvent(new Event('load'));
  };
  return { ...lazy, added, run };
}

describe('loadPart', () => {
  it('loads a part from the service once per page, and takes what it registers without any global', async () => {
    const { loadPart, added, run } = await loader();
    const before = Object.keys(window);
    const loading = loadPart(SERVICE, 'challenge');
    expect(added.map((s) => s.src)).toEqual([`${SERVICE}/js/v1/svcpay-challenge.js`]);
    expect(loadPart(SERVICE, 'challenge')).toBe(loading);
    const part = { openChallenge: vi.fn(), setChannelDebug: vi.fn() };
    run(added[0]!, part);
    await expect(loading).resolves.toBe(part);
    // Nothing for a page to call or to rely on, and no second download.
    expect(Object.keys(window)).toEqual(before);
    await expect(loadPart(SERVICE, 'challenge')).resolves.toBe(part);
    expect(added).toHaveLength(1);
  });

  it('rejects when the script fails to load or registers nothing, and the next call tries again', async () => {
    const { loadPart, added, run } = await loader();
    const first = loadPart(SERVICE, 'checkout');
    added[0]!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(/svcpay-checkout\.js did not load/);
    // A 200 that is not the part (a proxy's error page): loaded, but nothing registered.
    const second = loadPart(SERVICE, 'checkout');
    expect(added).toHaveLength(2);
    run(added[1]!);
    await expect(second).rejects.toThrow(/did not load/);
    const third = loadPart(SERVICE, 'checkout');
    const part = { mountCheckout: vi.fn(), setChannelDebug: vi.fn() };
    run(added[2]!, part);
    await expect(third).resolves.toBe(part);
  });

  it("carries svcpay.js's nonce, so a nonce-based script-src lets the part run", async () => {
    const { loadPart, added } = await loader('r4nd0m');
    void loadPart(SERVICE, 'checkout').catch(() => {});
    expect(added[0]!.nonce).toBe('r4nd0m');
  });

  it('gives up on a part that neither loads nor fails (a stalled connection)', async () => {
    vi.useFakeTimers();
    const { loadPart, PART_WAIT_MS } = await loader();
    const loading = loadPart(SERVICE, 'challenge');
    const outcome = loading.then(
      () => 'loaded',
      () => 'failed',
    );
    await vi.advanceTimersByTimeAsync(PART_WAIT_MS);
    await expect(outcome).resolves.toBe('failed');
  });
});

describe('a part that cannot load, through the public API', () => {
  /**
   * A page over the real loader: a fresh module graph, since the workers share one across test
   * files (vitest.config.ts, isolate: false) and others serve the parts from their bundle.
   */
  const page = async () => {
    vi.resetModules();
    return (await import('./create-svcpay.fixtures.ts')).page();
  };

  it('mountCheckout resolves { error: checkout_unavailable } and leaves the container free', async () => {
    const { svcpay } = await page();
    document.body.insertAdjacentHTML('beforeend', '<div id="checkout"></div>');
    const result = await svcpay.mountCheckout('#checkout', { sessionId: 'vp_cs_test_1' });
    expect(result.error?.code).toBe('checkout_unavailable');
    expect(document.querySelector('#checkout iframe')).toBeNull();
    // Not "already holds a checkout": the merchant may simply try again.
    await expect(svcpay.mountCheckout('#checkout', { sessionId: 'vp_cs_test_1' })).resolves.toMatchObject({ error: { code: 'checkout_unavailable' } });
  });

  it('confirmPayment and createToken resolve script_load_failed (never hang, never reject) and fire the error event', async () => {
    const { svcpay, elements, controller, cardReady } = await page();
    const errors: unknown[] = [];
    elements.on('error', (e) => errors.push(e));
    elements.create('card').mount('#card');
    cardReady();
    await nextTask();
    await expect(svcpay.confirmPayment({ elements })).resolves.toEqual({
      status: 'failed',
      sessionId: 'cs_1',
      error: { code: 'script_load_failed', message: expect.stringContaining('could not be reached') },
    });
    await expect(svcpay.createToken({ elements })).resolves.toEqual({ error: { code: 'script_load_failed', message: expect.stringContaining('could not be reached') } });
    expect(errors).toEqual([
      { code: 'script_load_failed', message: expect.stringContaining('script-src') },
      { code: 'script_load_failed', message: expect.stringContaining('script-src') },
    ]);
    // The controller frame is the confirm part's to start: without its code, none was started.
    expect(controller()).toBeNull();
  });
});
