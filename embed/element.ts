/**
 * One element on the merchant page: a field frame it mounts into the merchant's container, and
 * the event handlers the merchant registered. The frame's state events and size come from that
 * frame's own window, straight to the page (never through the controller, so a loading
 * controller cannot delay `ready`); its values never leave the frames.
 */
import { listen } from '../src/protocol/channel.ts';
import type { FieldToPage } from '../src/protocol/messages.ts';
import { elementFrames } from '../src/vocab/elements.ts';
import { frameHeight } from '../src/vocab/element-heights.ts';
import type { ElementPort, GroupHost } from './ports.ts';
import { READY_WAIT_MS } from './results.ts';
import type { ElementEventName, ElementOptions, ElementType, SvcPayElement } from './loader/types.js';
import { FieldToPageParser, elementEventNames, isElementOptions } from './protocol.ts';
import { fail, handlers, randomId, resolveTarget, serviceFrame } from './util.ts';

export function createElement(group: GroupHost, type: ElementType, initial: ElementOptions | undefined, onDestroy: () => void): ElementPort {
  const id = `${type}-${randomId(6)}`;
  const spec = elementFrames[type];
  const events = handlers<ElementEventName>(type, elementEventNames);
  let options: ElementOptions = checkOptions(initial ?? {});
  let frame: HTMLIFrameElement | null = null;
  let stopListening: (() => void) | null = null;
  let readyFired = false;
  let collapsed = false;
  /** The service refused the mount's key or session: the frame never counts as ready. */
  let refused = false;
  let destroyed = false;
  let loadWatch: ReturnType<typeof setTimeout> | undefined;

  function checkOptions(o: ElementOptions): ElementOptions {
    if (!isElementOptions(o)) fail(`${type}: options do not fit the ElementOptions type.`);
    return o;
  }

  const emit = events.emit;

  const element: SvcPayElement = {
    elementType: type,
    mount(target) {
      if (destroyed) fail(`${type}.mount: element destroyed.`);
      if (frame) fail(`${type}.mount: already mounted; unmount() first.`);
      const container = resolveTarget(target, `${type}.mount`);
      // The mount's key and session bind the field (src/frames/binding.ts); no secret is ever here.
      // The registry (src/vocab/elements.ts) says which page renders the type, and how it is named.
      // Width follows the merchant's box; height follows the frame's content (element.resize).
      frame = serviceFrame(
        group,
        spec.page,
        group.channel,
        {
          elementId: id,
          type,
          publishableKey: group.publishableKey,
          sessionId: group.sessionId,
          ...(Object.keys(options).length ? { options: JSON.stringify(options) } : {}),
          ...(group.appearance ? { appearance: JSON.stringify(group.appearance) } : {}),
        },
        spec.title,
        'border:0;margin:0;padding:0;width:100%;min-width:100%;display:block;overflow:hidden;background:transparent;color-scheme:normal',
      );
      frame.name = `svcpay-${id}`;
      // Only a wallet may use the Payment Request API; card and address frames get no permission.
      if (spec.allow) frame.setAttribute('allow', spec.allow);
      frame.setAttribute('scrolling', 'no');
      // For merchants' QA (svcpay/testing): which element this frame holds, and (below) when it
      // is ready. The page knows both already through `create` and the `ready` event.
      frame.setAttribute('data-svcpay-element', type);
      readyFired = false;
      collapsed = false;
      refused = false;
      // Only this frame's window, only the service origin, only this group's channel and element.
      const owner = container.ownerDocument.defaultView ?? window;
      stopListening = listen(owner, {
        origin: group.origin,
        source: () => frame?.contentWindow,
        schema: FieldToPageParser,
        channel: group.channel,
        onMessage: (msg) => void (msg.elementId === id && fromField(msg)),
      });
      container.appendChild(frame);
      // The skeleton: the height the frame will render at the width it got (src/vocab/element-heights.ts),
      // set before the page paints, so the page does not move when the frame reports its own.
      frame.style.height = `${frameHeight(type, frame.offsetWidth, group.appearance?.variables, options.hidePostalCode)}px`;
      // The frame must say ready in time, or the group's `error` event says it did not load.
      clearTimeout(loadWatch);
      loadWatch = setTimeout(() => frame && !readyFired && group.loadFailed(`${type} frame`), READY_WAIT_MS);
    },
    on(event, handler) {
      events.on(event, handler);
      return element;
    },
    off(event, handler) {
      events.off(event, handler);
      return element;
    },
    update(next) {
      if (destroyed) fail(`${type}.update: element destroyed.`);
      options = checkOptions({ ...options, ...next });
      // The controller keeps the latest options and hands them to the frame whenever it (re)loads.
      if (frame) group.post({ type: 'element.update', elementId: id, options });
    },
    unmount() {
      if (!frame) return;
      clearTimeout(loadWatch);
      stopListening?.();
      stopListening = null;
      frame.remove();
      frame = null;
      group.post({ type: 'element.unmount', elementId: id });
      group.fieldReady();
    },
    destroy() {
      if (destroyed) return;
      element.unmount();
      destroyed = true;
      events.clear();
      onDestroy();
    },
  };

  function fromField(msg: FieldToPage): void {
    if (!frame) return;
    if (msg.type === 'element.resize') {
      // A drawn element is never 0 px tall (its frame pads its content): a 0 is a frame measuring
      // before layout, as on a loaded machine, and would paint the element at 0 px between the
      // skeleton and its real height (issue 36). Only `unavailable` collapses an element.
      if (!collapsed && msg.height > 0) frame.style.height = `${msg.height}px`;
      return;
    }
    // Its own frame failed unexpectedly (reported to the service by the frame, with no card data):
    // the group's `error` event, once per failure, whether or not the controller frame is up yet.
    if (msg.type === 'element.error') return group.error('frame_error', `svcpay ${type} frame failed unexpectedly.`);
    // The service refused the key or session (issue 36): the merchant hears it now, with the
    // service's code, and the element does not say `ready` (nor, later, that it failed to load).
    if (msg.type === 'element.refused') {
      refused = true;
      clearTimeout(loadWatch);
      return group.error(msg.code, msg.message);
    }
    const { event, state } = msg;
    if (state.elementType !== type) return;
    if (event === 'ready') {
      if (readyFired || refused) return;
      readyFired = true;
      frame.setAttribute('data-svcpay-ready', '');
      // After the merchant's handlers, in a task of its own: creating the controller's iframe
      // takes the page's main thread for a while, and must not hold back `ready` (issue 9).
      setTimeout(group.fieldReady);
    }
    // No wallet in this browser, or an address the session does not collect: the element takes
    // no room on the page, whatever size its empty frame reports afterwards.
    if (event === 'unavailable') {
      collapsed = true;
      frame.style.height = '0px';
    }
    if (event === 'result') return 'result' in state && state.result ? emit(event, { elementType: type, ...state.result }) : undefined;
    if (event !== 'change') return emit(event, { elementType: type });
    emit('change', {
      elementType: type,
      empty: state.empty,
      complete: state.complete,
      ...('brand' in state && state.brand ? { brand: state.brand } : {}),
      error: ('error' in state && state.error) || null,
      // Only a type the registry says carries its value (an address) hands it to the page.
      ...(spec.value && 'value' in state ? { value: state.value } : {}),
    });
  }

  return { element, isMounted: () => frame !== null, isReady: () => frame !== null && readyFired };
}
