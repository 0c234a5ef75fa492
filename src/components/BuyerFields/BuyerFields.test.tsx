// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import type { BuyerFieldPlan } from '../../buyer/buyer-fields.ts';
import { mountPoint } from '../test-dom.ts';
import { BuyerFields, type BuyerFieldsHandle, type BuyerFieldsProps } from './index.ts';
import { states } from './BuyerFields.states.ts';

const root = mountPoint();

const NONE: BuyerFieldPlan = { email: 'none', name: 'none', phone: 'none', shippingAddress: 'none', billingAddress: 'none' };
const ALL: BuyerFieldPlan = { email: 'required', name: 'required', phone: 'required', shippingAddress: 'required', billingAddress: 'required' };
const SHIP = { country: 'US', name: 'Ada Lovelace', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105' };
const BILL = { country: 'GB', line1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA' };

async function mount(props: Partial<BuyerFieldsProps> = {}) {
  let handle: BuyerFieldsHandle | null = null;
  await act(() => {
    render(<BuyerFields plan={ALL} country="US" handleRef={(h) => (handle = h)} {...props} />, root.el);
  });
  return () => handle!;
}

/** The text of a label without what is hidden from assistive technology ("(optional)"). */
const nameOf = (label: Element) => [...label.childNodes].filter((n) => !(n instanceof Element && n.getAttribute('aria-hidden') === 'true')).map((n) => n.textContent).join('').trim();
const labels = () => [...root.el.querySelectorAll('label')].map(nameOf);

function input(name: string, nth = 0): HTMLInputElement {
  const label = [...root.el.querySelectorAll('label')].filter((l) => nameOf(l) === name)[nth];
  if (!label) throw new Error(`no label ${name}; have ${labels().join(', ')}`);
  return root.el.querySelector<HTMLInputElement>(`#${CSS.escape((label as HTMLLabelElement).htmlFor)}`)!;
}

async function type(el: HTMLInputElement, text: string) {
  await act(() => {
    el.value = text;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const errorOf = (el: HTMLElement) => root.el.querySelector(`#${el.getAttribute('aria-describedby')}`)?.textContent ?? null;

async function collect(handle: () => BuyerFieldsHandle) {
  let out: ReturnType<BuyerFieldsHandle['collect']> = null;
  await act(() => {
    out = handle().collect();
  });
  return out;
}

describe('BuyerFields', () => {
  it('shows nothing when the session asks for nothing', async () => {
    const handle = await mount({ plan: NONE });
    expect(root.el.innerHTML).toBe('');
    expect(await collect(handle)).toEqual({});
  });

  it('asks for email and name, both optional, on a default account, and for no address', async () => {
    await mount({ plan: { ...NONE, email: 'optional', name: 'optional' } });
    expect(labels()).toEqual(['Email', 'Full name']);
    expect(input('Email').getAttribute('aria-required')).toBeNull();
    expect(root.el.querySelector('[role="group"]')).toBeNull();
  });

  it('shows every input a fully required session asks for, in reading order', async () => {
    await mount();
    expect(labels().slice(0, 3)).toEqual(['Email', 'Full name', 'Phone']);
    expect(root.el.querySelector('[aria-label="Shipping address"]')).not.toBeNull();
    expect(root.el.querySelector('[aria-label="Billing address"]')).not.toBeNull();
    expect(input('Email').type).toBe('email');
    expect(input('Phone').getAttribute('autocomplete')).toBe('tel');
  });

  it('blocks with an error on each blank required input and focuses the first one', async () => {
    const handle = await mount();
    expect(await collect(handle)).toBeNull();
    for (const name of ['Email', 'Phone']) {
      expect(input(name).getAttribute('aria-invalid')).toBe('true');
      expect(errorOf(input(name))).toBe('This field is required.');
    }
    expect(input('Address line 1').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('Email'));
  });

  it('focuses the first invalid input in reading order, even inside the shipping address', async () => {
    const handle = await mount({ initial: { texts: { email: 'ada@example.com', name: 'Ada', phone: '+14155550100' }, billing: { texts: {} } } });
    expect(await collect(handle)).toBeNull();
    // The shipping address's own first input (its recipient) comes before the billing address.
    expect(document.activeElement).toBe(input('Full name', 1));
  });

  it('refuses an email without a domain, once the buyer has left it', async () => {
    await mount({ plan: { ...NONE, email: 'required' } });
    const email = input('Email');
    await type(email, 'ada@');
    expect(email.getAttribute('aria-invalid')).toBe('false');
    await act(() => {
      email.dispatchEvent(new FocusEvent('blur'));
    });
    expect(errorOf(email)).toBe('Your email address is invalid.');
    await type(email, 'ada@example.com');
    expect(email.getAttribute('aria-invalid')).toBe('false');
  });

  it('hands over every value once all are right: trimmed, addresses flattened with their recipient', async () => {
    const handle = await mount({ initial: { texts: { email: ' ada@example.com', name: 'Ada Lovelace', phone: '+1 415 555 0100' }, shipping: { texts: SHIP }, billing: { texts: BILL } } });
    expect(await collect(handle)).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      phone: '+1 415 555 0100',
      shippingAddress: { ...SHIP, line2: '' },
      billingAddress: { ...BILL, line2: '', state: '' },
    });
  });

  it('lets optional inputs stay blank and leaves them out', async () => {
    const handle = await mount({ plan: { email: 'optional', name: 'optional', phone: 'optional', shippingAddress: 'optional', billingAddress: 'none' } });
    expect(await collect(handle)).toEqual({});
    expect(input('Email').getAttribute('aria-invalid')).toBe('false');
  });

  it.each(Object.entries(states))('renders its %s state', async (_name, state) => {
    await mount(state.props);
    expect(root.el.querySelectorAll('input, select').length).toBeGreaterThan(0);
  });
});
