/**
 * Hand-rolled twins (checks.ts) of the hosted page <-> sandbox processor fields frame schemas of
 * page-messages.ts (HostToProcessorFrame, ProcessorFrameToHost), whose types they return. With
 * these the hosted page carries no zod (issue 22: zod/mini was ~7.5 KB gzipped of its 40 KB);
 * processor-parsers.test.ts runs the same samples through both and proves they agree. The fields
 * frame itself (sandbox-processor/fields-page) still reads with zod.
 */
import type { HostToProcessorFrame, ProcessorFrameToHost } from './messages.ts';
import { cardBrands } from '../vocab/elements.ts';
import { bool, id, int, messages, oneOf, opt, str } from './checks.ts';

export const HostToProcessorFrameParser = messages<HostToProcessorFrame>({ 'sbx.submit': { requestId: id }, 'sbx.reset': {}, 'sbx.focus': {} }, false);

export const ProcessorFrameToHostParser = messages<ProcessorFrameToHost>(
  {
    'sbx.ready': {},
    'sbx.change': { complete: bool, empty: bool, brand: opt(oneOf(cardBrands)) },
    'sbx.result': {
      requestId: id,
      status: oneOf(['approved', 'declined', 'requires_action', 'invalid', 'error']),
      transactionId: opt(str(80)),
      declineCode: opt(str(64)),
    },
    'sbx.resize': { height: int(0, 2000) },
    'sbx.challenge': { requestId: id },
  },
  false,
);
