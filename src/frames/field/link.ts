/**
 * A field frame's side of the conversation with its page and its controller, free of Preact so it
 * can be tested alone. State events and size go straight to the page (issue 9: no controller on
 * the way to `ready`); announcements and state go on the bus for the controller; values leave only
 * in answer to a `field.collect` that came over the bound controller's private port carrying the
 * mount secret (binding.ts), only back over that port, and only when the inputs are valid.
 */
import type { CardFieldsState } from '../../components/CardFields/index.ts';
import { carriesBrand } from '../../elements/registry.ts';
import { PROTOCOL } from '../../protocol/checks.ts';
import type {
  BoundFieldToController,
  ControllerToBoundField,
  ControllerToField,
  ElementEventName,
  ElementOptions,
  ElementState,
  FieldState,
  FieldToController,
  FieldToPage,
} from '../../protocol/messages.ts';
import type { ElementType, FieldType } from '../../vocab/elements.ts';

/**
 * What a frame's component offers its link, as CardFieldsHandle does: `values()` is what the
 * controller collects on confirm (src/elements/registry.ts, `collects`).
 */
export interface ElementHandle {
  values(): BoundFieldToController['values'];
  /** True when complete and valid; otherwise shows the errors. */
  validate(): boolean;
  clear(): void;
  focus(): void;
}

/** The events a frame's component fires besides `ready` and `change`. */
export type LinkEventName = Exclude<ElementEventName, 'ready' | 'change'>;

export interface FieldLinkDeps {
  channel: string;
  elementId: string;
  elementType: ElementType;
  /** Posts to the parent page: state and size only. */
  toPage(msg: FieldToPage): void;
  /** Posts on the bus, which every service-origin document on the channel hears. */
  post(msg: FieldToController): void;
  /** Posts to the bound controller only, over its port. */
  postBound(msg: BoundFieldToController): void;
  /** Whether `secret` is the secret of this field's bind. */
  holds(secret: string): boolean;
  handle(): ElementHandle | null;
  setOptions(options: NonNullable<ElementOptions>): void;
  setBusy(busy: boolean): void;
  /** How long an invalid field waits for its error to render before answering `field.collect`. */
  revealWaitMs?: number;
  /**
   * True while the frame has not yet learnt its width from the page (innerWidth 0: the frame's
   * script runs as the document parses, usually before the page's layout reaches it). `ready`
   * then waits for the first size, so the page has sized the frame when it hears `ready`.
   */
  awaitsWidth?(): boolean;
  /**
   * How long `ready` waits for that size: a frame in a hidden container never gets a width, and
   * says `ready` after this. Long enough for a page busy for a moment after mount to lay out.
   */
  sizeWaitMs?: number;
}

/** See FieldLinkDeps.sizeWaitMs. */
export const SIZE_WAIT_MS = 500;

/** What the page may know: no values, and a brand only where the input can know it. */
export function toFieldState(elementType: FieldType, s: CardFieldsState): FieldState {
  return { elementType, empty: s.empty, complete: s.complete, ...(carriesBrand[elementType] ? { brand: s.brand } : {}), error: s.error };
}

export function createFieldLink(deps: FieldLinkDeps) {
  const { elementId, channel } = deps;
  let state: ElementState | null = null;
  let height: number | null = null;
  let answerPending: (() => void) | null = null;
  /** `ready`, held until the first size (FieldLinkDeps.awaitsWidth). */
  let readyPending: (() => void) | null = null;

  const post = (msg: FieldToController) => deps.post(msg);
  const postValues = (msg: BoundFieldToController) => deps.postBound(msg);
  const hello = () => post({ protocol: PROTOCOL, type: 'field.hello', elementId, elementType: deps.elementType });
  /** To the page; state changes (ready, change) to the controller too, for its error wording. */
  const emit = (event: ElementEventName, s: ElementState) => {
    deps.toPage({ protocol: PROTOCOL, type: 'element.event', channel, elementId, event, state: s });
    if (event === 'ready' || event === 'change') post({ protocol: PROTOCOL, type: 'field.event', elementId, event, state: s });
  };

  /**
   * Says hello and the current state again on the bus, once there is a state to announce: to a
   * controller that started after this field (the usual order: the page creates it once the
   * fields are ready), or when the bus opened after the view announced itself. The page had its
   * `ready` already: a second one would be a second `ready` for the merchant.
   */
  function announce(): void {
    if (!state) return;
    hello();
    post({ protocol: PROTOCOL, type: 'field.event', elementId, event: 'ready', state });
  }

  /** Says the held `ready`, before anything that must follow it. */
  function flushReady(): void {
    const say = readyPending;
    readyPending = null;
    say?.();
  }

  function flushAnswer(): void {
    const answer = answerPending;
    answerPending = null;
    answer?.();
  }

  function collect(requestId: string): void {
    const handle = deps.handle();
    const valid = handle ? handle.validate() : false;
    const answer = () => {
      const values = valid && handle ? handle.values() : {};
      try {
        postValues({ protocol: PROTOCOL, type: 'field.values', elementId, requestId, valid, values });
      } catch {
        // Values the schema refuses are not chargeable either; say so without them.
        postValues({ protocol: PROTOCOL, type: 'field.values', elementId, requestId, valid: false, values: {} });
      }
    };
    if (valid) return answer();
    // validate() revealed the errors; let the change carrying the error go first, so the
    // controller can answer the page with the same wording the buyer sees.
    flushAnswer();
    answerPending = answer;
    setTimeout(flushAnswer, deps.revealWaitMs ?? 100);
  }

  return {
    /** The component rendered: announce the field and its first state. */
    ready(initial: ElementState): void {
      state = initial;
      hello();
      const say = () => emit('ready', initial);
      if (height !== null || !deps.awaitsWidth?.()) return say();
      readyPending = say;
      setTimeout(flushReady, deps.sizeWaitMs ?? SIZE_WAIT_MS);
    },
    /** The bus opened after a view announced itself: say it again now that it can be heard. */
    announce,
    change(next: ElementState): void {
      flushReady();
      state = next;
      emit('change', next);
      flushAnswer();
    },
    /** `next` replaces the state first (a wallet's `result` carries its outcome in it). */
    event(name: LinkEventName, next?: ElementState): void {
      flushReady();
      if (next) state = next;
      if (state) emit(name, state);
    },
    resize(next: number): void {
      const h = Math.min(2000, Math.max(0, Math.ceil(next)));
      if (h === height) return;
      height = h;
      deps.toPage({ protocol: PROTOCOL, type: 'element.resize', channel, elementId, height: h });
      flushReady();
    },
    /** From the bus: any controller on the channel, so nothing here touches values or inputs. */
    fromController(msg: ControllerToField): void {
      switch (msg.type) {
        case 'controller.hello':
          return announce();
      }
    },
    /** From the bound controller's port (binding.ts). */
    fromBound(msg: ControllerToBoundField): void {
      switch (msg.type) {
        case 'field.collect':
          // The port is already private to the bound controller; the secret says so explicitly.
          if (!deps.holds(msg.secret)) return;
          return collect(msg.requestId);
        case 'field.update':
          deps.setOptions(msg.options ?? {});
          return;
        case 'field.busy':
          return deps.setBusy(msg.busy);
        case 'field.clear':
          deps.handle()?.clear();
          return;
      }
    },
  };
}
