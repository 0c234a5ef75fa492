/**
 * Every message that crosses a frame boundary, defined once (STYLE.md habit 2).
 *
 * Four conversations, one union per direction:
 * - merchant page  <-> controller frame   (window.postMessage, cross-origin)
 * - field frame     -> merchant page      (window.postMessage, cross-origin; state events only)
 * - controller     <-> field frames        (BroadcastChannel, then a private MessagePort; same
 *                                           service origin): field-messages.ts
 * - hosted page    <-> sandbox processor fields frame (window.postMessage, cross-origin), and the
 *                      other pages' messages: page-messages.ts
 * What they carry (element states, options, results) is in payloads.ts. This module re-exports all.
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
import { PROTOCOL } from './checks.ts';
import { CardBrand, Channel, FrameHeight, PaymentError, RequestId, protocol, str } from './message-parts.ts';
import { ConfirmResult, ElementEventName, ElementOptions, ElementState, ElementsError, TokenResult } from './payloads.ts';

export { CardBrand, PaymentError };

export { PROTOCOL };

export { cardBrands, elementEventNames, elementTypes };

// What the messages carry (states, options, results): payloads.ts.
export * from './payloads.ts';

/** Where the bank challenge is: an http(s) URL, shown in the dialog's frame. */
const ChallengeUrl = z.string().check(z.maxLength(2000), z.regex(/^https?:\/\/[^\s]+$/));

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
  /**
   * The service refused this mount's key or session (issue 36): the code it answered, in the
   * browser's name, and its developer message. Sent before the frame renders, and then no `ready`.
   */
  z.strictObject({ protocol, type: z.literal('element.refused'), channel: Channel, elementId: RequestId, code: str(64), message: str(500) }),
]);
export type FieldToPage = z.infer<typeof FieldToPage>;

// Between a controller and its field frames, inside the service origin.
export * from './field-messages.ts';

// The hosted page's, the embedded checkout's and the bank-challenge return page's messages.
export * from './page-messages.ts';
