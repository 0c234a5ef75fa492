/**
 * Test helpers (happy-dom): a fresh element in the document for each test, unmounted and removed
 * after it, so component tests start from an empty page; and a buyer typing and leaving an input.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach } from 'vitest';

export function mountPoint(): { readonly el: HTMLElement } {
  let el: HTMLElement | undefined;
  beforeEach(() => {
    el = document.createElement('div');
    document.body.append(el);
  });
  afterEach(() => {
    if (!el) return;
    render(null, el);
    el.remove();
    el = undefined;
  });
  return {
    get el() {
      if (!el) throw new Error('mountPoint() is only usable inside a test');
      return el;
    },
  };
}

/** Types `text` one character at a time, each an `input` event with the caret at the end, as a buyer does. */
export async function type(input: HTMLInputElement, text: string): Promise<void> {
  await act(() => input.focus());
  for (const ch of text) {
    await act(() => {
      input.value += ch;
      input.setSelectionRange(input.value.length, input.value.length);
      input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: ch }));
    });
  }
}

/** Leaves the control: `blur`, and the `focusout` a browser sends with it. */
export async function blur(input: HTMLElement): Promise<void> {
  await act(() => {
    input.blur();
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

/** What a mocked `onChange` (or `onReady`) was last called with. */
export const last = <S,>(fn: { mock: { calls: [S][] } }): S | undefined => fn.mock.calls.at(-1)?.[0];
