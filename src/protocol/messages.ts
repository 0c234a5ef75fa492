/**
 * Every message that crosses a frame boundary, defined once (STYLE.md habit 2).
 *
 * Four conversations, one union per direction:
 * - merchant page  <-> controller frame   (window.postMessage, cross-origin)
 * - field frame     -> merchant page      (window.postMessage, cross-origin; state events only)
 * - controller     <-> field frames        (BroadcastChannel, then a private MessagePort; same
 *                                           service origin)
 * - hosted page    <-> sandbox processor fields frame (window.postMessage, cross-origin)
 *
 * Messages to or from the merchant page never carry card data: the schemas below have no field
 * that could hold a card number or CVC, and strict objects refuse extra keys.
 */
// zod/mini, not classic zod: every frame page and the hosted page import this file, and only the
// functional build tree-shakes down to what they use (frame budget: 25 KB gzipped per page).
// Its default issue messages are generic ("Invalid input"): text a buyer sees comes from
// src/locales, never from a zod issue.
import * as z from 'zod/mini';
import { cardBrands, elementEventNames, elementTypes } from '../vocab/elements.ts';
import { publishableKeyShape } from '../vocab/keys.ts';
import { confirmStatuses } from '../vocab/payments.ts';
import { walletTypes } from '../vocab/wallets.ts';
import { appearanceProblem, type Appearance as AppearanceValue } from './appearance.ts';
import { PROTOCOL } from './checks.ts';
import { bool, intIn } from './primitives.ts';
import { CardBrand, Channel, FrameHeight, PaymentError, RequestId, protocol, str } from './message-parts.ts';

export { CardBrand, PaymentError };

export { PROTOCOL };

export { cardBrands, elementEventNames, elementTypes };

export const ElementType = z.enum(elementTypes);
export type ElementType = z.infer<typeof ElementType>;

export const ElementEventName = z.enum(elementEventNames);
export type ElementEventName = z.infer<typeof ElementEventName>;



/** What the page may learn about a field: state, never the value. */
export const FieldError = z.strictObject({ code: str(64), message: str(300) });
export type FieldError = z.infer<typeof FieldError>;

export const FieldState = z.strictObject({
  elementType: ElementType,
  empty: bool(),
  complete: bool(),
  brand: z.optional(CardBrand),
  error: z.optional(z.nullable(FieldError)),
});
export type FieldState = z.infer<typeof FieldState>;

/**
 * An address element's value. Unlike card data it reaches the merchant page, in every `change`
 * (issue 9): strict objects with bounded strings, and no key a card number or CVC could travel in.
 */
export const AddressValue = z.strictObject({
  name: z.optional(str(200)),
  phone: z.optional(z.string().check(z.regex(/^[0-9+()\-. ]{0,32}$/))),
  address: z.strictObject({
    line1: str(200),
    line2: str(200),
    city: str(100),
    state: str(100),
    postalCode: str(16),
    country: z.string().check(z.regex(/^[A-Z]{2}$/)),
  }),
});
export type AddressValue = z.infer<typeof AddressValue>;

export const AddressState = z.strictObject({
  elementType: z.literal('address'),
  empty: bool(),
  complete: bool(),
  error: z.nullable(FieldError),
  value: AddressValue,
});
export type AddressState = z.infer<typeof AddressState>;



/**
 * The merchant's `appearance` (theme, variables, rules), checked by the same zod-free code the
 * embed script runs at `elements()`: only allow-listed keys, and values made of colours, lengths,
 * font names and keywords (appearance.ts says why), so no CSS beyond those reaches a frame.
 */
export const Appearance = z.optional(z.custom<AppearanceValue>((v) => appearanceProblem(v) === null));
export type Appearance = z.infer<typeof Appearance>;

export const ElementOptions = z.optional(
  z.strictObject({
    placeholder: z.optional(str(100)),
    disabled: z.optional(bool()),
    hidePostalCode: z.optional(bool()),
    /** `address` only: which address it asks for (default billing). */
    mode: z.optional(z.enum(['billing', 'shipping'])),
  }),
);
export type ElementOptions = z.infer<typeof ElementOptions>;


export const RetryState = z.strictObject({ allowed: bool(), attempts_remaining: intIn(0) });

export const ConfirmResult = z.strictObject({
  status: z.enum(confirmStatuses),
  sessionId: str(80),
  paymentIntentId: z.optional(z.nullable(str(80))),
  error: z.optional(PaymentError),
  retry: z.optional(z.nullable(RetryState)),
});
export type ConfirmResult = z.infer<typeof ConfirmResult>;

