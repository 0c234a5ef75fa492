/**
 * The content of one element frame: the element's view (its component: CardFields, AddressFields,
 * WalletButton), wired to its page and its controller through the field link. Generic over the view, which
 * hands back an ElementHandle (values, validate, clear, focus). Sized by its content; the page
 * sizes the iframe to match.
 */
import type { JSX } from 'preact';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { listen, openBus, openPort, send, type Bus, type Parser } from '../../protocol/channel.ts';
import {
  ControllerBindParser as ControllerBind,
  ControllerToBoundFieldParser as ControllerToBoundField,
  ControllerToFieldParser as ControllerToField,
  type FrameWire,
} from '../../protocol/frame-parsers.ts';
import type {
  BoundFieldToController as ValuesMessage,
  ElementOptions,
  ElementState,
  FieldToController as Announcement,
  FieldToPage,
} from '../../protocol/messages.ts';
import { createFieldBinding, framePagePath, isControllerWindow } from '../binding.ts';
import type { FieldParams } from '../../protocol/params.ts';
import { reportableHeight } from '../measure.ts';
import { elementPages } from '../../vocab/elements.ts';
import { createFieldLink, type ElementHandle, type LinkEventName } from './link.ts';

/** What an element's view may say to its controller. */
export interface ViewLink {
  /** The view's first state, when FieldFrame was given no `initial` (a view that loads first). */
  ready(state: ElementState): void;
  change(state: ElementState): void;
  event(name: LinkEventName, state?: ElementState): void;
}

/**
 * Posts to the page that embeds this frame, only to the origin the mount named. Where the browser
 * tells who the parent is and it is another origin, nothing is posted (the browser would drop it
 * anyway, as postMessage delivers only to the target origin).
 */
export function toParent(parentOrigin: string, schema: Parser<FieldToPage>, msg: FieldToPage): void {
  if (window.parent === window) return;
  const ancestor = location.ancestorOrigins?.[0];
  if (ancestor !== undefined && ancestor !== parentOrigin) return;
  send(window.parent, parentOrigin, schema, msg);
}

export interface ElementViewProps {
  params: FieldParams;
  options: NonNullable<ElementOptions>;
  /** The merchant's `disabled`, or a confirm in progress. */
  disabled: boolean;
  link: ViewLink;
  handleRef(handle: ElementHandle | null): void;
}

export interface FieldFrameProps {
  params: FieldParams;
  view: (props: ElementViewProps) => JSX.Element | null;
  /** What this page's frames send, checked for its own element types (frame-parsers.ts, FrameWire). */
  wire: FrameWire;
  /** Announced as `ready` when the frame opens; absent: the view calls `link.ready` itself. */
  initial?: ElementState;
}

export function FieldFrame({ params, view: View, wire, initial }: FieldFrameProps): JSX.Element {
  const [options, setOptions] = useState<NonNullable<ElementOptions>>(params.options ?? {});
  const [busy, setBusy] = useState(false);
  const handle = useRef<ElementHandle | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const busRef = useRef<{ post(m: Announcement): void } | null>(null);
  const portRef = useRef<Bus<ValuesMessage> | null>(null);

  const [link, binding] = useMemo(() => {
    const b = createFieldBinding(params);
    const l = createFieldLink({
      channel: params.channel,
      elementId: params.elementId,
      elementType: params.type,
      toPage: (msg) => toParent(params.parentOrigin, wire.toPage, msg),
      post: (msg) => busRef.current?.post(msg),
      postBound: (msg) => portRef.current?.post(msg),
      holds: b.holds,
      handle: () => handle.current,
      setOptions,
      setBusy,
      awaitsWidth: () => window.innerWidth <= 0,
    });
    return [l, b] as const;
  }, [params.elementId, params.type]);

  // Layout effects, not effects: they run as soon as the first render is in the DOM, where an
  // effect waits for the next animation frame, which would hold `ready` back (issue 9, Speed).
  // The size goes first, so the page has sized the frame when it hears `ready` (the skeleton,
  // src/vocab/element-heights.ts, predicts it, but not for every appearance rule or country):
  // before the frame knows its width there is no size to give, and the link holds `ready` for it.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const report = () => {
      const height = reportableHeight(el);
      if (height !== null) link.resize(height);
    };
    const observer = new ResizeObserver(report);
    observer.observe(el);
    report();
    return () => observer.disconnect();
  }, [link]);

  useLayoutEffect(() => {
    const bus = openBus(params.channel, { receive: ControllerToField, send: wire.toController, onMessage: link.fromController });
    busRef.current = bus;
    // The controller binds this field by posting to this window (binding.ts).
    const controllerPaths = { controller: framePagePath('controller'), elements: elementPages.map(framePagePath) };
    const stopBinds = listen(window, {
      origin: location.origin,
      sourceTest: (w) => isControllerWindow(w, location.origin, controllerPaths),
      schema: ControllerBind,
      onMessage: (msg, event) => {
        const port = event.ports[0];
        if (!port || !binding.accept(msg, event.source)) return port?.close();
        portRef.current?.close();
        portRef.current = openPort(port, { receive: ControllerToBoundField, send: wire.values, onMessage: link.fromBound });
      },
    });
    if (initial) link.ready(initial);
    else link.announce();
    return () => {
      stopBinds();
      portRef.current?.close();
      portRef.current = null;
      busRef.current = null;
      bus.close();
    };
  }, [link]);

  return (
    <div class="svp-frame" ref={box}>
      <View
        params={params}
        options={options}
        disabled={Boolean(options.disabled) || busy}
        link={link}
        handleRef={(h) => {
          handle.current = h;
        }}
      />
    </div>
  );
}
