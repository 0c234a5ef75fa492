/**
 * The page side's validators: hand-rolled mirrors of the zod schemas of src/protocol/messages.ts
 * for the three page-side directions, shared with the frames (src/protocol/page-parsers.ts). zod
 * would more than double the script-tag bundle (6 KB budget); protocol.test.ts runs the same
 * samples through both and proves they agree. Types still come from messages.ts.
 */
import { str } from '../src/protocol/checks.ts';
import { elementOptions } from '../src/protocol/page-parsers.ts';
import { cardBrands, elementEventNames, elementTypes } from '../src/vocab/elements.ts';

export { PROTOCOL } from '../src/protocol/checks.ts';
export { ControllerToPageParser, FieldToPageParser, PageToControllerParser } from '../src/protocol/page-parsers.ts';
export { cardBrands, elementEventNames, elementTypes };

/** Merchant input checks reuse the wire rules, so a bad option fails at the call, not silently. */
export const isElementOptions = elementOptions;
export const isSessionId = str(80);
