// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL, type FieldToController } from '../../protocol/messages.ts';
import { FieldFrame } from './FieldFrame.tsx';

const channel = 'abcdef0123456789';
const opened: BroadcastChannel[] = [];
const roots: HTMLElement[] = [];

/**
 * Every BroadcastChannel not yet closed, the frames' and the fake controller's. Emptying the page
 * does not unmount a frame: one left mounted keeps its channel open and answers the next test's
 * controller too, so each test must start with none.
 */
const live = new Set<BroadcastChannel>();
const Native = globalThis.BroadcastChannel;
class Counted extends Native {
  constructor(name: string) {
    super(name);
    live.add(this);
  }
  override close() {
    live.delete(this);
    super.close();
  }
}
beforeEach(() => {
  vi.stubGlobal('BroadcastChannel', Counted);
  expect(live.size, 'channels left open by an earlier test').toBe(0);
});
afterEach(() => {
  for (const root of roots.splice(0)) act(() => render(null, root));
  for (const c of opened.splice(0)) c.close();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** Plays the controller: listens on the group's channel and can post to the field. */
function controller() {
  const bc = new BroadcastChannel(`svcpay:${channel}`);
  opened.push(bc);
  const got: FieldToController[] = [];
  bc.onmessage = (e: MessageEvent) => got.push(e.data as FieldToController);
  return { got, post: (m: object) => bc.postMessage({ protocol: PROTOCOL, ...m }) };
}

function mount(type: 'card' | 'cardNumber' | 'cardExpiry' | 'cardCvc', options = {}) {
  const root = document.createElement('div');
  document.body.appendChild(root);
  roots.push(root);
  act(() => render(<FieldFrame params={{ channel, parentOrigin: 'http://127.0.0.1:4244', elementId: 'e1', type, options }} />, root));
  return root;
}

const labels = (root: Element) => Array.from(root.querySelectorAll('label')).map((l) => l.textContent);

describe('FieldFrame', () => {
  it('renders the layout of its element type', () => {
    expect(labels(mount('card'))).toEqual(['Card number', 'Expiration date', 'Security code', 'Postal code']);
    expect(labels(mount('card', { hidePostalCode: true }))).toEqual(['Card number', 'Expiration date', 'Security code']);
    expect(labels(mount('cardNumber'))).toEqual(['Card number']);
    expect(labels(mount('cardExpiry'))).toEqual(['Expiration date']);
    expect(labels(mount('cardCvc'))).toEqual(['Security code']);
  });

  it('says hello and ready on the channel, and disables inputs while busy', async () => {
    const c = controller();
    const root = mount('cardNumber');
    await expect.poll(() => c.got.map((m) => m.type)).toEqual(['field.hello', 'field.event', 'field.resize']);
    expect(c.got[1]).toEqual({
      protocol: PROTOCOL,
      type: 'field.event',
      elementId: 'e1',
      event: 'ready',
      state: { elementType: 'cardNumber', empty: true, complete: false, brand: 'unknown', error: null },
    });
    c.post({ type: 'field.busy', busy: true });
    await expect.poll(() => root.querySelector('input')?.disabled).toBe(true);
    c.post({ type: 'field.collect', requestId: 'r1' });
    await expect.poll(() => c.got.find((m) => m.type === 'field.values')).toMatchObject({ valid: false, values: {} });
    // The controller and this one field, nothing else on the channel to answer the collect.
    expect(live.size).toBe(2);
  });

  it('closes its channel when it unmounts', () => {
    const root = mount('card');
    expect(live.size).toBe(1);
    act(() => render(null, root));
    expect(live.size).toBe(0);
  });
});
