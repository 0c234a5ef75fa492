/** Small helpers shared by the script-tag modules. */

/** A crypto-random id, safe for channel ids and request ids (`[A-Za-z0-9_-]`). */
export function randomId(bytes = 16): string {
  const b = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** Why a call failed when the service (a frame of it, or a script svcpay.js loads from it) could not be reached. */
export const UNREACHABLE = 'The payment service could not be reached. Check your connection and try again.';

/** What a promise resolves with when svcpay.js itself went wrong. */
export const internalError = { code: 'internal_error', message: 'Something went wrong in svcpay.js.' };

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

/** Throws unless `value` is one of `names`, saying which are. */
export function checkName(where: string, what: string, value: unknown, names: readonly unknown[]): void {
  if (!names.includes(value)) fail(`${where}: unknown ${what} "${String(value)}"; use one of ${names.join(', ')}.`);
}

type Handler = (payload: never) => void;

/**
 * The merchant's handlers of elements, an element or a checkout, by event: `on` throws for an
 * unknown event or a handler that is not a function; `off` without a handler removes them all.
 */
export function handlers<E extends string>(where: string, names: readonly E[]) {
  let lists: { [K in E]?: Handler[] } = {};
  return {
    on(event: E, handler: unknown): void {
      checkName(`${where}.on`, 'event', event, names);
      if (typeof handler !== 'function') fail(`${where}.on: handler must be a function.`);
      lists[event] = [...(lists[event] ?? []), handler as Handler];
    },
    off(event: E, handler?: unknown): void {
      lists[event] = handler ? (lists[event] ?? []).filter((h) => h !== handler) : [];
    },
    emit(event: E, payload: object): void {
      callAll((lists[event] ?? []) as ((p: object) => void)[], payload);
    },
    clear(): void {
      lists = {};
    },
  };
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
  return fail(`${what}: pass a CSS selector or an element.`);
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

/** Where a service frame is, and who it is for: what every frame's URL hash starts with. */
export interface FrameHost {
  origin: string;
  pageOrigin: string;
  locale?: string;
  debug?: boolean;
}

/**
 * A sandboxed service frame, /frames/<page>.html, told in its hash (which never reaches the
 * server) its channel, the page's origin, and the host's locale and debug switch beside `params`.
 */
export function serviceFrame(host: FrameHost, page: string, channel: string, params: Record<string, string>, title: string, css: string): HTMLIFrameElement {
  const hash = new URLSearchParams({ channel, parentOrigin: host.pageOrigin, ...params });
  if (host.locale) hash.set('locale', host.locale);
  if (host.debug) hash.set('debug', '1');
  const frame = document.createElement('iframe');
  frame.src = `${host.origin}/frames/${page}.html#${hash}`;
  frame.title = title;
  frame.setAttribute('sandbox', SANDBOX);
  frame.style.cssText = css;
  return frame;
}
