/**
 * Hand-rolled validators (checks.ts) for the three directions that cross to or from the merchant
 * page: FieldToPage, ControllerToPage and PageToController of messages.ts, whose types they
 * return. The script-tag bundle cannot afford zod (6 KB budget), nor can the frames on the way to a
 * card's `ready` (issue 9, Speed), so the page, the field frame and the controller frame all check
 * these shapes with the same code; embed/protocol.test.ts proves each agrees with its zod schema.
 * Everything here is used by the script-tag bundle: other frame-only parsers live in
 * frame-parsers.ts, so that bundle never carries them.
 */
import type { ControllerToPage, FieldToPage, PageToController } from './messages.ts';
import { cardBrands, elementEventNames, elementTypes } from '../vocab/elements.ts';
import { publishableKeyShape } from '../vocab/keys.ts';
import { confirmStatuses } from '../vocab/payments.ts';
import { bool, head, id, int, obj, oneOf, opt, orNull, re, str, union } from './checks.ts';

export const fieldState = obj({
  elementType: oneOf(elementTypes),
  empty: bool,
  complete: bool,
  brand: opt(oneOf(cardBrands)),
  error: opt(orNull(obj({ code: str(64), message: str(300) }))),
});

export const elementOptions = opt(obj({ placeholder: opt(str(100)), disabled: opt(bool), hidePostalCode: opt(bool) }));

const confirmResult = obj({
  status: oneOf(confirmStatuses),
  sessionId: str(80),
  paymentIntentId: opt(orNull(str(80))),
  error: opt(obj({ code: str(64), message: str(500), declineCode: opt(orNull(str(64))) })),
  retry: opt(orNull(obj({ allowed: bool, attempts_remaining: int(0, Number.MAX_SAFE_INTEGER) }))),
});

export const FieldToPageParser = union<FieldToPage>({
  'element.event': obj({ ...head('element.event'), elementId: id, event: oneOf(elementEventNames), state: fieldState }),
  'element.resize': obj({ ...head('element.resize'), elementId: id, height: int(0, 2000) }),
});

export const ControllerToPageParser = union<ControllerToPage>({
  'controller.ready': obj(head('controller.ready')),
  'confirm.result': obj({ ...head('confirm.result'), requestId: id, result: confirmResult }),
});

export const PageToControllerParser = union<PageToController>({
  init: obj({ ...head('init'), publishableKey: re(publishableKeyShape), sessionId: str(80), locale: opt(str(16)) }),
  'element.update': obj({ ...head('element.update'), elementId: id, options: elementOptions }),
  'element.unmount': obj({ ...head('element.unmount'), elementId: id }),
  confirm: obj({ ...head('confirm'), requestId: id, kind: oneOf(['payment']) }),
});
