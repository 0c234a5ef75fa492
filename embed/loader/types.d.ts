/**
 * Public types of svcpay's browser API (Doc 3, "The browser API merchants call"): the global
 * `SvcPay` defined by https://<service>/js/v1/svcpay.js and the options of `loadSvcPay`.
 *
 * Imports nothing: it ships to npm users as is. A declaration file of its own (not index.d.ts)
 * because index.ts beside index.d.ts would shadow it for every import inside this repository.
 * embed/ implements these types; type tests live in embed/loader/types.test-d.ts.
 */

export type ElementType = 'card' | 'cardNumber' | 'cardExpiry' | 'cardCvc' | 'address' | 'wallet';

export type ElementEventName = 'ready' | 'change' | 'focus' | 'blur' | 'escape' | 'unavailable' | 'result';

/** The languages svcpay's fields and hosted page are written in. */
export type SupportedLocale =
  | 'en' | 'fr' | 'de' | 'es' | 'it' | 'nl' | 'pt' | 'pt-BR' | 'sv' | 'da' | 'nb'
  | 'fi' | 'pl' | 'cs' | 'tr' | 'ru' | 'ar' | 'he' | 'ja' | 'zh' | 'ko';

/**
 * The buyer's language: `'auto'` follows the browser (navigator.languages); any BCP 47 tag is
 * accepted and matched to its language (`de-AT` shows German with Austrian number formats,
 * `zh-CN` Chinese); a language svcpay does not have, or no locale at all, shows English.
 * Arabic and Hebrew lay the fields out right to left.
 */
export type Locale = 'auto' | SupportedLocale | (string & {});

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

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

/**
 * CSS values: a colour (`#1a1f36`, `rgb(26 31 54)`, `rebeccapurple`), a length (`4px`, `1rem`,
 * `50%`), font family names, or a keyword, as the property needs. `url()`, expressions and
 * `;{}<>\` are refused: `elements()` throws naming the bad key.
 */
export type AppearanceValue = string;

export interface AppearanceVariables {
  colorText?: AppearanceValue;
  /** Placeholders. */
  colorMuted?: AppearanceValue;
  colorBorder?: AppearanceValue;
  /** Inside the inputs. */
  colorBackground?: AppearanceValue;
  /** Behind the labels and errors (the frame); transparent by default, dark in `night`. */
  colorSurface?: AppearanceValue;
  /** Focus outline. */
  colorPrimary?: AppearanceValue;
  /** Errors and invalid inputs. */
  colorDanger?: AppearanceValue;
  fontFamily?: AppearanceValue;
  fontSize?: AppearanceValue;
  borderRadius?: AppearanceValue;
  /** Base of gaps and paddings, default `4px`. */
  spacingUnit?: AppearanceValue;
}

/** Text properties a rule may set (camelCase, as in `element.style`). */
export interface AppearanceTextRule {
  color?: AppearanceValue;
  fontFamily?: AppearanceValue;
  fontSize?: AppearanceValue;
  fontWeight?: AppearanceValue;
  fontStyle?: AppearanceValue;
  letterSpacing?: AppearanceValue;
  lineHeight?: AppearanceValue;
  textTransform?: AppearanceValue;
}

/** What an input rule may set on top: box colours, borders, shadow, padding, the focus outline's colour. */
export interface AppearanceInputRule extends AppearanceTextRule {
  backgroundColor?: AppearanceValue;
  border?: AppearanceValue;
  borderColor?: AppearanceValue;
  borderStyle?: AppearanceValue;
  borderWidth?: AppearanceValue;
  borderRadius?: AppearanceValue;
  boxShadow?: AppearanceValue;
  outlineColor?: AppearanceValue;
  padding?: AppearanceValue;
}

export interface AppearanceRules {
  '.Input'?: AppearanceInputRule;
  '.Input:focus'?: AppearanceInputRule;
  '.Input--invalid'?: AppearanceInputRule;
  '.Label'?: AppearanceTextRule;
  '.Error'?: AppearanceTextRule;
}

