// @vitest-environment happy-dom
/** CardFields: names, errors and when they show, the handle, layouts, languages, the brand icon, demo states. */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { blur, last, type } from '../test-dom.ts';
import { CardFields } from './index.ts';
import { states } from './CardFields.states.ts';
import { cardFieldsDom } from './CardFields.fixtures.tsx';
import ar from '../../locales/ar.json';
import ja from '../../locales/ja.json';

const { root, mount, byLabel } = cardFieldsDom();

describe('CardFields', () => {
  it('names its inputs for assistive technology, with card autocomplete hints', async () => {
    await mount({ showPostalCode: true });
    const number = byLabel('Card number');
    expect(number.getAttribute('autocomplete')).toBe('cc-number');
    expect(number.getAttribute('inputmode')).toBe('numeric');
    expect(byLabel('Expiration date').getAttribute('autocomplete')).toBe('cc-exp');
    expect(byLabel('Security code').getAttribute('autocomplete')).toBe('cc-csc');
    expect(byLabel('Postal code').getAttribute('autocomplete')).toBe('postal-code');
  });

  it('returns digits only from values()', async () => {
    const { handle } = await mount({ showPostalCode: true });
    await type(byLabel('Card number'), '4242 4242 4242 4242');
    await type(byLabel('Expiration date'), '1234');
    await type(byLabel('Security code'), '123');
    await type(byLabel('Postal code'), '94107');
    expect(handle().values()).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123', postalCode: '94107' });
  });

  it('shows a Luhn error after blur, not while typing', async () => {
    const { onChange } = await mount();
    const number = byLabel('Card number');
    await type(number, '424242424242424');
    await type(number, '1');
    expect(number.getAttribute('aria-invalid')).toBe('false');
    await blur(number);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    const errorId = number.getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('-error'));
    expect(errorId).toBeTruthy();
    expect(root.el.querySelector(`#${CSS.escape(errorId!)}`)?.textContent).toBe('Your card number is invalid.');
    expect(last(onChange)?.error).toEqual({ code: 'invalid_number', message: 'Your card number is invalid.' });
  });

  it('does not flag an incomplete number while typing', async () => {
    const { onChange } = await mount();
    await type(byLabel('Card number'), '4242');
    expect(byLabel('Card number').getAttribute('aria-invalid')).toBe('false');
    expect(last(onChange)).toMatchObject({ empty: false, complete: false, brand: 'visa', error: null });
  });

  it('validate() reveals every problem and focuses the first invalid input', async () => {
    const { handle } = await mount();
    await type(byLabel('Card number'), '4242424242424242');
    let ok = true;
    await act(() => {
      ok = handle().validate();
    });
    expect(ok).toBe(false);
    expect(document.activeElement).toBe(byLabel('Expiration date'));
    expect(byLabel('Expiration date').getAttribute('aria-invalid')).toBe('true');
    expect(byLabel('Security code').getAttribute('aria-invalid')).toBe('true');
    expect(byLabel('Card number').getAttribute('aria-invalid')).toBe('false');
  });

  it('flags a past expiry date at once', async () => {
    await mount();
    await type(byLabel('Expiration date'), '0120');
    expect(byLabel('Expiration date').getAttribute('aria-invalid')).toBe('true');
    expect(root.el.textContent).toContain("Your card's expiration date is in the past.");
  });

  it('detects amex and wants a 4-digit security code', async () => {
    const { onChange, handle } = await mount();
    await type(byLabel('Card number'), '378282246310005');
    expect(byLabel('Card number').value).toBe('3782 822463 10005');
    await type(byLabel('Expiration date'), '1234');
    await type(byLabel('Security code'), '123');
    expect(last(onChange)).toMatchObject({ brand: 'amex', complete: false });
    await type(byLabel('Security code'), '4');
    expect(last(onChange)).toMatchObject({ brand: 'amex', complete: true });
    expect(handle().values().cvc).toBe('1234');
  });

  it('clear() empties every input', async () => {
    const { onChange, handle } = await mount();
    await type(byLabel('Card number'), '4242');
    await act(() => handle().clear());
    expect(byLabel('Card number').value).toBe('');
    expect(last(onChange)).toMatchObject({ empty: true, complete: false, brand: 'unknown' });
  });

  it('calls onEscape on the Escape key', async () => {
    const onEscape = vi.fn();
    await mount({ onEscape });
    await act(() => {
      byLabel('Card number').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(onEscape).toHaveBeenCalledOnce();
  });

  it('disables every input', async () => {
    await mount({ disabled: true, showPostalCode: true });
    for (const name of ['Card number', 'Expiration date', 'Security code', 'Postal code']) expect(byLabel(name).disabled).toBe(true);
  });

  it('translates labels and errors to French', async () => {
    await mount({ locale: 'fr', initial: { revealed: true } });
    expect(byLabel('Numéro de carte')).toBeTruthy();
    expect(root.el.textContent).toContain('Le numéro de carte est incomplet.');
  });

  it('labels in Arabic and keeps the card digits left to right', async () => {
    await mount({ locale: 'ar', showPostalCode: true, initial: { revealed: true } });
    for (const key of ['card.number.label', 'card.expiry.label', 'card.cvc.label', 'card.postal.label'] as const) {
      // Bidi would reorder "4242 4242" on a right-to-left page: each control is dir=ltr.
      expect(byLabel(ar[key]).closest('[dir]')?.getAttribute('dir')).toBe('ltr');
    }
    expect(root.el.textContent).toContain(ar['error.incomplete_number']);
  });

  it('translates to Japanese', async () => {
    await mount({ locale: 'ja', initial: { revealed: true } });
    expect(byLabel(ja['card.number.label'])).toBeTruthy();
    expect(root.el.textContent).toContain(ja['error.incomplete_number']);
  });

  it('renders a single input with its own placeholder', async () => {
    const { onChange, handle } = await mount({ layout: 'number', placeholder: 'Number here' });
    expect(root.el.querySelectorAll('input')).toHaveLength(1);
    expect(byLabel('Card number').placeholder).toBe('Number here');
    await type(byLabel('Card number'), '5555555555554444');
    expect(last(onChange)).toMatchObject({ complete: true, brand: 'mastercard' });
    expect(handle().values()).toEqual({ number: '5555555555554444' });
  });

  it('single expiry layout reports its own completeness', async () => {
    const { onChange, handle } = await mount({ layout: 'expiry' });
    await type(byLabel('Expiration date'), '1230');
    expect(last(onChange)?.complete).toBe(true);
    expect(handle().values()).toEqual({ expMonth: 12, expYear: 2030 });
  });

  it('reports focus and blur for the component as a whole', async () => {
    const onFocus = vi.fn();
    const onBlur = vi.fn();
    await mount({ onFocus, onBlur });
    await act(() => byLabel('Card number').focus());
    await act(() => byLabel('Expiration date').focus());
    expect(onFocus).toHaveBeenCalledTimes(1);
    expect(onBlur).not.toHaveBeenCalled();
    await act(() => byLabel('Expiration date').blur());
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('shows the brand as a small inline icon, named for screen readers in the description', async () => {
    await mount();
    const number = byLabel('Card number');
    expect(root.el.querySelector('svg')).toBeNull();
    await type(number, '3782');
    const icon = root.el.querySelector('svg');
    expect(icon?.getAttribute('data-brand')).toBe('amex');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(root.el.querySelector('img, image, use')).toBeNull();
    const describedBy = number.getAttribute('aria-describedby')!.split(' ');
    const description = describedBy.map((id) => root.el.querySelector(`#${CSS.escape(id)}`)?.textContent).join(' ');
    expect(description).toBe('Card brand: Amex');
    await act(() => {
      number.value = '55';
      number.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'deleteContentBackward' }));
    });
    expect(root.el.querySelector('svg')?.getAttribute('data-brand')).toBe('mastercard');
  });

  it('gives each split frame its own autocomplete token, so autofill of one offers the others', async () => {
    for (const [layout, name, token] of [
      ['number', 'Card number', 'cc-number'],
      ['expiry', 'Expiration date', 'cc-exp'],
      ['cvc', 'Security code', 'cc-csc'],
    ] as const) {
      await mount({ layout });
      expect(byLabel(name).getAttribute('autocomplete')).toBe(token);
      expect(byLabel(name).getAttribute('inputmode')).toBe('numeric');
      expect(byLabel(name).name).toBeTruthy();
      await act(() => render(null, root.el));
    }
  });

  it('announces a number error once, on blur, not on each keystroke', async () => {
    await mount();
    const number = byLabel('Card number');
    const errorId = `${number.id}-error`;
    const region = root.el.querySelector(`#${CSS.escape(errorId)}`)!;
    expect(region.getAttribute('aria-live')).toBe('polite');
    const announced: string[] = [];
    const observer = new MutationObserver(() => announced.push(region.textContent ?? ''));
    observer.observe(region, { childList: true, characterData: true, subtree: true });
    await type(number, '4242424242424241');
    await act(() => Promise.resolve());
    expect(announced.filter(Boolean)).toEqual([]);
    await blur(number);
    await act(() => Promise.resolve());
    observer.disconnect();
    expect(announced.filter(Boolean)).toEqual(['Your card number is invalid.']);
    expect(number.getAttribute('aria-describedby')?.split(' ')).toContain(errorId);
  });

  it('wants 4 digits for an amex security code and 3 for others, shown on blur', async () => {
    await mount();
    await type(byLabel('Card number'), '4242424242424242');
    await type(byLabel('Security code'), '1234');
    expect(byLabel('Security code').value).toBe('123');
    await act(() => render(null, root.el));
    await mount();
    await type(byLabel('Card number'), '378282246310005');
    await type(byLabel('Security code'), '123');
    expect(byLabel('Security code').getAttribute('aria-invalid')).toBe('false');
    await blur(byLabel('Security code'));
    expect(byLabel('Security code').getAttribute('aria-invalid')).toBe('true');
    expect(root.el.textContent).toContain("Your card's security code is incomplete.");
  });

  it('renders every demo state', async () => {
    for (const [name, state] of Object.entries(states)) {
      await act(() => {
        render(<CardFields {...state.props} />, root.el);
      });
      expect(root.el.querySelector('input'), name).toBeTruthy();
      await act(() => render(null, root.el));
    }
  });
});
