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
import { fail, resolveTarget } from './util.ts';
import { publishableKeyShape as PUBLISHABLE_KEY, secretKeyPrefix } from '../src/vocab/keys.ts';

function checkLocale(locale: unknown, where: string): string | undefined {
  if (locale === undefined || locale === null) return undefined;
  if (typeof locale !== 'string' || locale.length > 16) fail(`${where}: locale must be 'auto' or a language tag such as "fr" or "en-GB".`);
  return locale;
}

/**
 * A copy of the merchant's appearance, checked (the frames check it again): a copy, so a change
 * to their object after this call cannot slip past the check into a frame's URL.
 */
function checkAppearance(a: unknown): Appearance | undefined {
  if (a === undefined) return undefined;
  let copy: unknown;
  try {
    copy = JSON.parse(JSON.stringify(a)) as unknown;
  } catch {
    copy = null;
  }
  const bad = appearanceProblem(copy);
  if (bad) {
    fail(
      `elements: ${bad} is not supported, or its value is not allowed. appearance is { theme: default | night | flat, variables, rules }, ` +
        'with values that are plain colours, lengths, font names or keywords (no url(), expressions or ;{}<>\\); see the Appearance type.',
    );
  }
  return copy as Appearance;
}

/** The `sessionId` of `elements(...)` or `mountCheckout(...)`, or a throw naming the call. */
function checkSessionId(opts: { sessionId?: unknown } | null | undefined, call: string, kind: string): string {
  const id = typeof opts === 'object' && opts !== null ? opts.sessionId : undefined;
  if (typeof id !== 'string' || !id || !isSessionId(id)) fail(`${call}: sessionId is required, the id of the ${kind} session your server created.`);
  return id;
}

/** Containers holding a checkout: mounting a second one into the same box is a mistake. */
const taken = new WeakSet<HTMLElement>();

const internalError = { code: 'internal_error', message: 'Something went wrong in svcpay.js.' };

/** Builds the `SvcPay` global for a service origin (null when it could not be told). */
export const makeSvcPay = (serviceOrigin: string | null): SvcPayConstructor => (publishableKey, options = {}) => {
  if (typeof publishableKey === 'string' && publishableKey.startsWith(secretKeyPrefix)) {
    fail('SvcPay() was given a secret key. Never put it in a web page; pass your publishable key (vp_pk_…).');
  }
  if (typeof publishableKey !== 'string' || !PUBLISHABLE_KEY.test(publishableKey)) {
    fail('SvcPay(publishableKey): pass your publishable key (vp_pk_test_… or vp_pk_live_…).');
  }
  const origin = serviceOrigin ?? fail('could not tell which server served svcpay.js; load it with <script src="…/js/v1/svcpay.js">.');
  const pageOrigin = location.origin;
  if (!/^https?:/.test(pageOrigin)) fail('svcpay.js needs a page served over http or https.');
  const baseLocale = checkLocale(options.locale, 'SvcPay');
  const debug = options.debug === true;
  if (debug) setChannelDebug(true);

  // Internal groups by their public object: confirmPayment must get back the group it was given.
  const groups = new WeakMap<Elements, ReturnType<typeof createGroup>>();

  const svcpay: SvcPay = {
    elements(opts) {
      const group = createGroup({
        origin,
        pageOrigin,
        publishableKey,
        sessionId: checkSessionId(opts, 'elements({ sessionId })', 'checkout'),
        locale: checkLocale(opts.locale, 'elements') ?? baseLocale,
        appearance: checkAppearance(opts.appearance),
        debug,
      });
      groups.set(group.elements, group);
      return group.elements;
    },
    confirmPayment(opts) {
      const group = opts && groups.get(opts.elements);
      if (!group) fail('confirmPayment({ elements }): pass the elements object created by this SvcPay instance.');
      return group.confirm().catch(() => ({ status: 'failed' as const, sessionId: '', error: internalError }));
    },
    createToken(opts) {
      const group = opts && groups.get(opts.elements);
      if (!group) fail('createToken({ elements }): pass the elements object created by this SvcPay instance.');
      return group.createToken().catch(() => ({ error: internalError }));
    },
    // Mistakes throw here, at the call; the checkout itself is a script of its own (embed/lazy.ts).
    mountCheckout(target, opts) {
      const sessionId = checkSessionId(opts, 'mountCheckout(target, { sessionId })', 'embed');
      const locale = checkLocale(opts.locale, 'mountCheckout') ?? baseLocale;
      const container = resolveTarget(target, 'mountCheckout');
      if (taken.has(container)) fail('mountCheckout: this container already holds a checkout; destroy() it first.');
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
