/**
 * One `elements` group on the merchant page: its elements, the channel id that ties the group's
 * frames together, its `error` event, and the messages for its hidden controller frame. The
 * controller itself (its frame, its ready handshake, confirm and createToken) is the confirm part
 * (embed/controller.ts, svcpay-confirm.js), loaded once the mounted elements are ready, or on
 * confirm. The page only ever learns states and outcomes; card values stay in the frames.
 */
import { listen } from '../src/protocol/channel.ts';
import type { Controller, ControllerHost } from './controller.ts';
import { failure, type Kind, type Results } from './results.ts';
import { createElement } from './element.ts';
import { loadPart } from './lazy.ts';
import type { ConfirmPaymentResult, CreateTokenResult, ElementOptions, ElementType, Elements, SvcPayElement } from './loader/types.js';
import type { Body, ElementPort, GroupConfig, GroupHost } from './ports.ts';
import { ControllerToPageParser, elementTypes } from './protocol.ts';
import { UNREACHABLE, checkName, fail, handlers, randomId, serviceFrame } from './util.ts';
import { elementFrames } from '../src/vocab/elements.ts';

export function createGroup(cfg: GroupConfig): { elements: Elements; confirm(): Promise<ConfirmPaymentResult>; createToken(): Promise<CreateTokenResult> } {
  const channel = randomId();
  const byType = new Map<ElementType, ElementPort>();
  const events = handlers('elements', ['error']);
  /** The confirm part's controller of this group, once the part is here. */
  let controller: Controller | undefined;
  /** The group wants its controller frame running: set on the elements' ready or a confirm, until the last element goes. */
  let wanted = false;
  /** What the elements said for the controller before its part was here; the controller adopts it. */
  const queue: Body[] = [];

  /** The group's `error` event (Doc 3 leaves it open): frames that failed to load or failed unexpectedly. */
  const emitError = (code: string, message: string) => events.emit('error', { code, message });
  const loadFailed = (what: string, code = 'frame_load_failed', directive = 'frame-src') =>
    emitError(code, `svcpay ${what} did not load (network, or CSP ${directive}).`);

  /**
   * Loads the confirm part (one download per page) and starts this group's controller frame,
   * unless the last element went meanwhile; rejects if the part cannot load.
   */
  function ensureController(): Promise<Controller> {
    wanted = true;
    return loadPart(cfg.origin, 'confirm').then((part) => {
      controller ??= part.createController(host, queue);
      if (wanted) controller.start();
      return controller;
    });
  }

  /** What the group's elements and its controller (once the confirm part is here) need of it. */
  const host: GroupHost & ControllerHost = {
    ...cfg,
    channel,
    listen,
    schema: ControllerToPageParser,
    // The controller runs in a copy of an element's frame page, which the browser has from its
    // cache (issue 36: a card buyer downloads the card page once, the controller's code with it).
    frame: () => {
      const mounted = [...byType].find(([, p]) => p.isMounted());
      return serviceFrame(cfg, elementFrames[mounted?.[0] ?? 'card'].page, channel, { role: 'controller' }, 'svcpay controller', '');
    },
    loadPart,
    post: (body) => (controller ? controller.post(body) : void queue.push(body)),
    // The controller frame (and its code) start once the elements mounted so far have rendered,
    // so it never competes with them for the network or for the renderer they share (same
    // service site): it is not on the way to any element's `ready` (issue 9). It is needed only
    // at confirm, and a Pay click need not wait for its code.
    fieldReady() {
      const mounted = [...byType.values()].filter((p) => p.isMounted());
      if (mounted.length > 0 && mounted.every((p) => p.isReady())) ensureController().catch(() => {});
    },
    loadFailed,
    error: emitError,
  };

  /**
   * One confirmPayment or createToken. Its code is normally here since the elements were ready; a
   * confirm before that starts the controller now, and waits for it. If the code cannot load, the
   * merchant hears why (`error` event) and the call resolves with the reason: never a hang, never
   * a rejection.
   */
  function request<K extends Kind>(kind: K): Promise<Results[K]> {
    if (![...byType.values()].some((p) => p.isMounted())) {
      return Promise.resolve(failure(kind, cfg.sessionId, 'elements_not_mounted', 'Mount an element before you confirm.'));
    }
    return ensureController().then(
      // Destroyed while the code loaded: answered as if it had been waiting for the controller.
      (c) => c.request(kind),
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
    wanted = false;
    queue.length = 0;
    controller?.close();
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
