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
import { UNREACHABLE, callAll, handlers, randomId, serviceFrame } from './util.ts';

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
  message: UNREACHABLE,
};

const EVENTS: readonly CheckoutEventName[] = ['ready', 'success', 'failure'];

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
  const frame = serviceFrame({ ...cfg, locale }, 'checkout', channel, { publishableKey: cfg.publishableKey, sessionId }, 'Secure checkout', 'display:block;width:100%;border:0;height:360px');

  const events = handlers('checkout', EVENTS);
  let ready = false;
  let stop = () => {};
  let settle: (r: MountCheckoutResult) => void = () => {};

  const emit = events.emit;

  function remove(): void {
    stop();
    frame.remove();
    release();
  }

  const checkout: EmbeddedCheckout = {
    on(event, handler) {
      events.on(event, handler);
      // A handler registered after the fields became ready still hears it, and only it does.
      if (event === 'ready' && ready) setTimeout(() => callAll([handler as (p: object) => void], { sessionId }));
      return checkout;
    },
    off(event, handler) {
      events.off(event, handler);
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
