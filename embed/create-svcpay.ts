/**
 * `SvcPay(publishableKey, options)`: validates what the merchant passes (mistakes throw with a
 * clear message, Doc 3) and hands out `elements` groups.
 */
import { setChannelDebug } from '../src/protocol/channel.ts';
import { checkoutUnavailable } from './checkout.ts';
import { createGroup } from './group.ts';
import { loadPart } from './lazy.ts';
import type { Appearance, Elements, SvcPay, SvcPayConstructor } from './loader/types.js';
import { appearanceProblem, isSessionId } from './protocol.ts';
import { fail, internalError, resolveTarget } from './util.ts';
import { publishableKeyShape as PUBLISHABLE_KEY, secretKeyPrefix } from '../src/vocab/keys.ts';

function checkLocale(locale: unknown, where: string): string | undefined {
  if (locale == null) return undefined;
  if (typeof locale !== 'string' || locale.length > 16) fail(`${where}: locale is 'auto' or a language tag.`);
  return locale;
}

/**
 * A copy of the merchant's appearance, checked (the frames check it again): a copy, so a change
 * to their object after this call cannot slip past the check into a frame's URL.
 */
function checkAppearance(a: unknown): Appearance | undefined {
  if (a === undefined) return undefined;
  let copy: unknown = null;
  try {
    copy = JSON.parse(JSON.stringify(a));
  } catch {}
  const bad = appearanceProblem(copy);
  // What a value may be is the Appearance type's to say: colours, lengths, font names, keywords.
  if (bad) fail(`elements: ${bad} does not fit the Appearance type.`);
  return copy as Appearance;
}

/** The `sessionId` of `elements(...)` or `mountCheckout(...)`, or a throw naming the call. */
function checkSessionId(opts: { sessionId?: unknown } | null | undefined, call: string): string {
  const id = opts?.sessionId;
  if (typeof id !== 'string' || !id || !isSessionId(id)) fail(`${call}: sessionId is required.`);
  return id;
}

/** Containers holding a checkout: mounting a second one into the same box is a mistake. */
const taken = new WeakSet<HTMLElement>();

/** Builds the `SvcPay` global for a service origin (null when it could not be told). */
export const makeSvcPay = (serviceOrigin: string | null): SvcPayConstructor => (publishableKey, options = {}) => {
  const isString = typeof publishableKey === 'string';
  if (isString && publishableKey.startsWith(secretKeyPrefix)) fail('SvcPay(): never put a secret key in a page.');
  if (!isString || !PUBLISHABLE_KEY.test(publishableKey)) fail('SvcPay(): pass your publishable key (vp_pk_…).');
  const origin = serviceOrigin ?? fail('load svcpay.js with a <script src> tag.');
  const pageOrigin = location.origin;
  if (!/^https?:/.test(pageOrigin)) fail('svcpay.js needs an http(s) page.');
  const baseLocale = checkLocale(options.locale, 'SvcPay');
  const debug = options.debug === true;
  if (debug) setChannelDebug(true);

  // Internal groups by their public object: confirmPayment must get back the group it was given.
  const groups = new WeakMap<Elements, ReturnType<typeof createGroup>>();
  const groupOf = (opts: { elements?: Elements } | undefined, call: string) =>
    (opts && groups.get(opts.elements!)) || fail(`${call}: pass { elements } of this SvcPay.`);

  const svcpay: SvcPay = {
    elements(opts) {
      const group = createGroup({
        origin,
        pageOrigin,
        publishableKey,
        sessionId: checkSessionId(opts, 'elements'),
        locale: checkLocale(opts.locale, 'elements') ?? baseLocale,
        appearance: checkAppearance(opts.appearance),
        debug,
      });
      groups.set(group.elements, group);
      return group.elements;
    },
    confirmPayment: (opts) => groupOf(opts, 'confirmPayment').confirm().catch(() => ({ status: 'failed' as const, sessionId: '', error: internalError })),
    createToken: (opts) => groupOf(opts, 'createToken').createToken().catch(() => ({ error: internalError })),
    // Mistakes throw here, at the call; the checkout itself is a script of its own (embed/lazy.ts).
    mountCheckout(target, opts) {
      const sessionId = checkSessionId(opts, 'mountCheckout');
      const locale = checkLocale(opts.locale, 'mountCheckout') ?? baseLocale;
      const container = resolveTarget(target, 'mountCheckout');
      if (taken.has(container)) fail('mountCheckout: container already holds a checkout.');
      taken.add(container);
      const release = () => void taken.delete(container);
      return loadPart(origin, 'checkout').then(
        (part) => {
          if (debug) part.setChannelDebug(true);
          return part.mountCheckout({ origin, pageOrigin, publishableKey, debug }, container, sessionId, locale, release);
        },
        () => {
          release();
          return { error: checkoutUnavailable };
        },
      );
    },
  };
  return svcpay;
};
