/**
 * Messages inside the service origin only: between a controller frame and its field frames.
 * Each direction is a union of strict objects told apart by their `type` literal, as in
 * messages.ts (which says why `z.union`). Re-exported by messages.ts.
 */
import * as z from 'zod/mini';
import { publishableKeyShape } from '../vocab/keys.ts';
import { bool, intIn } from './primitives.ts';
import { Channel, RequestId, protocol, str } from './message-parts.ts';
import { AddressValue, ElementEventName, ElementOptions, ElementState, ElementType } from './payloads.ts';

// Three ways between a controller and its field frames (src/frames/binding.ts has the threat model):
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