/** What `createToken` resolves with: a `vp_pmt_*` and what the buyer may be shown of the card, or an error. */
export const TokenResult = z.strictObject({
  token: z.optional(
    z.strictObject({
      id: str(80),
      card: z.strictObject({
        brand: CardBrand,
        last4: z.nullable(z.string().check(z.regex(/^\d{4}$/))),
        expMonth: z.nullable(intIn(1, 12)),
        expYear: z.nullable(intIn(2000, 2100)),
      }),
    }),
  ),
  error: z.optional(PaymentError),
});
export type TokenResult = z.infer<typeof TokenResult>;

/** An error the merchant hears as the `error` event of its elements group (never card data). */
export const ElementsError = z.strictObject({ code: str(64), message: str(300) });
export type ElementsError = z.infer<typeof ElementsError>;

/** Where the bank challenge is: an http(s) URL, shown in the dialog's frame. */
const ChallengeUrl = z.string().check(z.maxLength(2000), z.regex(/^https?:\/\/[^\s]+$/));

/**
 * A wallet element's state: which wallet its button offers (absent while it asks the browser, or
 * when none can pay), and, on `result`, how its payment ended (it pays on its own).
 */
export const WalletState = z.strictObject({
  elementType: z.literal('wallet'),
  empty: bool(),
  complete: bool(),
  wallet: z.optional(z.enum(walletTypes)),
  result: z.optional(ConfirmResult),
});
export type WalletState = z.infer<typeof WalletState>;

/** What an element's events carry: a card field's state, an address element's state and value, or a wallet's. */
export const ElementState = z.union([FieldState, AddressState, WalletState]);
export type ElementState = z.infer<typeof ElementState>;

// ---------------------------------------------------------------------------------------------
// Each direction is a union of strict objects told apart by their `type` literal: what
// `z.discriminatedUnion('type', …)` expresses (STYLE.md habit 2), written as `z.union` because
// the discriminated variant costs every frame ~0.45 KB gzipped of the shared zod chunk, which the
// frame budget could not spare even with the locale catalogues out of the bundle. The parse result
// is the same: at most one member can match a message, since each has its own `type`.

// merchant page -> controller frame
export const PageToController = z.union([
  z.strictObject({
    protocol,
    type: z.literal('init'),
    channel: Channel,
    publishableKey: z.string().check(z.regex(publishableKeyShape)),
    sessionId: str(80),
    locale: z.optional(str(16)),
  }),
  z.strictObject({
    protocol,
    type: z.literal('element.update'),
    channel: Channel,
    elementId: RequestId,
    options: ElementOptions,
  }),
  /** The page removed an element's frame: the controller stops waiting for its values. */
  z.strictObject({ protocol, type: z.literal('element.unmount'), channel: Channel, elementId: RequestId }),
  /** `payment`: confirmPayment (charge at submit); `token`: createToken (vault only). */
  z.strictObject({
    protocol,
    type: z.literal('confirm'),
    channel: Channel,
    requestId: RequestId,
    kind: z.enum(['payment', 'token']),
  }),
  /** The bank challenge of `requestId` ended: the bank sent the buyer back, or the buyer closed the dialog. */
  z.strictObject({
    protocol,
    type: z.literal('challenge.done'),
    channel: Channel,
    requestId: RequestId,
    outcome: z.enum(['returned', 'canceled']),
  }),
]);
export type PageToController = z.infer<typeof PageToController>;

// controller frame -> merchant page
export const ControllerToPage = z.union([
  z.strictObject({ protocol, type: z.literal('controller.ready'), channel: Channel }),
  z.strictObject({
    protocol,
    type: z.literal('confirm.result'),
    channel: Channel,
    requestId: RequestId,
    result: ConfirmResult,
  }),
  /** The buyer's bank wants them (3-D Secure): the page shows `url` in a dialog titled `label`, with a `cancel` button. */
  z.strictObject({
    protocol,
    type: z.literal('confirm.challenge'),
    channel: Channel,
    requestId: RequestId,
    url: ChallengeUrl,
    label: str(200),
    cancel: str(100),
  }),
  z.strictObject({
    protocol,
    type: z.literal('token.result'),
    channel: Channel,
    requestId: RequestId,
    result: TokenResult,
  }),
  /** Something failed inside the frames (an exception, a frame or an answer that broke the protocol). */
  z.strictObject({ protocol, type: z.literal('controller.error'), channel: Channel, error: ElementsError }),
]);
export type ControllerToPage = z.infer<typeof ControllerToPage>;

