/**
 * The content of one element frame: the element's view (its component: CardFields, AddressFields,
 * WalletButton), wired to the controller through the field link. Generic over the view, which
 * hands back an ElementHandle (values, validate, clear, focus). Sized by its content; the page
 * sizes the iframe to match.
 */
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { listen, openBus, openPort, type Bus } from '../../protocol/channel.ts';
import {
  BoundFieldToController,
  ControllerBind,
  ControllerToBoundField,
  ControllerToField,
  FieldToController,
  type ElementOptions,
  type ElementState,
} from '../../protocol/messages.ts';
import { createFieldBinding, isControllerWindow } from '../binding.ts';
import type { FieldParams } from '../params.ts';
import { createFieldLink, type ElementHandle, type LinkEventName } from './link.ts';

/** What an element's view may say to its controller. */
export interface ViewLink {
  /** The view's first state, when FieldFrame was given no `initial` (a view that loads first). */
  ready(state: ElementState): void;
  change(state: ElementState): void;
  event(name: LinkEventName, state?: ElementState): void;
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
  /** Announced as `ready` when the frame opens; absent: the view calls `link.ready` itself. */
  initial?: ElementState;
}

export function FieldFrame({ params, view: View, initial }: FieldFrameProps): JSX.Element {
  const [options, setOptions] = useState<NonNullable<ElementOptions>>(params.options ?? {});
  const [busy, setBusy] = useState(false);
  const handle = useRef<ElementHandle | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const busRef = useRef<{ post(m: FieldToController): void } | null>(null);
  const portRef = useRef<Bus<BoundFieldToController> | null>(null);

  const [link, binding] = useMemo(() => {
    const b = createFieldBinding(params);
    const l = createFieldLink({
      elementId: params.elementId,
      elementType: params.type,
      post: (msg) => busRef.current?.post(msg),
      postBound: (msg) => portRef.current?.post(msg),
      holds: b.holds,
      handle: () => handle.current,
      setOptions,
      setBusy,
    });
    return [l, b] as const;
  }, [params.elementId, params.type]);

  useEffect(() => {
    const bus = openBus(params.channel, { receive: ControllerToField, send: FieldToController, onMessage: link.fromController });
    busRef.current = bus;
    // The controller binds this field by posting to this window (binding.ts).
    const controllerPath = new URL('controller.html', location.href).pathname;
    const stopBinds = listen(window, {
      origin: location.origin,
      sourceTest: (w) => isControllerWindow(w, location.origin, controllerPath),
      schema: ControllerBind,
      onMessage: (msg, event) => {
        const port = event.ports[0];
        if (!port || !binding.accept(msg, event.source)) return port?.close();
        portRef.current?.close();
        portRef.current = openPort(port, { receive: ControllerToBoundField, send: BoundFieldToController, onMessage: link.fromBound });
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

  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => link.resize(el.getBoundingClientRect().height));
    observer.observe(el);
    link.resize(el.getBoundingClientRect().height);
    return () => observer.disconnect();
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
