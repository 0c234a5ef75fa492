/**
 * `mountCheckout(target, { sessionId })` for `embed` sessions (Doc 3, Browser flows 2). The page
 * mounts one service frame, /frames/checkout.html, and waits: that frame polls embed-token until
 * the session is ready, mounts the processor's fields inside itself exactly as the hosted page
 * does, pays, completes, and posts outcomes back. The heavy code (preact, the flow, the poll)
 * lives there, so this script stays small, and the processor's one-hour form token never enters
 * the merchant page (the processor's fields page accepts only the service as its parent).
 */
import { listen } from '../src/protocol/channel.ts';
import type { CheckoutFrameToPage } from '../src/protocol/messages.ts';
import type { CheckoutEventName, EmbeddedCheckout, Locale, MountCheckoutOptions, MountCheckoutResult, PaymentError } from './loader/types.js';
import { CheckoutFrameToPageParser, isSessionId } from './protocol.ts';
import { SANDBOX, fail, randomId, resolveTarget } from './util.ts';

export interface CheckoutConfig {
  origin: string;
  pageOrigin: string;
  publishableKey: string;
  locale?: Locale;
  debug?: boolean;
}

/** The frame's own poll gives up after a minute; this covers a frame that never loads at all. */
export const MOUNT_WAIT_MS = 75_000;

const EVENTS: readonly CheckoutEventName[] = ['ready', 'success', 'failure'];
type Handler = (event: never) => void;

/** Containers holding a checkout: mounting a second one into the same box is a mistake. */
const taken = new WeakSet<HTMLElement>();

export function mountCheckout(cfg: CheckoutConfig, target: string | HTMLElement, options: MountCheckoutOptions): Promise<MountCheckoutResult> {
  if (typeof options !== 'object' || options === null || typeof options.sessionId !== 'string' || !options.sessionId || !isSessionId(options.sessionId)) {
    fail('mountCheckout(target, { sessionId }): sessionId is required, the id of the embed session your server created.');
  }
  const locale = options.locale ?? cfg.locale;
  if (locale !== undefined && (typeof locale !== 'string' || locale.length > 16)) fail('mountCheckout: locale must be \'auto\' or a language tag such as "fr".');
  const container = resolveTarget(target, 'mountCheckout');
  if (taken.has(container)) fail('mountCheckout: this container already holds a checkout; destroy() it first.');

  const { sessionId } = options;
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

  function emit(event: CheckoutEventName, payload: object, only?: Handler): void {
    for (const h of only ? [only] : [...(handlers[event] ?? [])]) {
      // A throwing merchant handler must not stop the others nor our message loop.
      try {
        (h as (p: object) => void)(payload);
      } catch (err) {
        setTimeout(() => {
          throw err;
        });
      }
    }
  }

  function remove(): void {
    stop();
    frame.remove();
    taken.delete(container);
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
    const timer = setTimeout(() => giveUp({ code: 'checkout_unavailable', message: 'The payment service could not be reached. Check your connection and try again.' }), MOUNT_WAIT_MS);
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
    taken.add(container);
    container.appendChild(frame);
  });
}
