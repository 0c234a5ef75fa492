// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMessageTarget } from '../src/protocol/fake-window.ts';
import { mountPoint } from '../src/components/test-dom.ts';
import { PROTOCOL } from '../src/protocol/messages.ts';
import { App } from './app.tsx';
import { createCheckout } from '../src/checkout/checkout-store.ts';
import checkoutDe from '../src/locales/checkout.de.json';
import checkoutAr from '../src/locales/checkout.ar.json';
import { fail, fakeApi, ok, session } from '../src/checkout/test-fixtures.ts';

const PROCESSOR = 'http://127.0.0.1:4243';
const root = mountPoint();
const messages = fakeMessageTarget();
const events = messages.target;

beforeEach(() => {
  messages.reset();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function mount(
  api = fakeApi(),
  boot = { sessionId: 'cs_test_1', publishableKey: 'vp_pk_test_abc' as string | null, locale: null },
  languages?: readonly string[],
) {
  const checkout = createCheckout({ boot, api, origin: 'http://localhost:4242', assign: vi.fn(), randomId: () => 'req1', languages });
  await act(async () => {
    render(<App checkout={checkout} events={events} />, root.el);
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

describe('hosted page', () => {
  it('shows the order and a titled, sandboxed card frame', async () => {
    await mount();
    expect(root.el.querySelector('h1')?.textContent).toBe('Demo Shop');
    expect(root.el.textContent).toContain('Order 42');
    expect(iframe().getAttribute('title')).toBe('Card details');
    expect(iframe().getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(iframe().getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:4243\/fields#token=sbx_tok_1&parentOrigin=/);
  });

  it('names the Pay button with the amount and enables it once the frame is ready', async () => {
    await mount();
    expect(payButton().textContent).toBe('Pay $10.00');
    expect(payButton().disabled).toBe(true);
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.ready' });
    expect(payButton().disabled).toBe(false);
  });

  it('sizes the card frame to the height the fields page reports', async () => {
    await mount();
    expect(iframe().style.height).toBe('');
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.resize', height: 188 });
    expect(iframe().style.height).toBe('188px');
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.resize', height: 99999 });
    expect(iframe().style.height).toBe('188px');
  });

  it('ignores frame messages from another origin or window', async () => {
    await mount();
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.ready' }, 'http://evil.test');
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.ready' }, PROCESSOR, window);
    await fromFrame({ type: 'sbx.ready' });
    expect(payButton().disabled).toBe(true);
  });

  it('posts submit to the processor origin on form submit and marks the button busy', async () => {
    await mount();
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.ready' });
    const post = frameWindow().postMessage;
    await act(() => {
      root.el.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    expect(post).toHaveBeenCalledWith({ protocol: PROTOCOL, type: 'sbx.submit', requestId: 'req1' }, PROCESSOR);
    expect(payButton().getAttribute('aria-busy')).toBe('true');
    expect(payButton().disabled).toBe(true);
  });

  it('shows a decline in an alert and keeps the buyer on the page', async () => {
    const api = fakeApi({
      completeCheckout: async () =>
        ok({ status: 'failed', sessionId: 'cs_test_1', transactionId: 't', redirectUrl: null, error: { code: 'card_declined', decline_code: 'card_declined', message: 'x' } }),
    });
    const checkout = await mount(api);
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.ready' });
    await act(() => checkout.pay());
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'declined', transactionId: 't', declineCode: 'card_declined' });
    expect(root.el.querySelector('[role="alert"]')?.textContent).toBe('Your card was declined. Try another card.');
    expect(iframe()).toBeTruthy();
    expect(api.initCheckout).toHaveBeenCalledTimes(2);
  });

  it('gives keyboard focus back to Pay after a decline, once the fresh frame is ready', async () => {
    const api = fakeApi({
      completeCheckout: async () =>
        ok({ status: 'failed', sessionId: 'cs_test_1', transactionId: 't', redirectUrl: null, error: { code: 'card_declined', decline_code: 'card_declined', message: 'x' } }),
    });
    const checkout = await mount(api);
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.ready' });
    // Loading the page does not move focus.
    expect(document.activeElement).toBe(document.body);
    // A browser drops focus from the button to <body> as paying disables it (happy-dom keeps it on
    // a disabled button), so the buyer is on <body> from here, as in the browser.
    await act(() => checkout.pay());
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'declined', transactionId: 't', declineCode: 'card_declined' });
    expect(payButton().disabled).toBe(true);
    expect(document.activeElement).toBe(document.body);

    await fromFrame({ protocol: PROTOCOL, type: 'sbx.ready' });
    expect(document.activeElement).toBe(payButton());
  });

  it('shows the success panel after payment', async () => {
    const checkout = await mount();
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.ready' });
    await act(() => checkout.pay());
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'approved', transactionId: 't' });
    const status = root.el.querySelector('[role="status"]');
    expect(status?.textContent).toContain('Payment successful');
    expect(status?.textContent).toContain('Returning you to Demo Shop…');
    expect(iframe()).toBeNull();
  });

  it('shows not found, expired and a retryable error', async () => {
    await mount(fakeApi(), { sessionId: 'cs_x', publishableKey: null, locale: null });
    expect(root.el.querySelector('h1')?.textContent).toBe('Checkout not found');
    render(null, root.el);

    await mount(fakeApi({ initCheckout: async () => fail(410, 'session_expired') }));
    expect(root.el.querySelector('h1')?.textContent).toBe('This checkout has expired');
    render(null, root.el);

    await mount(fakeApi({ getPublicSession: async () => fail(500, 'internal_error') }));
    expect(root.el.querySelector('[role="alert"] h1')?.textContent).toBe('Something went wrong');
    expect(root.el.querySelector('button')?.textContent).toBe('Try again');
  });

  it('formats the Pay label in the session locale', async () => {
    await mount(fakeApi({ getPublicSession: async () => ok({ ...session, locale: 'fr', currency: 'EUR' }) }));
    const button = root.el.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(button.textContent?.replace(/\s/g, ' ')).toBe('Payer 10,00 €');
    expect(iframe().getAttribute('title')).toBe('Informations de carte');
  });

  it('renders German for a session created with locale de', async () => {
    await mount(fakeApi({ getPublicSession: async () => ok({ ...session, locale: 'de', currency: 'EUR' }) }), undefined, ['fr-FR']);
    const button = root.el.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(button.textContent?.replace(/\s/g, ' ')).toBe(checkoutDe['checkout.pay'].replace('{amount}', '10,00 €'));
    expect(root.el.textContent).toContain(checkoutDe['checkout.total']);
    expect(iframe().getAttribute('title')).toBe(checkoutDe['checkout.card_details']);
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
    // The processor's fields page is told the same language.
    expect(iframe().getAttribute('src')).toContain('locale=de');
  });

  it("speaks the browser's language when the session names none", async () => {
    await mount(fakeApi(), undefined, ['de-AT', 'en']);
    expect(iframe().getAttribute('title')).toBe(checkoutDe['checkout.card_details']);
    expect(document.documentElement.lang).toBe('de-AT');
    expect(iframe().getAttribute('src')).toContain('locale=de-AT');
  });

  it('mirrors the page for an Arabic session', async () => {
    await mount(fakeApi({ getPublicSession: async () => ok({ ...session, locale: 'ar' }) }));
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(iframe().getAttribute('title')).toBe(checkoutAr['checkout.card_details']);
  });
});

describe('hosted page buyer details (issue 10)', () => {
  const asking = { ...session, buyerFields: { email: 'required', name: 'optional', phone: 'none', shippingAddress: 'none', billingAddress: 'none' } } as const;
  const submit = () =>
    act(async () => {
      root.el.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await new Promise((r) => setTimeout(r, 0));
    });
  const email = () => root.el.querySelector<HTMLInputElement>('input[type="email"]')!;

  it('asks for what the session collects, above the card', async () => {
    await mount(fakeApi({ getPublicSession: async () => ok(asking) }));
    expect(email()).not.toBeNull();
    expect(email().compareDocumentPosition(iframe()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(root.el.textContent).toContain('Contact information');
  });

  it('blocks Pay on a missing required email: an error on it, focus on it, nothing sent to the processor', async () => {
    await mount(fakeApi({ getPublicSession: async () => ok(asking) }));
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.ready' });
    const post = frameWindow().postMessage;
    await submit();
    expect(post).not.toHaveBeenCalled();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email());
    expect(payButton().getAttribute('aria-busy')).not.toBe('true');

    await act(() => {
      email().value = 'ada@example.com';
      email().dispatchEvent(new Event('input', { bubbles: true }));
    });
    await submit();
    expect(post).toHaveBeenCalledWith({ protocol: PROTOCOL, type: 'sbx.submit', requestId: 'req1' }, PROCESSOR);
  });

  it('shows no buyer inputs when the session asks for none', async () => {
    await mount();
    expect(root.el.querySelectorAll('input').length).toBe(0);
  });
});
