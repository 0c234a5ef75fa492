/**
 * The field frame's validators, hand-rolled (checks.ts) instead of zod: a field frame is on the
 * way to a card's `ready`, and zod/mini was half of what it downloaded and compiled (issue 9,
 * Speed). One per message direction the field frame speaks, plus its URL hash; each mirrors the zod
 * schema of messages.ts (params.ts for the hash) whose type it returns, and field-parsers.test.ts
 * runs the same samples through both and proves they agree. The controller frame, the hosted page
 * and the tests keep using the zod schemas.
 */
import { isHttpOrigin } from './channel.ts';
import type {
  BoundFieldToController,
  ControllerBind,
  ControllerToBoundField,
  ControllerToField,
  FieldToController,
  FieldToPage,
} from './messages.ts';
import type { FieldParams } from '../frames/params.ts';
import { cardBrands, elementEventNames, elementTypes, fieldTypes } from '../vocab/elements.ts';
import { publishableKeyShape } from '../vocab/keys.ts';
import { bool, channelId, has, head, id, int, isObj, obj, oneOf, opt, orNull, parser, re, str, union, type Check } from './checks.ts';

const fieldState = obj({
  elementType: oneOf(elementTypes),
  empty: bool,
  complete: bool,
  brand: opt(oneOf(cardBrands)),
  error: opt(orNull(obj({ code: str(64), message: str(300) }))),
});
const event = oneOf(elementEventNames);
const height = int(0, 2000);
const publishableKey = re(publishableKeyShape);
const secret = re(/^[0-9a-f]{64}$/);

/** What zod's `isPlainObject` accepts, for the JSON-parsed and structured-cloned data seen here. */
const plain = (v: unknown) => isObj(v) && [Object.prototype, null].includes(Object.getPrototypeOf(v) as object | null);
const variables: Check = (v) => plain(v) && Object.entries(v as object).every(([k, x]) => str(64)(k) && str(200)(x));
const appearance = opt(obj({ theme: opt(oneOf(['default', 'night', 'flat'])), variables: opt(variables) }));
export const elementOptions = opt(obj({ placeholder: opt(str(100)), disabled: opt(bool), hidePostalCode: opt(bool) }));

const cardValues = obj({
  number: opt(re(/^\d{12,19}$/)),
  expMonth: opt(int(1, 12)),
  expYear: opt(int(2000, 2100)),
  cvc: opt(re(/^\d{3,4}$/)),
  postalCode: opt(str(16)),
});

export const FieldToPageParser = union<FieldToPage>({
  'element.event': obj({ ...head('element.event'), elementId: id, event, state: fieldState }),
  'element.resize': obj({ ...head('element.resize'), elementId: id, height }),
});

export const FieldToControllerParser = union<FieldToController>({
  'field.hello': obj({ ...head('field.hello', false), elementId: id, elementType: oneOf(elementTypes) }),
  'field.event': obj({ ...head('field.event', false), elementId: id, event, state: fieldState }),
});

export const ControllerToFieldParser = parser<ControllerToField>(obj(head('controller.hello', false)));

export const ControllerBindParser = parser<ControllerBind>(
  obj({ ...head('controller.bind'), elementId: id, publishableKey, sessionId: str(80), secret }),
);

export const ControllerToBoundFieldParser = union<ControllerToBoundField>({
  'field.collect': obj({ ...head('field.collect', false), requestId: id, secret }),
  'field.update': obj({ ...head('field.update', false), options: elementOptions }),
  'field.busy': obj({ ...head('field.busy', false), busy: bool }),
  'field.clear': obj(head('field.clear', false)),
});

export const BoundFieldToControllerParser = parser<BoundFieldToController>(
  obj({ ...head('field.values', false), elementId: id, requestId: id, valid: bool, values: cardValues }),
);

/** The keys of a field frame's hash (params.ts, FieldParams), each with its check. */
const fieldParams: Record<string, Check> = {
  channel: channelId,
  parentOrigin: (v) => typeof v === 'string' && isHttpOrigin(v),
  locale: opt(str(16)),
  debug: opt(oneOf(['1'])),
  elementId: id,
  publishableKey,
  sessionId: str(80, undefined, 1),
  type: oneOf(fieldTypes),
  options: elementOptions,
  appearance,
};
/** Hash keys whose value is JSON text of at most 4000 characters (as params.ts reads them). */
const jsonKeys = ['options', 'appearance'];

/**
 * What `readHash(hash, FieldParams)` answers: the known keys of `#a=1&b=2` when they fit (unknown
 * keys dropped, as `z.object` does), else null.
 */
export function readFieldParams(hash: string): FieldParams | null {
  const raw: Record<string, unknown> = Object.fromEntries(new URLSearchParams(hash.replace(/^#/, '')));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(fieldParams)) {
    let value = raw[key];
    if (typeof value === 'string' && jsonKeys.includes(key)) {
      if (value.length > 4000) return null;
      try {
        value = JSON.parse(value) as unknown;
      } catch {
        return null;
      }
    }
    if (!fieldParams[key]!(value)) return null;
    if (has(raw, key)) out[key] = value;
  }
  return out as unknown as FieldParams;
}

