/**
 * Telemetry bodies (Doc 1: `POST /v1/sdk-telemetry`, `POST /v1/public/telemetry/browser`; shapes
 * not shown there, fixed here). Small and flat on purpose: an event name, the SDK that sent it and
 * a few scalar properties, so nothing like a form or a card can ride along.
 */
import { z } from 'zod';

export const MAX_TELEMETRY_PROPERTIES = 20;
/** Serialized size cap of `properties`, in bytes of JSON. */
export const MAX_TELEMETRY_PROPERTIES_BYTES = 2048;

const PropertyValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);

export const TelemetryEvent = z.strictObject({
  event: z
    .string()
    .regex(/^[a-z][a-z0-9_.:-]{0,63}$/, 'event must be a lowercase name such as `element.mounted` (1 to 64 characters)')
    .describe('what happened, e.g. `element.mounted`, `request.retried`'),
  sdk: z.strictObject({
    name: z.string().regex(/^[A-Za-z0-9@/._-]{1,64}$/, 'sdk.name must be a package name'),
    version: z.string().regex(/^[0-9A-Za-z.+-]{1,32}$/, 'sdk.version must be a version string'),
  }),
  properties: z
    .record(z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'property names are 1 to 64 letters, digits, `_`, `.` or `-`'), PropertyValue)
    .refine((p) => Object.keys(p).length <= MAX_TELEMETRY_PROPERTIES, `at most ${MAX_TELEMETRY_PROPERTIES} properties`)
    .refine((p) => new TextEncoder().encode(JSON.stringify(p)).length <= MAX_TELEMETRY_PROPERTIES_BYTES, `properties must be at most ${MAX_TELEMETRY_PROPERTIES_BYTES} bytes of JSON`)
    .optional()
    .describe('flat scalar values only; never card data or personal data'),
});
export type TelemetryEvent = z.infer<typeof TelemetryEvent>;

export const TelemetryReceived = z.object({ received: z.literal(true) });
