/**
 * What the fields page learns from its URL hash, written by the hosted page (or the embed
 * script). Untrusted: parsed once; a page whose hash does not fit stays inert.
 */
// zod/mini: the functional build tree-shakes, which the frame's 25 KB budget needs.
import * as z from 'zod/mini';
import { isHttpOrigin } from '../../src/protocol/channel.ts';

const HttpOrigin = z.string().check(z.refine(isHttpOrigin, 'not an http(s) origin'));

export const FieldsPageParams = z.object({
  /** The processor client token from `POST /api/checkout/init`. */
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  /** The embedding page's origin: the only one we listen to and post to. */
  parentOrigin: HttpOrigin,
  locale: z.optional(z.string().check(z.maxLength(16))),
  debug: z.optional(z.literal('1')),
});
export type FieldsPageParams = z.infer<typeof FieldsPageParams>;

/** Optional server-injected boot data (`<script type="application/json" id="svcpay-boot">`). */
const Boot = z.object({ serviceOrigin: z.optional(HttpOrigin) });

export interface ParamSources {
  hash: string;
  /** Text of the boot element, when the server injected one. */
  bootJson?: string | null;
  /** `location.ancestorOrigins` where the browser has it (Chromium, Safari). */
  ancestorOrigins?: ArrayLike<string> | null;
}

/**
 * Parses the hash, then refuses a `parentOrigin` that is not the service origin: from the
 * server's boot data when present, and from the browser's own record of who embeds us when it
 * has one. (`frame-ancestors` cannot do this: the service's embedded checkout frame puts a
 * merchant's page above us, so the processor serves the page with `frame-ancestors *`.)
 */
export function readParams({ hash, bootJson, ancestorOrigins }: ParamSources): FieldsPageParams | null {
  const parsed = FieldsPageParams.safeParse(Object.fromEntries(new URLSearchParams(hash.replace(/^#/, ''))));
  if (!parsed.success) return null;
  const params = parsed.data;
  if (bootJson) {
    let boot: unknown = null;
    try {
      boot = JSON.parse(bootJson);
    } catch {
      return null;
    }
    const b = Boot.safeParse(boot);
    if (!b.success) return null;
    if (b.data.serviceOrigin && b.data.serviceOrigin !== params.parentOrigin) return null;
  }
  const direct = ancestorOrigins && ancestorOrigins.length > 0 ? ancestorOrigins[0] : undefined;
  if (direct !== undefined && direct !== params.parentOrigin) return null;
  return params;
}
