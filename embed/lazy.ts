/**
 * Code only some merchants need ships in scripts of its own, fetched from the service the first
 * time it is needed, so svcpay.js stays small (issue 9: 6 KB gzipped): `mountCheckout` (embed
 * sessions only), the bank-challenge dialog (only when a bank asks), and the controller frame with
 * confirmPayment and createToken (fetched once a group's elements are ready). Each part is an IIFE
 * built from embed/parts/<name>.ts (vite.config.ts, embed mode) and served beside svcpay.js at
 * /js/v1/svcpay-<name>.js, same origin and headers: a merchant CSP that lets svcpay.js run
 * (`script-src <service>`) lets the parts run too; under a nonce-based policy each part carries the
 * nonce svcpay.js was given.
 *
 * Hand-over without a global: a part, while it runs, puts what it exports on its own <script>
 * element (`document.currentScript`), which only this loader holds; on `load` the loader takes it
 * and removes the element. Nothing is left on `window` for a page to call or to rely on.
 */
import { PART_KEY, type PartName, type Parts } from './parts/register.ts';

export { registerPart, type PartName, type Parts } from './parts/register.ts';

/** A part that neither loads nor fails in this long (a stalled connection) counts as failed. */
export const PART_WAIT_MS = 15_000;

type PartScript = HTMLScriptElement & { [PART_KEY]?: unknown };

/** svcpay.js's own nonce, read while it runs (this module's top level runs then, once). */
const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce;

/** Each part once per page; a failure is forgotten, so the next call tries again. */
const loading: { [N in PartName]?: Promise<Parts[N]> } = {};

/** The part `name` from the service at `origin`; rejects when it cannot be loaded (network, CSP script-src). */
export function loadPart<N extends PartName>(origin: string, name: N): Promise<Parts[N]> {
  return (loading[name] ??= new Promise<Parts[N]>((resolve, reject) => {
    const script: PartScript = document.createElement('script');
    const settle = () => {
      clearTimeout(timer);
      script.remove();
      const part = script[PART_KEY] as Parts[N] | undefined;
      if (part) return resolve(part);
      delete loading[name];
      reject(new Error(`svcpay: svcpay-${name}.js did not load`));
    };
    const timer = setTimeout(settle, PART_WAIT_MS);
    script.onload = script.onerror = settle;
    if (nonce) script.nonce = nonce;
    script.src = `${origin}/js/v1/svcpay-${name}.js`;
    document.head.appendChild(script);
  }) as never);
}
