/**
 * The boot data the service writes into /pay/{id} (`<script type="application/json"
 * id="svcpay-boot">`). Parsed once; anything that does not fit is treated as "not found".
 *
 * Read by a hand-rolled check (src/protocol/checks.ts) rather than zod/mini, so the hosted page
 * carries no zod (issue 22: ~7.5 KB gzipped); boot.test.ts runs the same samples through the zod
 * schema it replaced and proves they agree, data included (unknown keys are dropped, as zod does).
 */
import { isObj, has, opt, orNull, str } from '../src/protocol/checks.ts';

export interface Boot {
  sessionId: string;
  /** Null when the session does not exist. */
  publishableKey: string | null;
  locale?: string | null | undefined;
}

const sessionId = str(80, undefined, 1);
const publishableKey = orNull(str(200, undefined, 1));
const locale = opt(orNull(str(16)));

export function readBoot(json: string | null | undefined): Boot | null {
  if (!json) return null;
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isObj(v) || !sessionId(v.sessionId) || !publishableKey(v.publishableKey) || !locale(v.locale)) return null;
  const boot: Boot = { sessionId: v.sessionId as string, publishableKey: v.publishableKey as string | null };
  if (has(v, 'locale')) boot.locale = v.locale as string | null | undefined;
  return boot;
}
