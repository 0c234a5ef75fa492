/** For the CardFields tests (happy-dom): the component mounted with recording handlers, and its inputs found by their labels. */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { vi } from 'vitest';
import { mountPoint } from '../test-dom.ts';
import { CardFields, type CardFieldsHandle, type CardFieldsProps, type CardFieldsState } from './index.ts';

const now = () => new Date(2026, 0, 15);

/** Call at the top of a test file: each test starts on an empty page. */
export function cardFieldsDom() {
  const root = mountPoint();

  async function mount(props: Partial<CardFieldsProps> = {}) {
    let handle: CardFieldsHandle | null = null;
    const onChange = vi.fn<(s: CardFieldsState) => void>();
    await act(() => {
      render(<CardFields layout="combined" now={now} onChange={onChange} handleRef={(h) => (handle = h)} {...props} />, root.el);
    });
    return { onChange, handle: () => handle! };
  }

  /** The input whose <label> text is `name`, as a screen reader would name it. */
  function byLabel(name: string): HTMLInputElement {
    const label = [...root.el.querySelectorAll('label')].find((l) => l.textContent === name);
    if (!label) throw new Error(`no label ${name}`);
    const input = root.el.querySelector<HTMLInputElement>(`#${CSS.escape(label.htmlFor)}`);
    if (!input) throw new Error(`no input for ${name}`);
    return input;
  }

  return { root, mount, byLabel };
}
