/**
 * Every message that crosses a frame boundary, defined once (STYLE.md habit 2).
 *
 * Three conversations, one union per direction:
 * - merchant page  <-> controller frame   (window.postMessage, cross-origin)
 * - controller     <-> field frames        (BroadcastChannel, same service origin)
 * - hosted page    <-> sandbox processor fields frame (window.postMessage, cross-origin)
 *
 * Messages to or from the merchant page never carry card data: the schemas below have no field
 * that could hold a card number or CVC, and strict objects refuse extra keys.
 */
import { z } from 'zod';

export const PROTOCOL = 'svcpay/1' as const;

export const elementTypes = ['card', 'cardNumber', 'cardExpiry', 'cardCvc', 'address', 'wallet'] as const;
export const ElementType = z.enum(elementTypes);
export type ElementType = z.infer<typeof ElementType>;

export const elementEventNames = ['ready', 'change', 'focus', 'blur', 'escape'] as const;
export const ElementEventName = z.enum(elementEventNames);
export type ElementEventName = z.infer<typeof ElementEventName>;

export const cardBrands = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown'] as const;
export const CardBrand = z.enum(cardBrands);
export type CardBrand = z.infer<typeof CardBrand>;

/** What the page may learn about a field: state, never the value. */
export const FieldError = z.strictObject({ code: z.string().max(64), message: z.string().max(300) });
export type FieldError = z.infer<typeof FieldError>;

export const FieldState = z.strictObject({
  elementType: ElementType,
  empty: z.boolean(),
  complete: z.boolean(),
  brand: CardBrand.optional(),
  error: FieldError.nullable().optional(),
});
export type FieldState = z.infer<typeof FieldState>;

const Channel = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const RequestId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/** CSS pixels of a field frame's content. */
const FrameHeight = z.number().int().min(0).max(2000);

export const Appearance = z
  .strictObject({
    theme: z.enum(['default', 'night', 'flat']).optional(),
    variables: z.record(z.string().max(64), z.string().max(200)).optional(),
  })
  .optional();
export type Appearance = z.infer<typeof Appearance>;

export const ElementOptions = z
  .strictObject({
    placeholder: z.string().max(100).optional(),
    disabled: z.boolean().optional(),
    hidePostalCode: z.boolean().optional(),
  })
  .optional();
export type ElementOptions = z.infer<typeof ElementOptions>;

/** The error shape every promise of the browser API resolves with (never rejects). */
export const PaymentError = z.strictObject({
  code: z.string().max(64),
  message: z.string().max(500),
  declineCode: z.string().max(64).nullable().optional(),
});
export type PaymentError = z.infer<typeof PaymentError>;

export const RetryState = z.strictObject({ allowed: z.boolean(), attempts_remaining: z.number().int().min(0) });

export const ConfirmResult = z.strictObject({
  status: z.enum(['succeeded', 'processing', 'failed']),
  sessionId: z.string().max(80),
  paymentIntentId: z.string().max(80).nullable().optional(),
  error: PaymentError.optional(),
  retry: RetryState.nullable().optional(),
});
export type ConfirmResult = z.infer<typeof ConfirmResult>;

// ---------------------------------------------------------------------------------------------
// merchant page -> controller frame
export const PageToController = z.discriminatedUnion('type', [
  z.strictObject({
    protocol: z.literal(PROTOCOL),
    type: z.literal('init'),
    channel: Channel,
    publishableKey: z.string().regex(/^vp_pk_(test|live)_[A-Za-z0-9]+$/),
    sessionId: z.string().max(80),
    locale: z.string().max(16).optional(),
  }),
  z.strictObject({
    protocol: z.literal(PROTOCOL),
    type: z.literal('element.update'),
    channel: Channel,
    elementId: RequestId,
    options: ElementOptions,
  }),
  /** The page removed an element's frame: the controller stops waiting for its values. */
  z.strictObject({ protocol: z.literal(PROTOCOL), type: z.literal('element.unmount'), channel: Channel, elementId: RequestId }),
  z.strictObject({
    protocol: z.literal(PROTOCOL),
    type: z.literal('confirm'),
    channel: Channel,
    requestId: RequestId,
    kind: z.literal('payment'),
  }),
]);
export type PageToController = z.infer<typeof PageToController>;

