// @vitest-environment happy-dom
/** CardFields as the buyer types, pastes and autofills: formatting, the caret, focus moving on. */
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { last, type } from '../test-dom.ts';
import { cardFieldsDom } from './CardFields.fixtures.tsx';

const { root, mount, byLabel } = cardFieldsDom();

/** A paste of `text` at the caret (or over the selection), as the browser applies it before `input`. */
async function paste(input: HTMLInputElement, text: string, at = input.value.length) {
  await act(() => {
    input.focus();
    input.value = input.value.slice(0, at) + text + input.value.slice(at);
    input.setSelectionRange(at + text.length, at + text.length);
    input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  });
}

/** Browser autofill: the whole value replaced, announced by an `input` event without inputType (or insertReplacementText). */
async function autofill(input: HTMLInputElement, value: string, inputType?: string) {
  await act(() => {
    input.value = value;
    input.dispatchEvent(inputType ? new InputEvent('input', { bubbles: true, inputType }) : new Event('input', { bubbles: true }));
  });
}

describe('CardFields', () => {
  it('formats as the buyer types and reports a complete Visa', async () => {
    const { onChange, handle } = await mount();
    await type(byLabel('Card number'), '4242424242424242');
    expect(byLabel('Card number').value).toBe('4242 4242 4242 4242');
    expect(root.el.textContent).toContain('Visa');
    await type(byLabel('Expiration date'), '1234');
    expect(byLabel('Expiration date').value).toBe('12 / 34');
    await type(byLabel('Security code'), '123');
    expect(last(onChange)).toEqual({ empty: false, complete: true, brand: 'visa', error: null });
    expect(handle().validate()).toBe(true);
  });

  it('accepts text typed with its separators', async () => {
    const { onChange } = await mount();
    await type(byLabel('Card number'), '4242 4242 4242 4242');
    await type(byLabel('Expiration date'), '12 / 34');
    await type(byLabel('Security code'), '123');
    expect(byLabel('Expiration date').value).toBe('12 / 34');
    expect(last(onChange)?.complete).toBe(true);
  });

  it('moves focus to the next input once a part is complete', async () => {
    await mount();
    await type(byLabel('Card number'), '4242424242424242');
    expect(document.activeElement).toBe(byLabel('Expiration date'));
  });

  it('formats a pasted spaced or dashed number and puts the caret after it', async () => {
    await mount();
    const number = byLabel('Card number');
    await paste(number, '4242 4242-4242 4242');
    expect(number.value).toBe('4242 4242 4242 4242');
    expect(number.selectionStart).toBe(number.value.length);
    expect(document.activeElement).toBe(byLabel('Expiration date'));
  });

  it('keeps the caret after the pasted digits when pasting in the middle', async () => {
    await mount();
    const number = byLabel('Card number');
    await type(number, '42424242');
    await paste(number, '00-00', 4);
    expect(number.value).toBe('4242 0000 4242');
    expect(number.selectionStart).toBe('4242 0000'.length);
  });

  it('stops the number at the brand maximum, whatever is pasted', async () => {
    await mount();
    await paste(byLabel('Card number'), '3782-822463-10005-999');
    expect(byLabel('Card number').value).toBe('3782 822463 10005');
  });

  it.each([
    ['no inputType', undefined],
    ['insertReplacementText', 'insertReplacementText'],
  ])('accepts and formats browser autofill (%s) and leaves focus where it was', async (_name, inputType) => {
    const { onChange } = await mount();
    const number = byLabel('Card number');
    await act(() => number.focus());
    await autofill(number, '4242424242424242', inputType);
    await autofill(byLabel('Expiration date'), '12/2034', inputType);
    await autofill(byLabel('Security code'), '123', inputType);
    expect(number.value).toBe('4242 4242 4242 4242');
    expect(byLabel('Expiration date').value).toBe('12 / 34');
    expect(document.activeElement).toBe(number);
    expect(last(onChange)).toMatchObject({ complete: true, brand: 'visa', error: null });
  });

  it.each([
    ['12/34', '12 / 34'],
    ['12/2034', '12 / 34'],
    ['1/34', '01 / 34'],
    ['12 / 34', '12 / 34'],
  ])('autofill of a split expiry frame with %s reads %s', async (value, shown) => {
    const { onChange, handle } = await mount({ layout: 'expiry' });
    // Replaces what the buyer had typed, longer or shorter.
    await type(byLabel('Expiration date'), '0');
    await autofill(byLabel('Expiration date'), value);
    expect(byLabel('Expiration date').value).toBe(shown);
    expect(last(onChange)?.complete).toBe(true);
    expect(handle().values().expMonth).toBe(Number(shown.slice(0, 2)));
  });
});
