/**
 * The page side's validators: hand-rolled mirrors of the zod schemas of src/protocol/messages.ts
 * for the page-side directions. The ones the frames share (FieldToPage, ControllerToPage,
 * PageToController) live in src/protocol/page-parsers.ts; the embedded checkout's and the
 * challenge return page's, which only this bundle reads, are here. zod would more than double the
 * script-tag bundle (6 KB budget); protocol.test.ts runs the same samples through both and proves
 * they agree. Types still come from messages.ts.
 */
import { head, int, obj, oneOf, opt, orNull, str, union } from '../src/protocol/checks.ts';
import type { ChallengeReturnToPage, CheckoutFrameToPage } from '../src/protocol/messages.ts';
import { elementOptions, paymentError } from '../src/protocol/page-parsers.ts';
import { cardBrands, elementEventNames, elementTypes } from '../src/vocab/elements.ts';

export { PROTOCOL } from '../src/protocol/checks.ts';
export { ControllerToPageParser, FieldToPageParser, PageToControllerParser } from '../src/protocol/page-parsers.ts';
export { cardBrands, elementEventNames, elementTypes };

export const CheckoutFrameToPageParser = union<CheckoutFrameToPage>({
  'checkout.mounted': obj(head('checkout.mounted')),
  'checkout.ready': obj(head('checkout.ready')),
  'checkout.resize': obj({ ...head('checkout.resize'), height: int(0, 2000) }),
  'checkout.result': obj({
    ...head('checkout.result'),
    result: obj({ status: oneOf(['succeeded', 'failed']), sessionId: str(80), paymentIntentId: opt(orNull(str(80))), error: opt(paymentError) }),
  }),
  'checkout.error': obj({ ...head('checkout.error'), error: paymentError }),
});

export const ChallengeReturnParser = union<ChallengeReturnToPage>({ 'challenge.returned': obj(head('challenge.returned', false)) });

/** Merchant input checks reuse the wire rules, so a bad option fails at the call, not silently. */
export const isElementOptions = elementOptions;
export const isSessionId = str(80);
/** The appearance check the field frames run too (zod-free, shared rather than mirrored). */
export { appearanceProblem } from '../src/protocol/appearance.ts';
