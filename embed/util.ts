/** Small helpers shared by the script-tag modules. */

/** A crypto-random id, safe for channel ids and request ids (`[A-Za-z0-9_-]`). */
export function randomId(bytes = 16): string {
  const b = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** Programming mistakes throw (Doc 3): one prefix so they are easy to spot in a console. */
export function fail(message: string): never {
  throw new Error(`svcpay: ${message}`);
}

/** Calls each merchant handler; one that throws stops neither the others nor our message loop. */
export function callAll<T>(handlers: readonly ((payload: T) => void)[], payload: T): void {
  for (const h of handlers.slice()) {
    try {
      h(payload);
    } catch (err) {
      setTimeout(() => {
        throw err;
      });
    }
  }
}

/** Finds the container named by a selector or given as an element; throws with the reason. */
export function resolveTarget(target: string | HTMLElement, what: string): HTMLElement {
  if (typeof target === 'string') {
    let found: Element | null = null;
    try {
      found = document.querySelector(target);
    } catch {
      fail(`${what}: "${target}" is not a valid CSS selector.`);
    }
    if (!found) fail(`${what}: no element matches "${target}".`);
    return found as HTMLElement;
  }
  // nodeType rather than instanceof: the container may come from another realm (an iframe).
  if (target && (target as Node).nodeType === 1) return target;
  return fail(`${what}: pass a CSS selector or a DOM element.`);
}

/** The origin of the service that served this script, read while the script runs. */
export function scriptOrigin(doc: Document): string | null {
  const current = doc.currentScript as HTMLScriptElement | null;
  let src = current?.src;
  if (!src) {
    const tags = Array.from(doc.querySelectorAll<HTMLScriptElement>('script[src]'));
    src = tags.map((s) => s.src).find((s) => /\/js\/v1\/svcpay\.js([?#].*)?$/.test(s));
  }
  try {
    return src ? new URL(src).origin : null;
  } catch {
    return null;
  }
}

/** Same-page frames share one sandbox policy (ARCHITECTURE.md, trust zones). */
export const SANDBOX = 'allow-scripts allow-same-origin allow-forms';