// controller frame -> merchant page
export const ControllerToPage = z.discriminatedUnion('type', [
  z.strictObject({ protocol: z.literal(PROTOCOL), type: z.literal('controller.ready'), channel: Channel }),
  z.strictObject({
    protocol: z.literal(PROTOCOL),
    type: z.literal('element.event'),
    channel: Channel,
    elementId: RequestId,
    event: ElementEventName,
    state: FieldState,
  }),
  /** A field frame's content height, so the page can size that iframe (frames are cross-origin). */
  z.strictObject({
    protocol: z.literal(PROTOCOL),
    type: z.literal('element.resize'),
    channel: Channel,
    elementId: RequestId,
    height: FrameHeight,
  }),
  z.strictObject({
    protocol: z.literal(PROTOCOL),
    type: z.literal('confirm.result'),
    channel: Channel,
    requestId: RequestId,
    result: ConfirmResult,
  }),
]);
export type ControllerToPage = z.infer<typeof ControllerToPage>;

// ---------------------------------------------------------------------------------------------
// Inside the service origin only (BroadcastChannel `svcpay:<channel>`). These are the only
// messages that carry card values, and they never leave the service origin.
export const CardValues = z.strictObject({
  number: z.string().regex(/^\d{12,19}$/).optional(),
  expMonth: z.number().int().min(1).max(12).optional(),
  expYear: z.number().int().min(2000).max(2100).optional(),
  cvc: z.string().regex(/^\d{3,4}$/).optional(),
  postalCode: z.string().max(16).optional(),
});
export type CardValues = z.infer<typeof CardValues>;

export const FieldToController = z.discriminatedUnion('type', [
  z.strictObject({
    protocol: z.literal(PROTOCOL),
    type: z.literal('field.hello'),
    elementId: RequestId,
    elementType: ElementType,
  }),
  z.strictObject({
    protocol: z.literal(PROTOCOL),
    type: z.literal('field.event'),
    elementId: RequestId,
    event: ElementEventName,
    state: FieldState,
  }),
  z.strictObject({
    protocol: z.literal(PROTOCOL),
    type: z.literal('field.values'),
    elementId: RequestId,
    requestId: RequestId,
    valid: z.boolean(),
    values: CardValues,
  }),
  z.strictObject({ protocol: z.literal(PROTOCOL), type: z.literal('field.resize'), elementId: RequestId, height: FrameHeight }),
]);
export type FieldToController = z.infer<typeof FieldToController>;

export const ControllerToField = z.discriminatedUnion('type', [
  /**
   * Sent when the controller starts: field frames load in parallel with it, so a field's
   * `field.hello` and `ready` may predate it; each field answers by announcing itself again.
   */
  z.strictObject({ protocol: z.literal(PROTOCOL), type: z.literal('controller.hello') }),
  z.strictObject({ protocol: z.literal(PROTOCOL), type: z.literal('field.collect'), requestId: RequestId }),
  z.strictObject({
    protocol: z.literal(PROTOCOL),
    type: z.literal('field.update'),
    elementId: RequestId,
    options: ElementOptions,
  }),
  z.strictObject({ protocol: z.literal(PROTOCOL), type: z.literal('field.busy'), busy: z.boolean() }),
  z.strictObject({ protocol: z.literal(PROTOCOL), type: z.literal('field.clear') }),
]);
export type ControllerToField = z.infer<typeof ControllerToField>;

// ---------------------------------------------------------------------------------------------
// hosted page (service origin) <-> sandbox processor fields frame (processor origin)
export const HostToProcessorFrame = z.discriminatedUnion('type', [
  z.strictObject({ protocol: z.literal(PROTOCOL), type: z.literal('sbx.submit'), requestId: RequestId }),
  z.strictObject({ protocol: z.literal(PROTOCOL), type: z.literal('sbx.reset') }),
]);
export type HostToProcessorFrame = z.infer<typeof HostToProcessorFrame>;

export const ProcessorFrameToHost = z.discriminatedUnion('type', [
  z.strictObject({ protocol: z.literal(PROTOCOL), type: z.literal('sbx.ready') }),
  z.strictObject({
    protocol: z.literal(PROTOCOL),
    type: z.literal('sbx.change'),
    complete: z.boolean(),
    empty: z.boolean(),
    brand: CardBrand.optional(),
  }),
  z.strictObject({
    protocol: z.literal(PROTOCOL),
    type: z.literal('sbx.result'),
    requestId: RequestId,
    /** `approved` / `declined`: a transaction exists; the host page calls complete with it. */
    status: z.enum(['approved', 'declined', 'invalid', 'error']),
    transactionId: z.string().max(80).optional(),
    declineCode: z.string().max(64).optional(),
  }),
]);
export type ProcessorFrameToHost = z.infer<typeof ProcessorFrameToHost>;