export interface Appearance {
  /** A preset the variables and rules then adjust; `default` when absent. */
  theme?: 'default' | 'night' | 'flat';
  variables?: AppearanceVariables;
  rules?: AppearanceRules;
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

export interface PaymentError {
  code: string;
  message: string;
  declineCode?: string | null;
}

export interface RetryState {
  allowed: boolean;
  attempts_remaining: number;
}

/**
 * `status` `processing`: the outcome is not known yet (do not charge again; the webhook tells).
 * `failed` carries `error`: a decline (`card_declined`, with `declineCode` and a buyer-safe
 * `message` in the elements' language), `authentication_canceled` (the buyer closed their bank's
 * check; nothing charged), `session_failed` / `session_already_completed` (answered without a call
 * once the session takes no other payment), or a network or integration error. `retry` says
 * whether another card may be tried on the same session.
 */
export interface ConfirmPaymentResult {
  status: 'succeeded' | 'processing' | 'failed';
  sessionId: string;
  paymentIntentId?: string | null;
  error?: PaymentError;
  retry?: RetryState | null;
}

export interface CardToken {
  /** `vp_pmt_…`: the merchant server charges it with `POST /v1/payment_intents` and `session_id`. */
  id: string;
  /** What may be shown of the card; a value the service does not know is null. */
  card: { brand: CardBrand; last4: string | null; expMonth: number | null; expYear: number | null };
}

export type CreateTokenResult = { token: CardToken; error?: undefined } | { token?: undefined; error: PaymentError };

export type CheckoutEventName = 'ready' | 'success' | 'failure';

/** Outcome of one payment attempt in an embedded checkout: a UX signal; confirm by webhook. */
export interface CheckoutResult {
  status: 'succeeded' | 'failed';
  sessionId: string;
  paymentIntentId?: string | null;
  error?: PaymentError;
}

export interface CheckoutEventMap {
  /** The processor's card fields can take the card. */
  ready: { sessionId: string };
  /** The session is paid. */
  success: CheckoutResult & { status: 'succeeded' };
  /** An attempt failed (a decline, say); the form stays open for another one. */
  failure: CheckoutResult & { status: 'failed'; error: PaymentError };
}

export type CheckoutEventHandler<E extends CheckoutEventName> = (event: CheckoutEventMap[E]) => void;

/** An `embed` session's checkout, mounted in the merchant's container (`mountCheckout`). */
export interface EmbeddedCheckout {
  /** `ready` registered after the fields became ready still fires, once. */
  on<E extends CheckoutEventName>(event: E, handler: CheckoutEventHandler<E>): EmbeddedCheckout;
  off<E extends CheckoutEventName>(event: E, handler?: CheckoutEventHandler<E>): EmbeddedCheckout;
  /** Removes the checkout's frame; the container can take a new checkout. */
  destroy(): void;
  error?: undefined;
}

/** The checkout itself, or `{ error }` when the session cannot be mounted (refused, or not ready in time). */
export type MountCheckoutResult = EmbeddedCheckout | { error: PaymentError; on?: undefined; off?: undefined; destroy?: undefined };

export interface MountCheckoutOptions {
  sessionId: string;
  /** Defaults to the `SvcPay` instance's locale, then the session's. */
  locale?: Locale;
}

export interface ConfirmPaymentOptions {
  elements: Elements;
}

export interface SvcPay {
  elements(options: ElementsOptions): Elements;
  /**
   * Charges the session now (elements sessions with `chargeAtSubmit`); when the buyer's bank asks
   * (3-D Secure), shows its check in a dialog over the page first. Resolves, never rejects.
   */
  confirmPayment(options: ConfirmPaymentOptions): Promise<ConfirmPaymentResult>;
  /**
   * Vaults the card from inside svcpay's frames (elements sessions without `chargeAtSubmit`) and
   * resolves `{ token }` for the merchant server to charge, or `{ error }`. Never rejects.
   */
  createToken(options: ConfirmPaymentOptions): Promise<CreateTokenResult>;
  /**
   * Mounts an `embed` session's checkout (the processor's card fields and Pay) in a container:
   * waits until the session is ready, then resolves with the checkout, or with `{ error }`.
   * Throws for a bad container or sessionId, or a container that already holds a checkout.
   */
  mountCheckout(target: string | HTMLElement, options: MountCheckoutOptions): Promise<MountCheckoutResult>;
}
export type SvcPayInstance = SvcPay;

export interface SvcPayOptions {
  locale?: Locale;
  /** Logs dropped messages (`console.debug`) on the page and in svcpay's frames. */
  debug?: boolean;
}

/** The global the script tag defines. Throws for a key that is not a publishable key. */
export type SvcPayConstructor = (publishableKey: string, options?: SvcPayOptions) => SvcPay;

export interface LoadSvcPayOptions extends SvcPayOptions {
  /** Where svcpay.js is served; default `http://localhost:4242/js/v1/svcpay.js`. */
  scriptUrl?: string;
}

declare global {
  interface Window {
    SvcPay?: SvcPayConstructor;
  }
}
