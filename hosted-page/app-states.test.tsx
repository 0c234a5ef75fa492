// @vitest-environment happy-dom
/** Issue 10: each state of the hosted page shows its own words, and the way back where it belongs. */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../src/components/test-dom.ts';
import { fakeMessageTarget } from '../src/protocol/fake-window.ts';
import type { PublicSession } from '../src/api/checkout.ts';
import { App } from './app.tsx';
import { createCheckout } from '../src/checkout/checkout-store.ts';
import { fail, fakeApi, ok, session } from '../src/checkout/test-fixtures.ts';

const root = mountPoint();
const events = fakeMessageTarget().target;
const boot = { sessionId: 'cs_test_1', publishableKey: 'vp_pk_test_abc', locale: null };

async function mount(s: Partial<PublicSession>, init?: ReturnType<typeof fail>) {
  const api = fakeApi({ getPublicSession: async () => ok({ ...session, ...s }), ...(init ? { initCheckout: async () => init } : {}) });
  const checkout = createCheckout({ boot, api, origin: 'http://localhost:4242', assign: vi.fn() });
  await act(async () => {
    render(<App checkout={checkout} events={events} />, root.el);
    await checkout.start();
  });
  return checkout;
}

const heading = () => root.el.querySelector('h2.svp-status__title')?.textContent;
const link = () => root.el.querySelector<HTMLAnchorElement>('a.checkout__cancel');

describe('hosted page states', () => {
  it.each([
    [{ status: 'succeeded', paymentStatus: 'paid' }, undefined, 'Already paid', /already been paid/],
    [{ status: 'succeeded', paymentStatus: 'held' }, undefined, 'Payment authorized', /authorized but not yet charged\. Demo Shop will charge it/],
    [{ status: 'succeeded', paymentStatus: 'cancelled' }, undefined, 'Payment cancelled', /Nothing was charged/],
    [{ status: 'failed', paymentStatus: 'unpaid', retry: { allowed: false, attempts_remaining: 0 } }, undefined, 'Payment failed', /Return to Demo Shop to start again/],
    [{ status: 'processing' }, fail(409, 'charge_in_progress'), 'Your payment is being processed', /Do not pay again/],
  ] as const)('%o shows its own words and no form', async (s, init, title, body) => {
    await mount(s as Partial<PublicSession>, init);
    expect(heading()).toBe(title);
    expect(root.el.textContent).toMatch(body);
    expect(root.el.querySelector('form')).toBeNull();
  });

  it('offers the way back on the form and after a final decline, never once paid', async () => {
    await mount({});
    expect(link()?.textContent).toBe('Cancel and return to Demo Shop');
    expect(link()?.getAttribute('href')).toBe('http://127.0.0.1:4244/cart');

    await mount({ status: 'failed', retry: { allowed: false, attempts_remaining: 0 } });
    expect(link()?.textContent).toBe('Return to Demo Shop');

    await mount({ status: 'succeeded', paymentStatus: 'paid' });
    expect(link()).toBeNull();
  });

  it('has no way back when the session has no cancelUrl', async () => {
    await mount({ cancelUrl: null });
    expect(root.el.querySelector('form')).not.toBeNull();
    expect(link()).toBeNull();
  });

  it('"Check again" on processing reads the session again, and shows the form once nothing is under way', async () => {
    const init = vi.fn().mockResolvedValueOnce(fail(409, 'charge_in_progress')).mockResolvedValue(ok({ type: 'sandbox', token: 't2', environment: 'sandbox', fieldsUrl: 'http://127.0.0.1:4243/fields' }));
    const api = fakeApi({ getPublicSession: vi.fn(async () => ok({ ...session, status: 'processing' as const })), initCheckout: init });
    const checkout = createCheckout({ boot, api, origin: 'http://localhost:4242', assign: vi.fn() });
    await act(async () => {
      render(<App checkout={checkout} events={events} />, root.el);
      await checkout.start();
    });
    const button = [...root.el.querySelectorAll('button')].find((b) => b.textContent === 'Check again')!;
    await act(async () => {
      button.click();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(api.getPublicSession).toHaveBeenCalledTimes(2);
    expect(root.el.querySelector('form')).not.toBeNull();
  });
});
