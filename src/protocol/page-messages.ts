/**
 * Messages of the pages other than the elements' (messages.ts has those): the hosted page and the
 * sandbox processor's fields frame, the embedded checkout frame (`mountCheckout`), and the
 * bank-challenge return page. Re-exported by messages.ts.
 */
import * as z from 'zod/mini';
import { CardBrand, Channel, FrameHeight, PaymentError, RequestId, protocol, str } from './message-parts.ts';
import { bool } from './primitives.ts';

// ---------------------------------------------------------------------------------------------
// hosted page (service origin) <-> sandbox processor fields frame (processor origin)
export const HostToProcessorFrame = z.union([
  z.strictObject({ protocol, type: z.literal('sbx.submit'), requestId: RequestId }),
  z.strictObject({ protocol, type: z.literal('sbx.reset') }),
  /** A fresh form is ready after a decline (issue 38): its card number takes focus, the next card goes there. */
  z.strictObject({ protocol, type: z.literal('sbx.focus') }),
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
    /**
     * `approved` / `declined` / `requires_action` (the bank wants the buyer): a transaction exists;
     * the host page calls complete with it, and the service says what comes next.
     */
    status: z.enum(['approved', 'declined', 'requires_action', 'invalid', 'error']),
    transactionId: z.optional(str(80)),
    declineCode: z.optional(str(64)),
  }),
  /** The host cannot measure a cross-origin frame: the fields page reports its content height. */
  z.strictObject({ protocol, type: z.literal('sbx.resize'), height: FrameHeight }),
  /**
   * The bank wants the buyer and the fields page shows its check itself (a form with no return URL:
   * the embedded checkout). The `sbx.result` for `requestId` follows once the buyer answers, which
   * takes as long as it takes: the host stops its wait for an answer.
   */
  z.strictObject({ protocol, type: z.literal('sbx.challenge'), requestId: RequestId }),
]);
export type ProcessorFrameToHost = z.infer<typeof ProcessorFrameToHost>;

// ---------------------------------------------------------------------------------------------
// embedded checkout frame (service origin) -> merchant page (`mountCheckout`, embed sessions).
// The page says nothing back: everything the frame needs is in its URL hash. Outcomes only.
export const CheckoutResult = z.strictObject({
  status: z.enum(['succeeded', 'failed']),
  sessionId: str(80),
  paymentIntentId: z.optional(z.nullable(str(80))),
  error: z.optional(PaymentError),
});
export type CheckoutResult = z.infer<typeof CheckoutResult>;

export const CheckoutFrameToPage = z.union([
  /** The session is ready and the processor's fields are mounting: `mountCheckout` resolves. */
  z.strictObject({ protocol, type: z.literal('checkout.mounted'), channel: Channel }),
  /** The processor's fields can take the card. */
  z.strictObject({ protocol, type: z.literal('checkout.ready'), channel: Channel }),
  z.strictObject({ protocol, type: z.literal('checkout.resize'), channel: Channel, height: FrameHeight }),
  /** A payment attempt ended (a decline leaves the form open for another attempt). */
  z.strictObject({ protocol, type: z.literal('checkout.result'), channel: Channel, result: CheckoutResult }),
  /** The session cannot be mounted (refused, or not ready in time): `mountCheckout` resolves `{ error }`. */
  z.strictObject({ protocol, type: z.literal('checkout.error'), channel: Channel, error: PaymentError }),
]);
export type CheckoutFrameToPage = z.infer<typeof CheckoutFrameToPage>;

// bank-challenge return page (service origin, in the challenge dialog) -> merchant page
/** The bank sent the buyer back to the service: the challenge is answered; the page tells the controller. */
export const ChallengeReturnToPage = z.strictObject({ protocol, type: z.literal('challenge.returned') });
export type ChallengeReturnToPage = z.infer<typeof ChallengeReturnToPage>;
