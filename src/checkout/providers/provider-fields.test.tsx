// @vitest-environment happy-dom
/** How a provider's own fields answer the checkout (provider-fields.ts): ready, focus, submit, unmount. */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../../components/test-dom.ts';
import { PROTOCOL, type HostToProcessorFrame } from '../../protocol/messages.ts';
import { useProviderFields } from './provider-fields.ts';

const root = mountPoint();

function mounted() {
  const made = { submit: vi.fn(async () => ({ status: 'approved' as const, transactionId: 'pi_1' })), focus: vi.fn(), destroy: vi.fn() };
  const onMessage = vi.fn();
  let poster: ((msg: HostToProcessorFrame) => void) | null = null;
  const setPoster = vi.fn((fn: typeof poster) => void (poster = fn));
  function Fields() {
    useProviderFields(1, { onMessage, setPoster, onFailure: vi.fn() }, async (ready) => {
      ready();
      return made;
    });
    return <div />;
  }
  return { made, onMessage, Fields, post: (msg: HostToProcessorFrame) => poster?.(msg) };
}

describe('a provider’s fields on a checkout', () => {
  it('say ready, take focus on sbx.focus (a retry’s fresh fields, issue 38), and answer a submit with its result', async () => {
    const { made, onMessage, Fields, post } = mounted();
    await act(async () => {
      render(<Fields />, root.el);
      await Promise.resolve();
    });
    expect(onMessage).toHaveBeenCalledWith({ protocol: PROTOCOL, type: 'sbx.ready' });

    post({ protocol: PROTOCOL, type: 'sbx.focus' });
    expect(made.focus).toHaveBeenCalledTimes(1);
    expect(made.submit).not.toHaveBeenCalled();

    await act(async () => {
      post({ protocol: PROTOCOL, type: 'sbx.submit', requestId: 'r1' });
      await Promise.resolve();
    });
    expect(onMessage).toHaveBeenLastCalledWith({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'r1', status: 'approved', transactionId: 'pi_1' });
    expect(made.focus).toHaveBeenCalledTimes(1);

    await act(() => render(null, root.el));
    expect(made.destroy).toHaveBeenCalled();
  });
});
