/**
 * One `elements` group on the merchant page: its hidden controller frame (created once a field
 * is ready), the channel id that ties the controller to the group's field frames, and the page
 * side of the page<->controller conversation. The page only ever learns states and outcomes; card values stay in the frames.
 */
import { listen, send } from '../src/protocol/channel.ts';
import type { ControllerToPage, PageToController } from '../src/protocol/messages.ts';
import { createElement } from './element.ts';
import type { Appearance, ConfirmPaymentResult, ElementOptions, ElementType, Elements, SvcPayElement } from './loader/types.js';
import { ControllerToPageParser, PageToControllerParser, PROTOCOL, elementTypes } from './protocol.ts';
import { SANDBOX, fail, randomId } from './util.ts';
import { fieldTypes } from '../src/vocab/elements.ts';

export interface GroupConfig {
  origin: string;
  pageOrigin: string;
  publishableKey: string;
  sessionId: string;
  locale?: string;
  appearance?: Appearance;
  debug?: boolean;
}

type Body = PageToController extends infer M ? (M extends unknown ? Omit<M, 'protocol' | 'channel'> : never) : never;

/** What an element needs from its group. */
export interface GroupHost extends GroupConfig {
  channel: string;
  /** Creates the group's controller frame if it is not there yet (on confirm). */
  ensureController(): void;
  /** A field said `ready` or went away: once every mounted field is ready, the controller frame starts. */
  fieldReady(): void;
  post(body: Body): void;
}

/** What the group needs from an element. */
export interface ElementPort {
  id: string;
  element: SvcPayElement;
  isMounted(): boolean;
  /** Mounted, and its frame said `ready`. */
  isReady(): boolean;
}

const FIELD_TYPES: readonly string[] = fieldTypes;
const READY_WAIT_MS = 15_000;
const RESULT_WAIT_MS = 90_000;

export function createGroup(cfg: GroupConfig): { elements: Elements; confirm(): Promise<ConfirmPaymentResult> } {
  const channel = randomId();
  const ports = new Map<string, ElementPort>();
  const byType = new Map<ElementType, ElementPort>();
  const pending = new Map<string, (r: ConfirmPaymentResult) => void>();
  let frame: HTMLIFrameElement | null = null;
  let ready = false;
  let queue: Body[] = [];
  let initTimer: ReturnType<typeof setInterval> | undefined;

  function postNow(body: Body): void {
    const target = frame?.contentWindow;
    if (target) send(target, cfg.origin, PageToControllerParser, { protocol: PROTOCOL, channel, ...body } as PageToController);
  }

  const host: GroupHost = {
    ...cfg,
    channel,
    // Messages wait until the controller has said it is ready, so none is lost to a loading frame.
    post: (body) => (ready ? postNow(body) : void queue.push(body)),
    // The controller frame starts once the fields mounted so far have rendered, so it never competes
    // with them for the network or for the renderer they share (same service site): it is not on
    // the way to any field's `ready` (issue 9, Speed). It is needed only at confirm.
    fieldReady() {
      const mounted = [...ports.values()].filter((p) => p.isMounted());
      if (mounted.length > 0 && mounted.every((p) => p.isReady())) host.ensureController();
    },
    ensureController() {
      if (frame) return;
      const hash = new URLSearchParams({ channel, parentOrigin: cfg.pageOrigin });
      if (cfg.locale) hash.set('locale', cfg.locale);
      if (cfg.debug) hash.set('debug', '1');
      frame = document.createElement('iframe');
      frame.src = `${cfg.origin}/frames/controller.html#${hash}`;
      frame.title = 'svcpay controller';
      frame.tabIndex = -1;
      frame.setAttribute('aria-hidden', 'true');
      frame.setAttribute('sandbox', SANDBOX);
      frame.style.cssText =
        'position:fixed!important;top:0;left:0;width:1px!important;height:1px!important;border:0!important;visibility:hidden!important;pointer-events:none!important';
      listen(window, { origin: cfg.origin, source: () => frame?.contentWindow, schema: ControllerToPageParser, channel, onMessage });
      // Each load is a fresh controller (a moved iframe reloads): introduce ourselves again, and
      // repeat until it answers in case the first message beat its listener.
      frame.addEventListener('load', () => {
        ready = false;
        clearInterval(initTimer);
        let tries = 0;
        const init = () => (++tries > 10 ? clearInterval(initTimer) : postNow(initBody()));
        init();
        initTimer = setInterval(init, 1000);
      });
      document.body.appendChild(frame);
    },
  };

  const initBody = (): Body => ({
    type: 'init',
    publishableKey: cfg.publishableKey,
    sessionId: cfg.sessionId,
    ...(cfg.locale ? { locale: cfg.locale } : {}),
  });

  function onMessage(msg: ControllerToPage): void {
    if (msg.type === 'controller.ready') {
      if (ready) return;
      ready = true;
      clearInterval(initTimer);
      const waiting = queue;
      queue = [];
      for (const body of waiting) postNow(body);
    } else {
      pending.get(msg.requestId)?.(msg.result);
    }
  }

  const failed = (code: string, message: string): ConfirmPaymentResult => ({
    status: 'failed',
    sessionId: cfg.sessionId,
    error: { code, message },
  });

  function confirm(): Promise<ConfirmPaymentResult> {
    if (![...ports.values()].some((p) => p.isMounted())) {
      return Promise.resolve(failed('elements_not_mounted', 'Mount at least one card element before confirmPayment.'));
    }
    return new Promise((resolve) => {
      const requestId = randomId(8);
      let timer: ReturnType<typeof setTimeout>;
      const done = (result: ConfirmPaymentResult) => {
        clearTimeout(timer);
        pending.delete(requestId);
        resolve(result);
      };
      pending.set(requestId, done);
      // Normally up since the first field was ready; a confirm before that starts it now.
      host.ensureController();
      timer = setTimeout(() => {
        if (!ready) return done(failed('controller_unavailable', 'The payment service could not be reached. Check your connection and try again.'));
        timer = setTimeout(() => done(failed('timeout', 'The payment is taking too long. Check your connection and try again.')), RESULT_WAIT_MS);
      }, READY_WAIT_MS);
      host.post({ type: 'confirm', requestId, kind: 'payment' });
    });
  }

  function create(type: ElementType, options?: ElementOptions): SvcPayElement {
    if (type === 'address' || type === 'wallet') fail(`the "${type}" element is not available yet in this version of svcpay.js.`);
    if (!FIELD_TYPES.includes(type)) fail(`elements.create: unknown element type "${String(type)}"; use one of ${elementTypes.join(', ')}.`);
    if (byType.has(type)) fail(`elements.create: a "${type}" element already exists in this group; destroy() it first.`);
    const splitTaken = FIELD_TYPES.slice(1).some((t) => byType.has(t as ElementType));
    if ((type === 'card' && splitTaken) || (type !== 'card' && byType.has('card'))) {
      fail('elements.create: use either "card" or the split cardNumber, cardExpiry and cardCvc elements in one group, not both.');
    }
    const port = createElement(host, type, options, () => {
      ports.delete(port.id);
      byType.delete(type);
    });
    ports.set(port.id, port);
    byType.set(type, port);
    return port.element;
  }

  return {
    elements: { create, getElement: (type) => byType.get(type)?.element ?? null },
    confirm,
  };
}
