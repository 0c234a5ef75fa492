/**
 * Hand-rolled validators mirroring the zod schemas of src/protocol/messages.ts for the three
 * page-side directions (the field frame's own, FieldToPage, is shared with it: field-parsers.ts). zod would more than double the script-tag bundle (6 KB budget), so the
 * page checks shapes with these instead; protocol.test.ts runs the same samples through both and
 * proves they agree. Types still come from messages.ts (type-only imports cost nothing).
 */
import type { ControllerToPage, PageToController } from '../src/protocol/messages.ts';
import { bool, head, id, int, obj, oneOf, opt, orNull, re, str, union, type Check } from '../src/protocol/checks.ts';
import { cardBrands, elementEventNames, elementTypes } from '../src/vocab/elements.ts';
import { publishableKeyShape } from '../src/vocab/keys.ts';
import { confirmStatuses } from '../src/vocab/payments.ts';

export { PROTOCOL } from '../src/protocol/checks.ts';
import { elementOptions } from '../src/protocol/field-parsers.ts';
export { FieldToPageParser } from '../src/protocol/field-parsers.ts';
export { cardBrands, elementEventNames, elementTypes };

const confirmResult = obj({
  status: oneOf(confirmStatuses),
  sessionId: str(80),
  paymentIntentId: opt(orNull(str(80))),
  error: opt(obj({ code: str(64), message: str(500), declineCode: opt(orNull(str(64))) })),
  retry: opt(orNull(obj({ allowed: bool, attempts_remaining: int(0, Number.MAX_SAFE_INTEGER) }))),
});

const controllerToPage: Record<string, Check> = {
  'controller.ready': obj(head('controller.ready')),
  'confirm.result': obj({ ...head('confirm.result'), requestId: id, result: confirmResult }),
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

export const ControllerToPageParser = union<ControllerToPage>(controllerToPage);
export const PageToControllerParser = union<PageToController>(pageToController);
/** Merchant input checks reuse the wire rules, so a bad option fails at the call, not silently. */
export const isElementOptions = elementOptions;
export const isSessionId = str(80);
