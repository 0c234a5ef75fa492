// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../test-dom.ts';
import { TextField, type TextFieldProps } from './index.ts';
import { states } from './TextField.states.ts';

const root = mountPoint();

async function mount(props: Partial<TextFieldProps> = {}) {
  await act(() => {
    render(<TextField label="Email" value="" {...props} />, root.el);
  });
  const input = root.el.querySelector('input')!;
  const label = root.el.querySelector('label')!;
  return { input, label };
}

/** The label's text without what is hidden from assistive technology. */
const named = (label: HTMLLabelElement) => [...label.childNodes].filter((n) => !(n instanceof Element && n.getAttribute('aria-hidden') === 'true')).map((n) => n.textContent).join('').trim();

describe('TextField', () => {
  it('is named by its label, and the optional mark stays out of the name', async () => {
    const { input, label } = await mount({ label: 'Phone', required: false });
    expect(label.htmlFor).toBe(input.id);
    expect(named(label)).toBe('Phone');
    expect(label.textContent).toMatch(/optional/);
    expect(input.getAttribute('aria-required')).toBeNull();
  });

  it('marks a required input as such, without the optional mark', async () => {
    const { input, label } = await mount({ required: true });
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(label.textContent).toBe('Email');
  });

  it('shows an error in a live region that describes the input, and marks it invalid', async () => {
    const { input } = await mount({ required: true, error: 'This field is required.' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = root.el.querySelector(`#${input.getAttribute('aria-describedby')}`)!;
    expect(described.textContent).toBe('This field is required.');
    expect(described.getAttribute('aria-live')).toBe('polite');
  });

  it('keeps the live region in the page, empty, while there is no error', async () => {
    const { input } = await mount();
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(root.el.querySelector('[aria-live="polite"]')?.textContent).toBe('');
  });

  it('hands each keystroke to its owner and tells it when the buyer leaves', async () => {
    const onInput = vi.fn();
    const onBlur = vi.fn();
    const { input } = await mount({ onInput, onBlur, type: 'email', autocomplete: 'email' });
    expect(input.type).toBe('email');
    expect(input.getAttribute('autocomplete')).toBe('email');
    input.value = 'ada@example.com';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new FocusEvent('blur'));
    expect(onInput).toHaveBeenCalledWith('ada@example.com');
    expect(onBlur).toHaveBeenCalledOnce();
  });

  it.each(Object.entries(states))('renders its %s state', async (_name, state) => {
    const { input } = await mount(state.props);
    expect(input.value).toBe(state.props.value);
    expect(input.getAttribute('aria-invalid')).toBe(state.props.error ? 'true' : 'false');
  });
});
