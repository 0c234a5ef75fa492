/**
 * The boot data the service writes into /pay/{id} (`<script type="application/json"
 * id="svcpay-boot">`). Parsed once; anything that does not fit is treated as "not found".
 */
// zod/mini: the functional build tree-shakes, which the 40 KB page budget needs.
import * as z from 'zod/mini';

export const Boot = z.object({
  sessionId: z.string().check(z.minLength(1), z.maxLength(80)),
  /** Null when the session does not exist. */
  publishableKey: z.nullable(z.string().check(z.minLength(1), z.maxLength(200))),
  locale: z.optional(z.nullable(z.string().check(z.maxLength(16)))),
});
export type Boot = z.infer<typeof Boot>;

export function readBoot(json: string | null | undefined): Boot | null {
  if (!json) return null;
  try {
    const parsed = Boot.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
