/**
 * For the checkout's DOM tests (happy-dom): a checkout on a fake API, shown by a view (the hosted
 * page's App, or the pay form alone), and the processor's card frame as the page sees it.
 */
import { render, type JSX } from 'preact';
import { act } from 'preact/test-utils';
import { beforeEach, vi } from 'vitest';
import { mountPoint } from '../components/test-dom.ts';
import type { MessageTarget } from '../protocol/channel.ts';
import { fakeMessageTarget } from '../protocol/fake-window.ts';
import { createCheckout, type Checkout } from './checkout-store.ts';
import { fakeApi } from './test-fixtures.ts';

export const PROCESSOR = 'http://127.0.0.1:4243';

/** Call at the top of a test file: each test starts on an empty page with no frame listening. */
export function checkoutDom(view: (checkout: Checkout, events: MessageTarget) => JSX.Element) {
  const root = mountPoint();
  const messages = fakeMessageTarget();
  beforeEach(() => {
    messages.reset();
  });

  async function mount(
    api = fakeApi(),
    boot = { sessionId: 'cs_test_1', publishableKey: 'vp_pk_test_abc' as string | null, locale: null },
    languages?: readonly string[],
  ) {
    const checkout = createCheckout({ boot, api, origin: 'http://localhost:4242', assign: vi.fn(), randomId: () => 'req1', languages });
    await act(async () => {
      render(view(checkout, messages.target), root.el);
      await checkout.start();
    });
    return checkout;
  }

  const iframe = () => root.el.querySelector('iframe')!;

  /**
   * happy-dom does not load iframe pages (it logs a NotSupportedError per iframe, expected here), so each one gets a stand-in window the test can watch. */
  function frameWindow() {
    const el = iframe();
    if (!el.contentWindow) Object.defineProperty(el, 'contentWindow', { value: { postMessage: vi.fn() }, configurable: true });
    return el.contentWindow as unknown as { postMessage: ReturnType<typeof vi.fn> };
  }
  const payButton = () => [...root.el.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Pay'))!;

  async function fromFrame(data: unknown, origin = PROCESSOR, source: unknown = frameWindow()) {
    await act(async () => {
      messages.dispatch(data, origin, source);
      await new Promise((r) => setTimeout(r, 0));
    });
  }

  return { root, mount, iframe, frameWindow, payButton, fromFrame };
}
