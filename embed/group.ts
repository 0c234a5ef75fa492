/**
 * One `elements` group on the merchant page: its hidden controller frame (created once the
 * mounted elements are ready, or on confirm), the channel id that ties the controller to the
 * group's element frames, and the page side of the page<->controller conversation. The page only
 * ever learns states and outcomes; card values stay in the frames.
 */
import { listen, post } from '../src/protocol/channel.ts';
import type { ControllerToPage, PageToController } from '../src/protocol/messages.ts';
import type { RequestHost, Requests } from './confirm.ts';
import { READY_WAIT_MS, failure, type Kind, type Results } from './results.ts';
import { createElement } from './element.ts';
import { loadPart } from './lazy.ts';
import type { ConfirmPaymentResult, CreateTokenResult, ElementOptions, ElementType, Elements, SvcPayElement } from './loader/types.js';
import type { Body, ElementPort, GroupConfig, GroupHost } from './ports.ts';
import { ControllerToPageParser, PROTOCOL, elementTypes } from './protocol.ts';
import { UNREACHABLE, checkName, fail, handlers, randomId, serviceFrame } from './util.ts';
import { elementFrames } from '../src/vocab/elements.ts';

export function createGroup(cfg: GroupConfig): { elements: Elements; confirm(): Promise<ConfirmPaymentResult>; createToken(): Promise<CreateTokenResult> } {
  const channel = randomId();
  const byType = new Map<ElementType, ElementPort>();
  /** confirmPayment and createToken: a part of their own (embed/confirm.ts), here once loaded. */
  let requests: Requests | undefined;
  const events = handlers('elements', ['error']);
  let frame: HTMLIFrameElement | null = null;
  let ready = false;
  let queue: Body[] = [];
  let initTimer: ReturnType<typeof setInterval> | undefined;
  let stopListening: (() => void) | null = null;
  /** The wait for the controller to say ready; cleared when it does or goes away. */
  let controllerWatch: ReturnType<typeof setTimeout> | undefined;

  function postNow(body: Body): void {
    const target = frame?.contentWindow;
    // Unchecked here: the controller checks every message it receives (src/protocol/channel.ts, post).
    if (target) post<PageToController>(target, cfg.origin, { protocol: PROTOCOL, channel, ...body } as PageToController);
  }

  const host: GroupHost = {
    ...cfg,
    channel,
    // Messages wait until the controller has said it is ready, so none is lost to a loading frame.
    post: (body) => (ready ? postNow(body) : void queue.push(body)),
    // The controller frame starts once the elements mounted so far have rendered, so it never
    // competes with them for the network or for the renderer they share (same service site): it is
    // not on the way to any element's `ready` (issue 9, Speed). It is needed only at confirm.
    fieldReady() {
      const mounted = [...byType.values()].filter((p) => p.isMounted());
      if (mounted.length > 0 && mounted.every((p) => p.isReady())) host.ensureController();
    },
    ensureController() {
      if (frame) return;
      // The controller runs in a copy of an element's frame page, which the browser has from its
      // cache (issue 36: a card buyer downloads the card page once, the controller's code with it).
      const mounted = [...byType].find(([, p]) => p.isMounted());
      frame = serviceFrame(
        cfg,
        elementFrames[mounted?.[0] ?? 'card'].page,
        channel,
        { role: 'controller' },
        'svcpay controller',
        // Hidden whatever the page's CSS says (inline !important wins); a hidden frame takes no
        // pointer events, and a fixed one no room in the page's flow.
        'position:fixed!important;width:1px!important;height:1px!important;border:0;visibility:hidden!important',
      );
      frame.tabIndex = -1;
      frame.setAttribute('aria-hidden', 'true');
      stopListening = listen(window, { origin: cfg.origin, source: () => frame?.contentWindow, schema: ControllerToPageParser, channel, onMessage });
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
      // The controller must answer within the wait, or the merchant hears why nothing works.
      controllerWatch = setTimeout(() => ready || loadFailed('controller frame'), READY_WAIT_MS);
      // Off the way to `ready` as the frame is: the confirm code, so a Pay click need not wait for it.
      loadRequests().catch(() => {});
    },
    loadFailed: (what) => loadFailed(what),
    error: (code, message) => emitError(code, message),
  };

  /** The group's `error` event (Doc 3 leaves it open): frames that failed to load or failed unexpectedly. */
  const emitError = (code: string, message: string) => events.emit('error', { code, message });
  const loadFailed = (what: string, code = 'frame_load_failed', directive = 'frame-src') =>
    emitError(code, `svcpay ${what} did not load (network, or CSP ${directive}).`);

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
      clearTimeout(controllerWatch);
      clearInterval(initTimer);
      const waiting = queue;
      queue = [];
      for (const body of waiting) postNow(body);
    } else if (msg.type === 'controller.error') {
      emitError(msg.error.code, msg.error.message);
    } else {
      requests?.fromController(msg);
    }
  }

  const requestHost: RequestHost = { cfg, post: host.post, isReady: () => ready, loadFailed, loadPart };
  /** The confirm part (one download per page), and this group's requests once it is here; rejects if it cannot load. */
  const loadRequests = () => loadPart(cfg.origin, 'confirm').then((part) => (requests ??= part.createRequests(requestHost)));

  /**
   * One confirmPayment or createToken. Its code is normally here since the elements were ready; a
   * confirm before that starts the controller frame now, and waits for the code. If the code cannot
   * load, the merchant hears why (`error` event) and the call resolves with the reason: never a
   * hang, never a rejection.
   */
  function request<K extends Kind>(kind: K): Promise<Results[K]> {
    if (![...byType.values()].some((p) => p.isMounted())) {
      return Promise.resolve(failure(kind, cfg.sessionId, 'elements_not_mounted', 'Mount an element before you confirm.'));
    }
    host.ensureController();
    return loadRequests().then(
      // Destroyed while the code loaded: answered as if it had been waiting for the controller.
      (r) => (frame ? r.request(kind) : r.destroyed(kind)),
      () => {
        loadFailed('confirm script', 'script_load_failed', 'script-src');
        return failure(kind, cfg.sessionId, 'script_load_failed', UNREACHABLE);
      },
    );
  }

  /**
   * The last element is destroyed: the controller frame, its listener and its timer go too, so a
   * single-page app that mounts and destroys checkout many times leaves nothing behind. A later
   * `create` starts a fresh controller. A confirm still waiting answers `processing`: the charge
   * may have reached the service, so only the session (or its webhook) can say how it ended.
   */
  function closeController(): void {
    clearInterval(initTimer);
    clearTimeout(controllerWatch);
    stopListening?.();
    stopListening = null;
    frame?.remove();
    frame = null;
    ready = false;
    queue = [];
    requests?.end();
  }

  function create(type: ElementType, options?: ElementOptions): SvcPayElement {
    checkName('elements.create', 'element type', type, elementTypes);
    if (byType.has(type)) fail(`elements.create: "${type}" already exists in this group.`);
    // The registry's slots: the combined card and the split card fields exclude each other.
    const slot = elementFrames[type].slot;
    if (slot && [...byType.keys()].some((t) => (elementFrames[t].slot ?? slot) !== slot)) {
      fail('elements.create: use "card" or the split card elements, not both.');
    }
    const port = createElement(host, type, options, () => {
      byType.delete(type);
      if (byType.size === 0) closeController();
    });
    byType.set(type, port);
    return port.element;
  }

  const elements: Elements = {
    // The element of type T is the one create(T) made: the casts only restate that.
    create: create as Elements['create'],
    getElement: ((type: ElementType) => byType.get(type)?.element ?? null) as Elements['getElement'],
    on(event, handler) {
      events.on(event, handler);
      return elements;
    },
    off(event, handler) {
      events.off(event, handler);
      return elements;
    },
  };
  return { elements, confirm: () => request('payment'), createToken: () => request('token') };
}
