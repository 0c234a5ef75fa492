// @vitest-environment happy-dom
/** The pay form, as the hosted page shows it (with the buyer details) once the checkout is ready. */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL } from '../protocol/messages.ts';
import { checkoutDom, PROCESSOR } from './dom-fixtures.ts';
import { PayForm, type CheckoutViewProps } from './PayForm.tsx';
import { fail, fakeApi, initOk, ok, session } from './test-fixtures.ts';

/** The pages show the form only once the checkout is ready (their panels otherwise). */
function ReadyForm({ checkout, events }: CheckoutViewProps) {
  return checkout.phase.value === 'ready' ? <PayForm checkout={checkout} events={events} buyerFields /> : <></>;
}

const { root, mount, iframe, frameWindow, payButton, fromFrame } = checkoutDom((checkout, events) => <ReadyForm checkout={checkout} events={events} />);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('pay form', () => {
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

  it('keeps the declined form inert, saying why, until the fresh one is ready; then puts focus on its card number (issue 38)', async () => {
    let answer!: () => void;
    const held = new Promise<void>((r) => (answer = r));
    const api = fakeApi({
      completeCheckout: async () =>
        ok({ status: 'failed', sessionId: 'cs_test_1', transactionId: 't', redirectUrl: null, error: { code: 'card_declined', decline_code: 'card_declined', message: 'x' } }),
      initCheckout: vi.fn().mockResolvedValueOnce(initOk('tok_a')).mockImplementationOnce(() => held.then(() => initOk('tok_b'))),
    });
    const checkout = await mount(api);
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.ready' });
    const body = () => iframe().closest<HTMLElement>('.checkout__fields-body')!;
    const status = () => root.el.querySelector('.checkout__fields [role="status"]')!;
    expect([body().hasAttribute('inert'), body().getAttribute('aria-busy'), status().textContent]).toEqual([false, null, '']);
    // Loading the page does not move focus.
    expect(document.activeElement).toBe(document.body);
    // A browser drops focus from the button to <body> as paying disables it (happy-dom keeps it on
    // a disabled button), so the buyer is on <body> from here, as in the browser.
    await act(() => checkout.pay());
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'declined', transactionId: 't', declineCode: 'card_declined' });
    const old = iframe();
    expect(root.el.querySelector('[role="alert"]')?.textContent).toBe('Your card was declined. Try another card.');
    // The fresh token is on its way: the old form is still shown, but takes neither focus nor typing.
    expect([body().hasAttribute('inert'), body().getAttribute('aria-busy'), status().textContent]).toEqual([true, 'true', 'Preparing a new card form…']);
    expect(payButton().disabled).toBe(true);
    // The words are outside the inert part, which assistive technology does not read.
    expect(status().closest('[inert]')).toBeNull();

    await act(async () => {
      answer();
      await held;
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(iframe()).not.toBe(old);
    expect(body().hasAttribute('inert')).toBe(true);
    const post = frameWindow().postMessage;
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.ready' });
    expect([body().hasAttribute('inert'), body().getAttribute('aria-busy'), status().textContent]).toEqual([false, null, '']);
    // The next card goes straight into the fresh form's number.
    expect(post).toHaveBeenCalledWith({ protocol: PROTOCOL, type: 'sbx.focus' }, PROCESSOR);
    expect(document.activeElement).not.toBe(payButton());
  });

  it('leaves focus where the buyer went while the fresh form was prepared', async () => {
    const api = fakeApi({
      getPublicSession: async () => ok({ ...session, buyerFields: { email: 'optional', name: 'none', phone: 'none', shippingAddress: 'none', billingAddress: 'none' } }),
      completeCheckout: async () =>
        ok({ status: 'failed', sessionId: 'cs_test_1', transactionId: 't', redirectUrl: null, error: { code: 'card_declined', decline_code: 'card_declined', message: 'x' } }),
    });
    const checkout = await mount(api);
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.ready' });
    await act(() => checkout.pay());
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'declined', transactionId: 't', declineCode: 'card_declined' });
    const email = root.el.querySelector<HTMLInputElement>('input[type="email"]')!;
    await act(() => email.focus());
    const post = frameWindow().postMessage;
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.ready' });
    expect(document.activeElement).toBe(email);
    expect(post).not.toHaveBeenCalledWith({ protocol: PROTOCOL, type: 'sbx.focus' }, PROCESSOR);
  });

  it('gives keyboard focus back to Pay when the fields refused the card as typed', async () => {
    const checkout = await mount();
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.ready' });
    await act(() => checkout.pay());
    expect(document.activeElement).toBe(document.body);
    await fromFrame({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'invalid' });
    expect(document.activeElement).toBe(payButton());
  });

  it('formats the Pay label in the session locale', async () => {
    await mount(fakeApi({ getPublicSession: async () => ok({ ...session, locale: 'fr', currency: 'EUR' }) }));
    const button = root.el.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(button.textContent?.replace(/\s/g, ' ')).toBe('Payer 10,00 €');
    expect(iframe().getAttribute('title')).toBe('Informations de carte');
  });
});

describe('pay form buyer details (issue 10)', () => {
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

  it('issue 35: while init hands out no form, shows the details and Continue with no card frame; Continue saves, then the card frame shows', async () => {
    const api = fakeApi({ getPublicSession: async () => ok(asking), initCheckout: vi.fn().mockResolvedValueOnce(fail(422, 'required_fields_missing')).mockResolvedValue(initOk()) });
    await mount(api);
    const button = () => root.el.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(root.el.querySelector('iframe')).toBeNull();
    expect([button().textContent, button().disabled]).toEqual(['Continue to payment', false]);
    await act(() => {
      email().value = 'ada@example.com';
      email().dispatchEvent(new Event('input', { bubbles: true }));
    });
    await submit();
    expect(api.saveBuyerDetails).toHaveBeenCalledWith('cs_test_1', expect.objectContaining({ email: 'ada@example.com' }));
    expect(iframe()).not.toBeNull();
    expect(payButton().textContent).toBe('Pay $10.00');
  });

  it('shows no buyer inputs when the session asks for none', async () => {
    await mount();
    expect(root.el.querySelectorAll('input').length).toBe(0);
  });
});
