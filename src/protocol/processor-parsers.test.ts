import { describe, expect, it } from 'vitest';
import type { Parser } from './channel.ts';
import { HostToProcessorFrameParser, ProcessorFrameToHostParser } from './processor-parsers.ts';
import * as zodSide from './messages.ts';

const P = 'svcpay/1';

/**
 * Messages either direction might carry, good and bad, the other direction's among them. Plain
 * data only, as postMessage delivers it (a structured clone has no prototype but Object's), like
 * the other twins' samples (frame-parsers.test.ts).
 */
const samples: unknown[] = [
  { protocol: P, type: 'sbx.submit', requestId: 'r1' },
  { protocol: P, type: 'sbx.submit', requestId: 'r 1' },
  { protocol: P, type: 'sbx.submit', requestId: 'r'.repeat(65) },
  { protocol: P, type: 'sbx.submit' },
  { protocol: P, type: 'sbx.submit', requestId: 'r1', channel: 'chan_0123456789' },
  { protocol: P, type: 'sbx.reset' },
  { protocol: P, type: 'sbx.reset', extra: 1 },
  { protocol: 'svcpay/2', type: 'sbx.reset' },
  { type: 'sbx.reset' },
  { protocol: P, type: 'sbx.focus' },
  { protocol: P, type: 'sbx.focus', field: 'number' },
  { protocol: P, type: 'sbx.ready' },
  { protocol: P, type: 'sbx.ready', height: 1 },
  { protocol: P, type: 'sbx.change', complete: true, empty: false },
  { protocol: P, type: 'sbx.change', complete: true, empty: false, brand: 'visa' },
  { protocol: P, type: 'sbx.change', complete: true, empty: false, brand: undefined },
  { protocol: P, type: 'sbx.change', complete: true, empty: false, brand: 'visa2' },
  { protocol: P, type: 'sbx.change', complete: 'yes', empty: false },
  { protocol: P, type: 'sbx.change', complete: true },
  { protocol: P, type: 'sbx.change', complete: true, empty: false, number: '4242424242424242' },
  { protocol: P, type: 'sbx.result', requestId: 'r1', status: 'approved', transactionId: 'tx_1' },
  { protocol: P, type: 'sbx.result', requestId: 'r1', status: 'declined', transactionId: 'tx_1', declineCode: 'insufficient_funds' },
  { protocol: P, type: 'sbx.result', requestId: 'r1', status: 'requires_action' },
  { protocol: P, type: 'sbx.result', requestId: 'r1', status: 'invalid' },
  { protocol: P, type: 'sbx.result', requestId: 'r1', status: 'error' },
  { protocol: P, type: 'sbx.result', requestId: 'r1', status: 'ok' },
  { protocol: P, type: 'sbx.result', requestId: 'r1', status: 'approved', transactionId: 't'.repeat(81) },
  { protocol: P, type: 'sbx.result', requestId: 'r1', status: 'approved', transactionId: 't'.repeat(80) },
  { protocol: P, type: 'sbx.result', requestId: 'r1', status: 'declined', declineCode: 'd'.repeat(65) },
  { protocol: P, type: 'sbx.result', requestId: 'r1', status: 'declined', declineCode: null },
  { protocol: P, type: 'sbx.result', status: 'approved' },
  { protocol: P, type: 'sbx.resize', height: 0 },
  { protocol: P, type: 'sbx.resize', height: 2000 },
  { protocol: P, type: 'sbx.resize', height: 2001 },
  { protocol: P, type: 'sbx.resize', height: 4.5 },
  { protocol: P, type: 'sbx.resize', height: -1 },
  { protocol: P, type: 'sbx.resize', height: '44' },
  { protocol: P, type: 'sbx.challenge', requestId: 'r1' },
  { protocol: P, type: 'sbx.challenge', requestId: '' },
  { protocol: P, type: 'sbx.challenge' },
  { protocol: P, type: 'sbx.unknown' },
  { protocol: P, type: '__proto__' },
  { protocol: P, type: 'toString' },
  null,
  undefined,
  'sbx.ready',
  [{ protocol: P, type: 'sbx.ready' }],
];

const directions: Array<[string, Parser<unknown>, { safeParse(v: unknown): { success: boolean } }]> = [
  ['HostToProcessorFrame', HostToProcessorFrameParser, zodSide.HostToProcessorFrame],
  ['ProcessorFrameToHost', ProcessorFrameToHostParser, zodSide.ProcessorFrameToHost],
];

describe('hand-rolled hosted page <-> processor frame validators', () => {
  for (const [name, ours, zods] of directions) {
    it(`${name} agrees with zod on every sample, and accepts some and refuses some`, () => {
      const verdicts = samples.map((m) => ours.safeParse(m).success);
      expect(verdicts).toEqual(samples.map((m) => zods.safeParse(m).success));
      expect(verdicts.some(Boolean)).toBe(true);
      expect(verdicts.some((v) => !v)).toBe(true);
    });
  }
});
