/** The sandbox processor's fields page, mounted in an iframe for `sandbox` merchants (Doc 3, sandbox processor). */
import type { InitResponse } from '../../../api/checkout.ts';
import { httpOrigin } from '../http-origin.ts';
import { unsupported, type FieldsContext, type Unsupported } from '../provider.ts';

export interface FrameSpec {
  /** Full iframe src, hash included. */
  url: string;
  /** Processor origin: the only origin whose messages count, and the post target. */
  origin: string;
  /** Changes on every init so the iframe element is replaced (a hash change would not reload it). */
  key: number;
}

/** The fields page with the token, the page's origin and the locale in its hash; only an http(s) page is taken. */
export function frameSpec(init: InitResponse, ctx: FieldsContext): FrameSpec | Unsupported {
  const { type, token, fieldsUrl } = init;
  const origin = fieldsUrl ? httpOrigin(fieldsUrl) : null;
  if (type !== 'sandbox' || !fieldsUrl || !origin) return unsupported({ type });
  const hash = new URLSearchParams({ token, parentOrigin: ctx.parentOrigin, locale: ctx.locale });
  return { url: `${fieldsUrl.split('#')[0]}#${hash}`, origin, key: ctx.key };
}
