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
import { PROTOCOL } from './checks.ts';
import { bool, intIn } from './primitives.ts';

export { PROTOCOL };

export { cardBrands, elementEventNames, elementTypes };

export const ElementType = z.enum(elementTypes);
export type ElementType = z.infer<typeof ElementType>;

export const ElementEventName = z.enum(elementEventNames);
export type ElementEventName = z.infer<typeof ElementEventName>;

export const CardBrand = z.enum(cardBrands);
export type CardBrand = z.infer<typeof CardBrand>;

/** A string of at most `n` characters. */
const str = (n: number) => z.string().check(z.maxLength(n));
const protocol = z.literal(PROTOCOL);

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

const Channel = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/));
const RequestId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));
/** CSS pixels of a field frame's content. */
const FrameHeight = intIn(0, 2000);

const VariableName = str(64);
const VariableValue = str(200);
/**
 * `{ [name]: css value }`, names of at most 64 and values of at most 200 characters: what
 * `z.record(str(64), str(200))` accepts, as a refinement, because zod's record type alone costs
 * every page ~0.5 KB gzipped of the shared chunk, for this one use. Unlike a record it returns
 * the object as is (an own `__proto__` key is kept, not dropped): appearance.ts reads only the
 * names it knows.
 */
const Variables = z.custom<Record<string, string>>(
  (v) =>
    z.util.isPlainObject(v) &&
    Object.entries(v).every(([name, value]) => VariableName.safeParse(name).success && VariableValue.safeParse(value).success),
);

export const Appearance = z.optional(
  z.strictObject({
    theme: z.optional(z.enum(['default', 'night', 'flat'])),
    variables: z.optional(Variables),
  }),
);
export type Appearance = z.infer<typeof Appearance>;

export const ElementOptions = z.optional(
  z.strictObject({
    placeholder: z.optional(str(100)),
    disabled: z.optional(bool()),
    hidePostalCode: z.optional(bool()),
  }),
);
export type ElementOptions = z.infer<typeof ElementOptions>;

/** The error shape every promise of the browser API resolves with (never rejects). */
export const PaymentError = z.strictObject({
  code: str(64),
  message: str(500),
  declineCode: z.optional(z.nullable(str(64))),
});
export type PaymentError = z.infer<typeof PaymentError>;

export const RetryState = z.strictObject({ allowed: bool(), attempts_remaining: intIn(0) });

export const ConfirmResult = z.strictObject({
  status: z.enum(confirmStatuses),
  sessionId: str(80),
  paymentIntentId: z.optional(z.nullable(str(80))),
  error: z.optional(PaymentError),
  retry: z.optional(z.nullable(RetryState)),
});
export type ConfirmResult = z.infer<typeof ConfirmResult>;

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
  z.strictObject({
    protocol,
    type: z.literal('confirm'),
    channel: Channel,
    requestId: RequestId,
    kind: z.literal('payment'),
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
]);
export type ControllerToPage = z.infer<typeof ControllerToPage>;

// field frame -> its parent, the merchant page (window.postMessage to the page's origin)
/**
 * A field's state events and size go straight to the page, not through the controller frame, so
 * a field is `ready` as soon as it has rendered, whatever the controller is doing (issue 9,
 * Speed). State only: like every message to the page, no member can hold a card value. The page
 * listens to each field frame's own window only.
 */
export const FieldToPage = z.union([
  z.strictObject({
    protocol,
    type: z.literal('element.event'),
    channel: Channel,
    elementId: RequestId,
    event: ElementEventName,
    state: FieldState,
  }),
  /** The field's content height, so the page can size that iframe (frames are cross-origin). */
  z.strictObject({
    protocol,
    type: z.literal('element.resize'),
    channel: Channel,
    elementId: RequestId,
    height: FrameHeight,
  }),
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
    state: FieldState,
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
  values: CardValues,
});
export type BoundFieldToController = z.infer<typeof BoundFieldToController>;

// ---------------------------------------------------------------------------------------------
// hosted page (service origin) <-> sandbox processor fields frame (processor origin)
export const HostToProcessorFrame = z.union([
  z.strictObject({ protocol, type: z.literal('sbx.submit'), requestId: RequestId }),
  z.strictObject({ protocol, type: z.literal('sbx.reset') }),
]);
export type HostToProcessorFrame = z.infer<typeof HostToProcessorFrame>;

export const ProcessorFrameToHost = z.union([
  z.strictObject({ protocol, type: z.literal('sbx.ready') }),
  z.strictObject({
    protocol,
    type: z.literal('sbx.change'),
    complete: bool(),
    empty: bool(),
    brand: z.optional(CardBrand),
  }),
  z.strictObject({
    protocol,
    type: z.literal('sbx.result'),
    requestId: RequestId,
    /** `approved` / `declined`: a transaction exists; the host page calls complete with it. */
    status: z.enum(['approved', 'declined', 'invalid', 'error']),
    transactionId: z.optional(str(80)),
    declineCode: z.optional(str(64)),
  }),
  /** The host cannot measure a cross-origin frame: the fields page reports its content height. */
  z.strictObject({ protocol, type: z.literal('sbx.resize'), height: FrameHeight }),
]);
export type ProcessorFrameToHost = z.infer<typeof ProcessorFrameToHost>;
