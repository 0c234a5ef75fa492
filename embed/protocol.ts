/**
 * The page side's validators: hand-rolled mirrors of the zod schemas of src/protocol/messages.ts
 * for the page-side directions. The ones the frames share (FieldToPage, ControllerToPage,
 * PageToController) live in src/protocol/page-parsers.ts; the embedded checkout's and the
 * challenge return page's, which only this bundle reads, are here. zod would more than double the
 * script-tag bundle (6 KB budget); protocol.test.ts runs the same samples through both and proves
 * they agree. Types still come from messages.ts.
 */
import { int, messages, obj, oneOf, opt, orNull, str } from '../src/protocol/checks.ts';
import type { ChallengeReturnToPage, CheckoutFrameToPage } from '../src/protocol/messages.ts';
import { elementOptions, paymentError } from '../src/protocol/page-parsers.ts';
import { cardBrands, elementEventNames, elementTypes } from '../src/vocab/elements.ts';

export { PROTOCOL } from '../src/protocol/checks.ts';
export { ControllerToPageParser, FieldToPageParser, PageToControllerParser } from '../src/protocol/page-parsers.ts';
export { cardBrands, elementEventNames, elementTypes };

// Only the parts loaded on demand (embed/lazy.ts) read these two: side-effect free, so svcpay.js drops them.
export const CheckoutFrameToPageParser = messages<CheckoutFrameToPage>({
  'checkout.mounted': {},
  'checkout.ready': {},
  'checkout.resize': { height: int(0, 2000) },
  'checkout.result': {
    result: obj({ status: oneOf(['succeeded', 'failed']), sessionId: str(80), paymentIntentId: opt(orNull(str(80))), error: opt(paymentError) }),
  },
  'checkout.error': { error: paymentError },
});

export const ChallengeReturnParser = messages<ChallengeReturnToPage>({ 'challenge.returned': {} }, false);

/** Merchant input checks reuse the wire rules, so a bad option fails at the call, not silently. */
export const isElementOptions = elementOptions;
export const isSessionId = str(80);
/** The appearance check the field frames run too (zod-free, shared rather than mirrored). */
export { appearanceProblem } from '../src/protocol/appearance.ts';
