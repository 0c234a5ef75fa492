/**
 * The frames' own validators, hand-rolled (checks.ts) instead of zod: a field frame is on the way
 * to a card's `ready`, and zod/mini was half of what it downloaded and compiled (issue 9, Speed).
 * One per message direction between a field and its controller, plus each frame's URL hash; each
 * mirrors the zod schema of messages.ts (params.ts for the hashes) whose type it returns, and
 * frame-parsers.test.ts runs the same samples through both and proves they agree. The directions
 * to and from the page are in page-parsers.ts.
 */
import { isHttpOrigin, type Parser } from './channel.ts';
import type {
  BoundFieldToController,
  ControllerBind,
  ControllerToBoundField,
  ControllerToField,
  FieldToController,
  FieldToPage,
} from './messages.ts';
import type { ControllerParams, FieldParams } from './params.ts';
import { elementEventNames, elementTypes } from '../vocab/elements.ts';
import { appearanceProblem } from './appearance.ts';
import { FieldToPageParser, addressValue, elementOptions, elementState, fieldState } from './page-parsers.ts';
import { publishableKeyShape } from '../vocab/keys.ts';
import { bool, channelId, has, head, id, int, messages, obj, oneOf, opt, parser, re, str, union, type Check } from './checks.ts';

const event = oneOf(elementEventNames);
const publishableKey = re(publishableKeyShape);
const secret = re(/^[0-9a-f]{64}$/);

/** The merchant's appearance, checked by the same zod-free code params.ts's schema runs. */
const appearance = opt((v) => appearanceProblem(v) === null);

const cardValues = obj({
  number: opt(re(/^\d{12,19}$/)),
  expMonth: opt(int(1, 12)),
  expYear: opt(int(2000, 2100)),
  cvc: opt(re(/^\d{3,4}$/)),
  postalCode: opt(str(16)),
});

/**
 * What an element frame page sends (to its page, to its controller, and its values over the bound
 * port), checked against the shapes of that page's own element types: `state` the states it
 * reports, `values` the values it hands over. The card frame's carries no address or wallet shape
 * (issue 22); the controller reads every element's (FieldToControllerParser and the rest below).
 */
export interface FrameWire {
  toPage: Parser<FieldToPage>;
  toController: Parser<FieldToController>;
  values: Parser<BoundFieldToController>;
}

export const FieldToControllerParser = union<FieldToController>({
  'field.hello': obj({ ...head('field.hello', false), elementId: id, elementType: oneOf(elementTypes) }),
  'field.event': obj({ ...head('field.event', false), elementId: id, event, state: elementState }),
});

export const BoundFieldToControllerParser = parser<BoundFieldToController>(
  obj({ ...head('field.values', false), elementId: id, requestId: id, valid: bool, values: (v) => cardValues(v) || addressValue(v) }),
);

/** Any element type's: the controller reads these, and the address and wallet frames send them. */
export const anyElementWire: FrameWire = { toPage: FieldToPageParser, toController: FieldToControllerParser, values: BoundFieldToControllerParser };

/*
 * The card field frame's (cardWire): the three above with card states and card values only,
 * spelled again rather than built by one function over the state, which would cost every other
 * bundle bytes; frame-parsers.test.ts checks each against zod. Each its own constant, so no other
 * bundle carries them.
 */
export const CardToPageParser = messages<FieldToPage>({
  'element.event': { elementId: id, event, state: fieldState },
  'element.resize': { elementId: id, height: int(0, 2000) },
  'element.error': { elementId: id, code: str(64) },
  'element.refused': { elementId: id, code: str(64), message: str(500) },
});
// `messages`, not `obj({ ...head() })`: a spread at the top level stays in bundles that drop the rest.
export const CardToControllerParser = messages<FieldToController>(
  { 'field.hello': { elementId: id, elementType: oneOf(elementTypes) }, 'field.event': { elementId: id, event, state: fieldState } },
  false,
);
export const CardValuesParser = messages<BoundFieldToController>({ 'field.values': { elementId: id, requestId: id, valid: bool, values: cardValues } }, false);

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


/** The keys of a controller frame's hash (params.ts, ControllerParams), each with its check. */
const controllerParams: Record<string, Check> = {
  channel: channelId,
  parentOrigin: (v) => typeof v === 'string' && isHttpOrigin(v),
  locale: opt(str(16)),
  debug: opt(oneOf(['1'])),
};

/** The keys of a field frame's hash (params.ts, FieldParams). */
const fieldParams: Record<string, Check> = {
  ...controllerParams,
  elementId: id,
  publishableKey,
  sessionId: str(80, undefined, 1),
  type: oneOf(elementTypes),
  options: elementOptions,
  appearance,
};
/** Hash keys whose value is JSON text of at most 4000 characters (as params.ts reads them). */
const jsonKeys = ['options', 'appearance'];

/**
 * What `readHash(hash, schema)` answers: the known keys of `#a=1&b=2` when they fit (unknown keys
 * dropped, as `z.object` does), else null.
 */
function readParams<T>(hash: string, shape: Record<string, Check>): T | null {
  const raw: Record<string, unknown> = Object.fromEntries(new URLSearchParams(hash.replace(/^#/, '')));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) {
    let value = raw[key];
    if (typeof value === 'string' && jsonKeys.includes(key)) {
      if (value.length > 4000) return null;
      try {
        value = JSON.parse(value) as unknown;
      } catch {
        return null;
      }
    }
    if (!shape[key]!(value)) return null;
    if (has(raw, key)) out[key] = value;
  }
  return out as T;
}

/** `readHash(hash, FieldParams)` without zod. */
export const readFieldParams = (hash: string) => readParams<FieldParams>(hash, fieldParams);
/** `readHash(hash, ControllerParams)` without zod. */
export const readControllerParams = (hash: string) => readParams<ControllerParams>(hash, controllerParams);
