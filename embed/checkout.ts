/**
 * `mountCheckout(target, { sessionId })` for `embed` sessions (Doc 3, Browser flows 2). The page
 * mounts one service frame, /frames/checkout.html, and waits: that frame polls embed-token until
 * the session is ready, mounts the processor's fields inside itself exactly as the hosted page
 * does, pays, completes, and posts outcomes back. The heavy code (preact, the flow, the poll)
 * lives there, and this module in a script of its own (svcpay-checkout.js, embed/lazy.ts) that
 * svcpay.js loads on the first call, after it has checked the call's arguments. The processor's
 * one-hour form token never enters the merchant page (its fields page accepts only the service as
 * its parent).
 */
import { listen } from '../src/protocol/channel.ts';
import type { CheckoutFrameToPage } from '../src/protocol/messages.ts';
import type { CheckoutEventName, EmbeddedCheckout, MountCheckoutResult, PaymentError } from './loader/types.js';
import { CheckoutFrameToPageParser } from './protocol.ts';
import { SANDBOX, callAll, fail, randomId } from './util.ts';

export interface CheckoutConfig {
  origin: string;
  pageOrigin: string;
  publishableKey: string;
  debug?: boolean;
}

/** The frame's own poll gives up after a minute; this covers a frame that never loads at all. */
export const MOUNT_WAIT_MS = 75_000;

/** Why a checkout could not be mounted when the service did not answer (or its script did not load). */
export const checkoutUnavailable: PaymentError = {
  code: 'checkout_unavailable',
  message: 'The payment service could not be reached. Check your connection and try again.',
};

const EVENTS: readonly CheckoutEventName[] = ['ready', 'success', 'failure'];
type Handler = (event: never) => void;

/**
 * Mounts the checkout frame into `container` (already checked and reserved by svcpay.js, which
 * `release` frees again once the checkout is gone).
 */
export function mountCheckout(
  cfg: CheckoutConfig,
  container: HTMLElement,
  sessionId: string,
  locale: string | undefined,
  release: () => void,
): Promise<MountCheckoutResult> {
  const channel = randomId();
  const hash = new URLSearchParams({ channel, parentOrigin: cfg.pageOrigin, publishableKey: cfg.publishableKey, sessionId });
  if (locale) hash.set('locale', locale);
  if (cfg.debug) hash.set('debug', '1');
  const frame = document.createElement('iframe');
  frame.src = `${cfg.origin}/frames/checkout.html#${hash}`;
  frame.title = 'Secure checkout';
  frame.setAttribute('sandbox', SANDBOX);
  frame.style.cssText = 'display:block;width:100%;border:0;height:360px';

  const handlers: { [E in CheckoutEventName]?: Handler[] } = {};
  let ready = false;
  let stop = () => {};
  let settle: (r: MountCheckoutResult) => void = () => {};

  // A throwing merchant handler stops neither the others nor our message loop.
  const emit = (event: CheckoutEventName, payload: object, only?: Handler) =>
    callAll((only ? [only] : (handlers[event] ?? [])) as ((p: object) => void)[], payload);

  function remove(): void {
    stop();
    frame.remove();
    release();
  }

  const checkout: EmbeddedCheckout = {
    on(event, handler) {
      if (!EVENTS.includes(event)) fail(`checkout.on: unknown event "${String(event)}"; use one of ${EVENTS.join(', ')}.`);
      const list: Handler[] = (handlers[event as CheckoutEventName] ??= []);
      list.push(handler as Handler);
      if (event === 'ready' && ready) setTimeout(() => emit('ready', { sessionId }, handler as Handler));
      return checkout;
    },
    off(event, handler) {
      handlers[event] = handler ? (handlers[event] ?? []).filter((h) => h !== handler) : [];
      return checkout;
    },
    destroy() {
      remove();
      settle({ error: { code: 'checkout_destroyed', message: 'The checkout was destroyed before it was ready.' } });
    },
  };

  function onMessage(msg: CheckoutFrameToPage): void {
    if (msg.type === 'checkout.mounted') settle(checkout);
    else if (msg.type === 'checkout.error') giveUp(msg.error);
    else if (msg.type === 'checkout.resize') frame.style.height = `${msg.height}px`;
    else if (msg.type === 'checkout.ready') {
      ready = true;
      emit('ready', { sessionId });
    } else if (msg.result.status === 'succeeded') emit('success', msg.result);
    else emit('failure', { ...msg.result, error: msg.result.error ?? { code: 'payment_failed', message: 'The payment did not go through.' } });
  }

  let settled = false;
  let giveUp = (_error: PaymentError) => {};
  return new Promise<MountCheckoutResult>((resolve) => {
    const timer = setTimeout(() => giveUp(checkoutUnavailable), MOUNT_WAIT_MS);
    settle = (r) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    // Refused or never ready: nothing stays on the page, and the promise says why.
    giveUp = (error) => {
      if (settled) return;
      remove();
      settle({ error });
    };
    stop = listen(window, { origin: cfg.origin, source: () => frame.contentWindow, schema: CheckoutFrameToPageParser, channel, onMessage });
    container.appendChild(frame);
  });
}
