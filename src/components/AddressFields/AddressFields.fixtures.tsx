/**
 * For the AddressFields tests (happy-dom): the component mounted with recording handlers, and its
 * controls found by their labels, as a screen reader names them.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { vi } from 'vitest';
import type { AddressState } from '../../protocol/messages.ts';
import { mountPoint } from '../test-dom.ts';
import { AddressFields, type AddressFieldsHandle, type AddressFieldsProps } from './index.ts';

/** Call at the top of a test file: each test starts on an empty page. */
export function addressFieldsDom() {
  const root = mountPoint();

  async function mount(props: Partial<AddressFieldsProps> = {}) {
    let handle: AddressFieldsHandle | null = null;
    const onChange = vi.fn<(s: AddressState) => void>();
    const onReady = vi.fn<(s: AddressState) => void>();
    await act(() => {
      render(<AddressFields mode="billing" onChange={onChange} onReady={onReady} handleRef={(h) => (handle = h)} {...props} />, root.el);
    });
    return { onChange, onReady, handle: () => handle! };
  }

  /** The control whose <label> reads `name` (an optional field's "(optional)" is aria-hidden). */
  function byLabel<T extends HTMLElement = HTMLInputElement>(name: string): T {
    const label = [...root.el.querySelectorAll('label')].find((l) => accessibleText(l) === name);
    if (!label) throw new Error(`no label ${name}; have ${labels().join(', ')}`);
    const control = root.el.querySelector<T>(`#${CSS.escape(label.htmlFor)}`);
    if (!control) throw new Error(`no control for ${name}`);
    return control;
  }

  const labels = () => [...root.el.querySelectorAll('label')].map(accessibleText);

  const errorOf = (control: HTMLElement) => {
    const id = control.getAttribute('aria-describedby');
    return id ? root.el.querySelector(`#${CSS.escape(id)}`)?.textContent : undefined;
  };

  return { root, mount, byLabel, labels, errorOf };
}

function accessibleText(el: Element): string {
  let text = '';
  for (const node of el.childNodes) {
    if (node.nodeType === 3) text += node.textContent;
    else if (node instanceof Element && node.getAttribute('aria-hidden') !== 'true') text += accessibleText(node);
  }
  return text.trim();
}

export async function pick(select: HTMLSelectElement, value: string) {
  await act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export async function validate(handle: AddressFieldsHandle): Promise<boolean> {
  let ok = false;
  await act(() => {
    ok = handle.validate();
  });
  return ok;
}