// element frame -> its parent, the merchant page (window.postMessage to the page's origin)
/**
 * An element's state events (a card field's, an address's with its value, a wallet's) and size
 * go straight to the page, not through the controller frame, so an element is `ready` as soon as
 * it has rendered, whatever the controller is doing (issue 9, Speed). State only: like every
 * message to the page, no member can hold a card value. The page listens to each element frame's
 * own window only.
 */
export const FieldToPage = z.union([
  z.strictObject({
    protocol,
    type: z.literal('element.event'),
    channel: Channel,
    elementId: RequestId,
    event: ElementEventName,
    state: ElementState,
  }),
  /** The field's content height, so the page can size that iframe (frames are cross-origin). */
  z.strictObject({
    protocol,
    type: z.literal('element.resize'),
    channel: Channel,
    elementId: RequestId,
    height: FrameHeight,
  }),
  /**
   * An unexpected exception in the element frame (src/frames/frame-errors.ts): its code only, never
   * its message or stack. Straight to the page, so the merchant's `error` event hears it even
   * before the controller frame exists.
   */
  z.strictObject({ protocol, type: z.literal('element.error'), channel: Channel, elementId: RequestId, code: str(64) }),
]);
export type FieldToPage = z.infer<typeof FieldToPage>;

// ---------------------------------------------------------------------------------------------
// Inside the service origin only. Three ways between a controller and its field frames
// (src/frames/binding.ts has the threat model):
// - the bus, BroadcastChannel `svcpay:<channel>`: announcements only, never card values, since
//   every service-origin document that knows the channel id (which the page can read) hears them;
// - `controller.bind`, posted by the controller straight to one field frame's window: the mount's
//   key, session and secret, with a MessagePort;
// - that port, private to the pair: commands to the field and the card values it answers with.
export const CardValues = z.strictObject({
  number: z.optional(z.string().check(z.regex(/^\d{12,19}$/))),
  expMonth: z.optional(intIn(1, 12)),
  expYear: z.optional(intIn(2000, 2100)),
  cvc: z.optional(z.string().check(z.regex(/^\d{3,4}$/))),
  postalCode: z.optional(str(16)),
});
export type CardValues = z.infer<typeof CardValues>;

/** A mount secret: 32 random bytes, hex (binding.ts). */
const MountSecret = z.string().check(z.regex(/^[0-9a-f]{64}$/));

// field frame -> every controller on the bus
export const FieldToController = z.union([
  z.strictObject({
    protocol,
    type: z.literal('field.hello'),
    elementId: RequestId,
    elementType: ElementType,
  }),
  z.strictObject({
    protocol,
    type: z.literal('field.event'),
    elementId: RequestId,
    event: ElementEventName,
    state: ElementState,
  }),
]);
export type FieldToController = z.infer<typeof FieldToController>;

// controller -> every field frame on the bus
/**
 * Sent when the controller starts: field frames load in parallel with it, so a field's
 * `field.hello` and `ready` may predate it; each field answers by announcing itself again.
 */
export const ControllerToField = z.strictObject({ protocol, type: z.literal('controller.hello') });
export type ControllerToField = z.infer<typeof ControllerToField>;

// controller -> one field frame's window (with a MessagePort): binds the field to this mount
export const ControllerBind = z.strictObject({
  protocol,
  type: z.literal('controller.bind'),
  channel: Channel,
  elementId: RequestId,
  publishableKey: z.string().check(z.regex(publishableKeyShape)),
  sessionId: str(80),
  secret: MountSecret,
});
export type ControllerBind = z.infer<typeof ControllerBind>;

// controller -> its bound field frame, over their port
export const ControllerToBoundField = z.union([
  /** Values leave a field only in answer to this, only to the holder of the mount secret. */
  z.strictObject({ protocol, type: z.literal('field.collect'), requestId: RequestId, secret: MountSecret }),
  z.strictObject({ protocol, type: z.literal('field.update'), options: ElementOptions }),
  z.strictObject({ protocol, type: z.literal('field.busy'), busy: bool() }),
  z.strictObject({ protocol, type: z.literal('field.clear') }),
]);
export type ControllerToBoundField = z.infer<typeof ControllerToBoundField>;

// bound field frame -> its controller, over their port
export const BoundFieldToController = z.strictObject({
  protocol,
  type: z.literal('field.values'),
  elementId: RequestId,
  requestId: RequestId,
  valid: bool(),
  /** A card field's part of the card; an address field's value (empty when it is not for the charge). */
  values: z.union([CardValues, AddressValue]),
});
export type BoundFieldToController = z.infer<typeof BoundFieldToController>;

// The hosted page's, the embedded checkout's and the bank-challenge return page's messages.
export * from './page-messages.ts';
