// @vitest-environment happy-dom
/** The hosted page's App: the order beside the pay form (src/checkout/PayForm.test.tsx), its panels and its language. */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL } from '../src/protocol/messages.ts';
import { checkoutDom } from '../src/checkout/dom-fixtures.ts';
import { fail, fakeApi, ok, session } from '../src/checkout/test-fixtures.ts';
import checkoutDe from '../src/locales/checkout.de.json';
import checkoutAr from '../src/locales/checkout.ar.json';
import checkoutJa from '../src/locales/checkout.ja.json';
import { App } from './app.tsx';

const { root, mount, iframe, fromFrame } = checkoutDom((checkout, events) => <App checkout={checkout} events={events} />);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('hosted page', () => {
  it('shows the order and a titled, sandboxed card frame', async () => {
    await mount();
    expect(root.el.querySelector('h1')?.textContent).toBe('Demo Shop');
    expect(root.el.textContent).toContain('Order 42');
    expect(iframe().getAttribute('title')).toBe('Card details');
    expect(iframe().getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(iframe().getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:4243\/fields#token=sbx_tok_1&parentOrigin=/);
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

  it('asks to save the card, not to pay, for a setup session, and says it is saved once it is (issue 35)', async () => {
    const setup = { ...session, mode: 'setup' as const, amount: 0 };
    const checkout = await mount(
      fakeApi({
        getPublicSession: async () => ok(setup),
        completeCheckout: async () => ok({ status: 'succeeded' as const, sessionId: 'cs_test_1', transactionId: 't', redirectUrl: null, paymentStatus: 'unpaid' as const }),
      }),
    );
    const button = root.el.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(button.textContent).toBe('Save card');
    expect(root.el.querySelector('#checkout-pay-heading')?.textContent).toBe('Card details');
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.ready' });
    await act(() => checkout.pay());
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'approved', transactionId: 't' });
    const status = root.el.querySelector('[role="status"]');
    expect(status?.textContent).toContain('Card saved');
    expect(status?.textContent).not.toContain('Payment successful');
    render(null, root.el);
    // Opened again once saved: the card is saved, never "already paid"; and in the session's language.
    await mount(fakeApi({ getPublicSession: async () => ok({ ...setup, status: 'succeeded', paymentStatus: 'unpaid', locale: 'ja' }) }));
    expect(root.el.querySelector('[role="status"]')?.textContent).toContain(checkoutJa['status.saved.title']);
    render(null, root.el);
    await mount(fakeApi({ getPublicSession: async () => ok({ ...setup, locale: 'ja' }) }));
    expect(root.el.querySelector('button[type="submit"]')?.textContent).toBe(checkoutJa['checkout.save_card']);
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
