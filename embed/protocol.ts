/**
 * Hand-rolled validators mirroring the zod schemas of src/protocol/messages.ts for the three
 * page-side directions. zod would more than double the script-tag bundle (6 KB budget), so the
 * page checks shapes with these instead; protocol.test.ts runs the same samples through both and
 * proves they agree. Types still come from messages.ts (type-only imports cost nothing).
 */
import type { Parser } from '../src/protocol/channel.ts';
import type { ControllerToPage, FieldToPage, PageToController } from '../src/protocol/messages.ts';
import { cardBrands, elementEventNames, elementTypes } from '../src/vocab/elements.ts';
import { publishableKeyShape } from '../src/vocab/keys.ts';
import { confirmStatuses } from '../src/vocab/payments.ts';

export const PROTOCOL = 'svcpay/1';
export { cardBrands, elementEventNames, elementTypes };

type Check = (v: unknown) => boolean;
type Rec = Record<string, unknown>;

const isObj = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const str = (max: number, re?: RegExp): Check => (v) => typeof v === 'string' && v.length <= max && (!re || re.test(v));
const re = (r: RegExp) => str(1e9, r);
const bool: Check = (v) => typeof v === 'boolean';
const int = (min: number, max: number): Check => (v) => Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;
const oneOf = (xs: readonly unknown[]): Check => (v) => xs.includes(v);
const opt = (c: Check): Check => (v) => v === undefined || c(v);
const orNull = (c: Check): Check => (v) => v === null || c(v);
/** A strict object: every key known, every known key valid (absent keys are `undefined`). */
const obj = (shape: Record<string, Check>): Check => (v) =>
  isObj(v) && Object.keys(v).every((k) => has(shape, k)) && Object.keys(shape).every((k) => shape[k]!(v[k]));

const channel = re(/^[A-Za-z0-9_-]{8,64}$/);
const id = re(/^[A-Za-z0-9_-]{1,64}$/);
const head = (type: string) => ({ protocol: oneOf([PROTOCOL]), type: oneOf([type]), channel });

const fieldState = obj({
  elementType: oneOf(elementTypes),
  empty: bool,
  complete: bool,
  brand: opt(oneOf(cardBrands)),
  error: opt(orNull(obj({ code: str(64), message: str(300) }))),
});

const confirmResult = obj({
  status: oneOf(confirmStatuses),
  sessionId: str(80),
  paymentIntentId: opt(orNull(str(80))),
  error: opt(obj({ code: str(64), message: str(500), declineCode: opt(orNull(str(64))) })),
  retry: opt(orNull(obj({ allowed: bool, attempts_remaining: int(0, Number.MAX_SAFE_INTEGER) }))),
});

const elementOptions = opt(obj({ placeholder: opt(str(100)), disabled: opt(bool), hidePostalCode: opt(bool) }));

const controllerToPage: Record<string, Check> = {
  'controller.ready': obj(head('controller.ready')),
  'confirm.result': obj({ ...head('confirm.result'), requestId: id, result: confirmResult }),
};

const fieldToPage: Record<string, Check> = {
  'element.event': obj({ ...head('element.event'), elementId: id, event: oneOf(elementEventNames), state: fieldState }),
  'element.resize': obj({ ...head('element.resize'), elementId: id, height: int(0, 2000) }),
};

const pageToController: Record<string, Check> = {
  init: obj({
    ...head('init'),
    publishableKey: re(publishableKeyShape),
    sessionId: str(80),
    locale: opt(str(16)),
  }),
  'element.update': obj({ ...head('element.update'), elementId: id, options: elementOptions }),
  'element.unmount': obj({ ...head('element.unmount'), elementId: id }),
  confirm: obj({ ...head('confirm'), requestId: id, kind: oneOf(['payment']) }),
};

function union<T>(byType: Record<string, Check>): Parser<T> {
  return {
    safeParse(data) {
      const type = isObj(data) ? data.type : undefined;
      const ok = typeof type === 'string' && has(byType, type) && byType[type]!(data);
      return ok ? { success: true, data: data as T } : { success: false };
    },
  };
}

export const ControllerToPageParser = union<ControllerToPage>(controllerToPage);
export const PageToControllerParser = union<PageToController>(pageToController);
export const FieldToPageParser = union<FieldToPage>(fieldToPage);
/** Merchant input checks reuse the wire rules, so a bad option fails at the call, not silently. */
export const isElementOptions = elementOptions;
export const isSessionId = str(80);
