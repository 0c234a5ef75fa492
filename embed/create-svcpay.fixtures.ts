/** Shared set-up of the embed script's tests (create-svcpay*.test.ts), for happy-dom. */
import { vi } from 'vitest';
import { makeSvcPay } from './create-svcpay.ts';

export const SERVICE = 'http://localhost:4242';
export const PK = 'vp_pk_test_abc123';
export const P = 'svcpay/1';

// happy-dom does not load iframe pages (it logs a NotSupportedError per frame): the tests stand
// in for the controller frame's window instead.
/** A page with a #card box, an svcpay instance, and a stand-in for the controller frame's window. */
export function page() {
  document.body.innerHTML = '<div id="card"></div><div id="n"></div><div id="x"></div>';
  const svcpay = makeSvcPay(SERVICE)(PK, { locale: 'fr' });
  const elements = svcpay.elements({ sessionId: 'cs_1' });
  const controllerWindow = { postMessage: vi.fn() };
  const controller = () => document.querySelector<HTMLIFrameElement>('iframe[title="svcpay controller"]');
  /**
   * Once the controller frame is there (the confirm part starts it, a microtask after the fields
   * are ready or a confirm): swaps in the fake window and "loads" the frame.
   */
  const load = async () => {
    const frame = await vi.waitFor(() => {
      const started = controller();
      if (!started) throw new Error('no controller frame yet');
      return started;
    });
    Object.defineProperty(frame, 'contentWindow', { value: controllerWindow });
    frame.dispatchEvent(new Event('load'));
  };
  const channel = () => new URLSearchParams(new URL(controller()!.src).hash.slice(1)).get('channel')!;
  const fromController = (data: object, origin = SERVICE, source: unknown = controllerWindow) =>
    window.dispatchEvent(new MessageEvent('message', { data: { protocol: P, channel: channel(), ...data }, origin, source: source as Window }));
  const posted = () => controllerWindow.postMessage.mock.calls.map(([m, o]) => ({ ...(m as object), targetOrigin: o as string }));
  /** Stands in for the window of the field frame in `box`; messages from it as the page gets them. */
  const field = (box: string) => {
    const frame = document.querySelector<HTMLIFrameElement>(`${box} iframe`)!;
    const win = { postMessage: vi.fn() };
    Object.defineProperty(frame, 'contentWindow', { value: win, configurable: true });
    const hash = new URLSearchParams(new URL(frame.src).hash.slice(1));
    const elementId = hash.get('elementId');
    const post = (data: object, origin = SERVICE, source: unknown = win) =>
      window.dispatchEvent(
        new MessageEvent('message', { data: { protocol: P, channel: hash.get('channel'), elementId, ...data }, origin, source: source as Window }),
      );
    return { frame, elementId, post, win };
  };
  /** The field in #card says ready: the page starts the controller frame in a task after it (issue 9). */
  const cardReady = () => field('#card').post({ type: 'element.event', event: 'ready', state: readyState });
  return { svcpay, elements, controller, load, channel, fromController, posted, field, cardReady };
}

export const readyState = { elementType: 'card', empty: true, complete: false, brand: 'unknown', error: null };
/** Lets the page run the task it queued after a field's ready (the controller frame starts there). */
export const nextTask = () => new Promise((done) => setTimeout(done));

