/** Public types of svcpay's browser API (types.d.ts re-exports them all): an `elements` group and its elements. */
import type { Appearance } from './appearance.js';
import type { ConfirmPaymentResult } from './results.js';
import type { CardBrand, ElementEventName, ElementType, Locale } from './vocab.js';

/** A problem with what the buyer typed, in the buyer's language. */
export interface FieldError {
  code: string;
  message: string;
}

/** Payload of `ready`, `focus`, `blur` and `escape`. */
export interface ElementEvent {
  elementType: ElementType;
}

/** Payload of `change`: the field's state, never its value. */
export interface ElementChangeEvent extends ElementEvent {
  empty: boolean;
  complete: boolean;
  /** Detected card brand; absent for fields that cannot know it (expiry, CVC). */
  brand?: CardBrand;
  error: FieldError | null;
}

/** Payload of an `address` element's `change`: its state and, unlike a card's, its value. */
export interface AddressChangeEvent extends ElementChangeEvent {
  elementType: 'address';
  value: AddressValue;
}

/** An `address` element's value. Empty strings for parts the buyer left blank. */
export interface AddressValue {
  /** Present when the session asks for the name. */
  name?: string;
  /** Present when the session asks for the phone. */
  phone?: string;
  address: { line1: string; line2: string; city: string; state: string; postalCode: string; country: string };
}

/** Payload of a `wallet` element's `result`: how the payment the buyer approved in the sheet ended. */
export interface WalletResultEvent extends ConfirmPaymentResult {
  elementType: 'wallet';
}

export interface ElementEventMap<T extends ElementType = ElementType> {
  ready: ElementEvent;
  change: T extends 'address' ? AddressChangeEvent : ElementChangeEvent;
  focus: ElementEvent;
  blur: ElementEvent;
  escape: ElementEvent;
  /** `wallet` only: the browser offers no wallet; the element shows nothing and takes no room. */
  unavailable: ElementEvent;
  /** `wallet` only: the wallet payment ended (`succeeded`: the session is paid; no confirmPayment needed). */
  result: WalletResultEvent;
}

export type ElementEventHandler<E extends ElementEventName, T extends ElementType = ElementType> = (event: ElementEventMap<T>[E]) => void;

export interface ElementOptions {
  placeholder?: string;
  disabled?: boolean;
  /** `card` only: hide the postal code input. */
  hidePostalCode?: boolean;
  /** `address` only: a billing address (the default; sent with the charge) or a shipping address. */
  mode?: 'billing' | 'shipping';
}

export interface SvcPayElement<T extends ElementType = ElementType> {
  readonly elementType: T;
  /** Mounts the element's frame into a container, given as a CSS selector or an element. Throws if already mounted. */
  mount(target: string | HTMLElement): void;
  on<E extends ElementEventName>(event: E, handler: ElementEventHandler<E, T>): SvcPayElement<T>;
  off<E extends ElementEventName>(event: E, handler?: ElementEventHandler<E, T>): SvcPayElement<T>;
  update(options: ElementOptions): void;
  /** Removes the frame; the element can be mounted again. */
  unmount(): void;
  /** Removes the frame for good; `create` can then make a new element of this type. */
  destroy(): void;
}
export type Element = SvcPayElement;

export interface ElementsOptions {
  sessionId: string;
  appearance?: Appearance;
  locale?: Locale;
}

/**
 * Payload of the group's `error` event: something failed inside svcpay's frames. `code` is one of
 * `frame_load_failed` (a frame did not say it was ready in time: network, or a CSP without the
 * service in `frame-src`), `script_load_failed` (a script svcpay.js loads from the service did
 * not load: network, or a CSP without the service in `script-src`. The bank challenge dialog,
 * loaded when a bank first asks: the payment then ends as if the buyer had canceled the
 * challenge. The confirm code, loaded once the elements are ready: confirmPayment and createToken
 * then resolve with the same code, and the next call tries again),
 * `frame_error` (an unexpected exception in a frame, heard even before any confirm),
 * `fields_unavailable` (a field did not hand over its values), `unexpected_response` (the service
 * answered in a shape svcpay.js does not know), `internal_error`. Never carries card data.
 */
export interface ElementsErrorEvent {
  code: string;
  message: string;
}

export type ElementsEventName = 'error';

export interface Elements {
  /** Throws for an unknown type, a type already created in this group, or `card` beside the split card elements. */
  create<T extends ElementType>(type: T, options?: ElementOptions): SvcPayElement<T>;
  getElement<T extends ElementType>(type: T): SvcPayElement<T> | null;
  on(event: ElementsEventName, handler: (event: ElementsErrorEvent) => void): Elements;
  /** Removes one handler, or every handler of the event when none is given. */
  off(event: ElementsEventName, handler?: (event: ElementsErrorEvent) => void): Elements;
}
