// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL, type BoundFieldToController, type ControllerBind, type FieldToController } from '../../protocol/messages.ts';
import { cardInitial, CardView } from './CardView.tsx';
import { FieldFrame } from './FieldFrame.tsx';
import { CardToControllerParser, CardToPageParser, CardValuesParser } from '../../protocol/frame-parsers.ts';

const cardWire = { toPage: CardToPageParser, toController: CardToControllerParser, values: CardValuesParser };

const channel = 'abcdef0123456789';
const mountOf = { publishableKey: 'vp_pk_test_abc123', sessionId: 'vp_cs_test_abc' };
const SECRET = 'a'.repeat(64);
const opened: Array<{ close(): void }> = [];
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

/** Plays the controller: listens on the group's channel, and binds the field over a port. */
function controller() {
  const bc = new BroadcastChannel(`svcpay:${channel}`);
  opened.push(bc);
  const got: FieldToController[] = [];
  bc.onmessage = (e: MessageEvent) => got.push(e.data as FieldToController);
  /** A controller frame window of this origin, as the field's listener sees the sender. */
  const self = { location: new URL('controller.html', location.href) };
  return {
    got,
    /** Posts `controller.bind` to the field's window as a controller frame would; returns its port. */
    bind(over: Partial<ControllerBind> = {}, source: object = self) {
      const { port1, port2 } = new MessageChannel();
      opened.push(port1, port2);
      const answers: BoundFieldToController[] = [];
      port1.onmessage = (e: MessageEvent) => answers.push(e.data as BoundFieldToController);
      const data = { protocol: PROTOCOL, type: 'controller.bind', channel, elementId: 'e1', ...mountOf, secret: SECRET, ...over };
      window.dispatchEvent(new MessageEvent('message', { data, origin: location.origin, source: source as Window, ports: [port2] }));
      return { answers, post: (m: object) => port1.postMessage({ protocol: PROTOCOL, ...m }) };
    },
  };
}

function mount(type: 'card' | 'cardNumber' | 'cardExpiry' | 'cardCvc', options = {}) {
  const root = document.createElement('div');
  document.body.appendChild(root);
  roots.push(root);
  act(() => render(<FieldFrame params={{ channel, parentOrigin: 'http://127.0.0.1:4244', elementId: 'e1', type, options, ...mountOf }} view={CardView} wire={cardWire} initial={cardInitial(type)} />, root));
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
    await expect.poll(() => c.got.map((m) => m.type)).toEqual(['field.hello', 'field.event']);
    expect(c.got[1]).toEqual({
      protocol: PROTOCOL,
      type: 'field.event',
      elementId: 'e1',
      event: 'ready',
      state: { elementType: 'cardNumber', empty: true, complete: false, brand: 'unknown', error: null },
    });
    const port = c.bind();
    port.post({ type: 'field.busy', busy: true });
    await expect.poll(() => root.querySelector('input')?.disabled).toBe(true);
    port.post({ type: 'field.collect', requestId: 'r1', secret: SECRET });
    await expect.poll(() => port.answers).toEqual([{ protocol: PROTOCOL, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: false, values: {} }]);
    expect(c.got.map((m) => m.type), 'nothing but announcements on the channel').not.toContain('field.values');
    // The controller and this one field, nothing else on the channel.
    expect(live.size).toBe(2);
  });

  it('tells its parent page that it is ready, at the page origin of its mount only', async () => {
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    mount('cardExpiry');
    const readyCall = () => parent.postMessage.mock.calls.find(([m]) => (m as { type: string }).type === 'element.event');
    await expect.poll(readyCall).toBeDefined();
    const [ready, targetOrigin] = readyCall()!;
    expect(targetOrigin).toBe('http://127.0.0.1:4244');
    expect(ready).toEqual({
      protocol: PROTOCOL,
      type: 'element.event',
      channel,
      elementId: 'e1',
      event: 'ready',
      state: { elementType: 'cardExpiry', empty: true, complete: false, error: null },
    });
    expect(parent.postMessage.mock.calls.every(([, origin]) => origin === 'http://127.0.0.1:4244')).toBe(true);
  });

  it('hands values only to the controller bound to its key and session', async () => {
    const c = controller();
    const root = mount('cardCvc');
    await expect.poll(() => c.got.map((m) => m.type)).toContain('field.hello');
    const cvc = root.querySelector('input')!;
    act(() => {
      cvc.value = '123';
      cvc.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const collect = { type: 'field.collect', requestId: 'r1', secret: 'b'.repeat(64) } as const;
    const frameAt = (path: string) => ({ location: new URL(path, location.href) });
    // Each is another window than the genuine controller's: had the field accepted any of them,
    // it would be bound to it and refuse the genuine controller below.
    // A sender that is not a controller frame document: ignored.
    const notController = c.bind({ secret: 'b'.repeat(64) }, frameAt('/pay/vp_cs_test_abc'));
    notController.post(collect);
    // Another merchant's controller: refused.
    const attacker = c.bind({ publishableKey: 'vp_pk_test_attacker', sessionId: 'vp_cs_test_attacker', secret: 'b'.repeat(64) }, frameAt('controller.html'));
    attacker.post(collect);
    const genuine = c.bind();
    genuine.post({ type: 'field.collect', requestId: 'r2', secret: SECRET });
    await expect.poll(() => genuine.answers).toEqual([
      { protocol: PROTOCOL, type: 'field.values', elementId: 'e1', requestId: 'r2', valid: true, values: { cvc: '123' } },
    ]);
    // A second controller frame for the same key and session, once the field is bound: refused.
    const second = c.bind({ secret: 'b'.repeat(64) }, frameAt('controller.html'));
    second.post(collect);
    genuine.post({ type: 'field.collect', requestId: 'r3', secret: SECRET });
    await expect.poll(() => genuine.answers).toHaveLength(2);
    expect(attacker.answers).toEqual([]);
    expect(second.answers).toEqual([]);
    expect(notController.answers).toEqual([]);
  });

  it('closes its channel when it unmounts', () => {
    const root = mount('card');
    expect(live.size).toBe(1);
    act(() => render(null, root));
    expect(live.size).toBe(0);
  });
});
