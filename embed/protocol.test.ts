import { describe, expect, it } from 'vitest';
import * as zodSide from '../src/protocol/messages.ts';
import { ControllerToPageParser, FieldToPageParser, PageToControllerParser, cardBrands, elementEventNames, elementTypes, PROTOCOL } from './protocol.ts';

const P = 'svcpay/1';
const channel = 'chan_0123456789';
const state = { elementType: 'card', empty: false, complete: true, brand: 'visa', error: null };
const result = { status: 'failed', sessionId: 'cs_1', error: { code: 'card_declined', message: 'Declined', declineCode: 'generic_decline' }, retry: { allowed: true, attempts_remaining: 2 } };

const toPage: unknown[] = [
  { protocol: P, type: 'controller.ready', channel },
  { protocol: P, type: 'controller.ready', channel, extra: 1 },
  { protocol: 'svcpay/2', type: 'controller.ready', channel },
  { protocol: P, type: 'controller.ready', channel: 'short' },
  { protocol: P, type: 'controller.ready', channel: 'has space in it' },
  { protocol: P, type: 'controller.ready' },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'change', state },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'ready', state: { elementType: 'cardCvc', empty: true, complete: false } },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'change', state: { ...state, error: { code: 'x', message: 'y' } } },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'change', state: { ...state, error: { code: 'x', message: 'y'.repeat(301) } } },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'change', state: { ...state, brand: 'visa2' } },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'change', state: { ...state, value: '4242' } },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'input', state },
  { protocol: P, type: 'element.event', channel, elementId: 'e/1', event: 'change', state },
  { protocol: P, type: 'element.event', channel, elementId: '', event: 'change', state },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'change', state: { ...state, empty: 'no' } },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'change', state: [] },
  { protocol: P, type: 'element.resize', channel, elementId: 'e1', height: 44 },
  { protocol: P, type: 'element.resize', channel, elementId: 'e1', height: 44.5 },
  { protocol: P, type: 'element.resize', channel, elementId: 'e1', height: -1 },
  { protocol: P, type: 'element.resize', channel, elementId: 'e1', height: 2001 },
  { protocol: P, type: 'element.resize', channel, elementId: 'e1', height: '44' },
  { protocol: P, type: 'confirm.result', channel, requestId: 'r1', result },
  { protocol: P, type: 'confirm.result', channel, requestId: 'r1', result: { status: 'succeeded', sessionId: 'cs_1', paymentIntentId: 'pi_1' } },
  { protocol: P, type: 'confirm.result', channel, requestId: 'r1', result: { status: 'succeeded', sessionId: 'cs_1', paymentIntentId: null, retry: null } },
  { protocol: P, type: 'confirm.result', channel, requestId: 'r1', result: { ...result, status: 'requires_action' } },
  { protocol: P, type: 'confirm.result', channel, requestId: 'r1', result: { ...result, retry: { allowed: true, attempts_remaining: -1 } } },
  { protocol: P, type: 'confirm.result', channel, requestId: 'r1', result: { ...result, retry: { allowed: true, attempts_remaining: 1.5 } } },
  { protocol: P, type: 'confirm.result', channel, requestId: 'r1', result: { ...result, error: { code: 'x', message: 'y', declineCode: null } } },
  { protocol: P, type: 'confirm.result', channel, requestId: 'r1', result: { ...result, error: { code: 'x' } } },
  { protocol: P, type: 'confirm.result', channel, requestId: 'r1', result: { ...result, card: '4242424242424242' } },
  { protocol: P, type: 'confirm.result', channel, requestId: 'r1', result: { ...result, sessionId: 'x'.repeat(81) } },
  { protocol: P, type: 'confirm.result', channel, result },
  { protocol: P, type: 'toString', channel },
  { protocol: P, type: '__proto__', channel },
  { protocol: P, type: 'init', channel, publishableKey: 'vp_pk_test_abc', sessionId: 'cs_1' },
  null,
  undefined,
  'controller.ready',
  42,
  [{ protocol: P, type: 'controller.ready', channel }],
];

const toController: unknown[] = [
  { protocol: P, type: 'init', channel, publishableKey: 'vp_pk_test_abc123', sessionId: 'cs_1' },
  { protocol: P, type: 'init', channel, publishableKey: 'vp_pk_live_abc123', sessionId: 'cs_1', locale: 'fr' },
  { protocol: P, type: 'init', channel, publishableKey: 'vp_pk_test_abc123', sessionId: 'cs_1', locale: undefined },
  { protocol: P, type: 'init', channel, publishableKey: 'vp_sk_test_abc123', sessionId: 'cs_1' },
  { protocol: P, type: 'init', channel, publishableKey: 'vp_pk_test_', sessionId: 'cs_1' },
  { protocol: P, type: 'init', channel, publishableKey: 'vp_pk_test_abc123', sessionId: 'x'.repeat(81) },
  { protocol: P, type: 'init', channel, publishableKey: 'vp_pk_test_abc123', sessionId: 'cs_1', locale: 'x'.repeat(17) },
  { protocol: P, type: 'element.update', channel, elementId: 'e1', options: { placeholder: 'x', disabled: true, hidePostalCode: false } },
  { protocol: P, type: 'element.update', channel, elementId: 'e1' },
  { protocol: P, type: 'element.update', channel, elementId: 'e1', options: {} },
  { protocol: P, type: 'element.update', channel, elementId: 'e1', options: { color: 'red' } },
  { protocol: P, type: 'element.update', channel, elementId: 'e1', options: { placeholder: 'x'.repeat(101) } },
  { protocol: P, type: 'element.update', channel, elementId: 'e1', options: null },
  { protocol: P, type: 'element.unmount', channel, elementId: 'e1' },
  { protocol: P, type: 'element.unmount', channel },
  { protocol: P, type: 'confirm', channel, requestId: 'r1', kind: 'payment' },
  { protocol: P, type: 'confirm', channel, requestId: 'r1', kind: 'setup' },
  { protocol: P, type: 'confirm', channel, requestId: 'r1' },
  { protocol: P, type: 'controller.ready', channel },
];

describe('hand-rolled page-side validators', () => {
  it.each(toPage.map((m, i) => [i, m]))('ControllerToPage sample %i agrees with zod', (_i, m) => {
    expect(ControllerToPageParser.safeParse(m).success).toBe(zodSide.ControllerToPage.safeParse(m).success);
  });

  // The same samples: each page-bound message belongs to one direction and is refused by the other.
  it.each(toPage.map((m, i) => [i, m]))('FieldToPage sample %i agrees with zod', (_i, m) => {
    expect(FieldToPageParser.safeParse(m).success).toBe(zodSide.FieldToPage.safeParse(m).success);
  });

  it.each(toController.map((m, i) => [i, m]))('PageToController sample %i agrees with zod', (_i, m) => {
    expect(PageToControllerParser.safeParse(m).success).toBe(zodSide.PageToController.safeParse(m).success);
  });

  it('accepts some samples and rejects others (the suite tests both ways)', () => {
    for (const parser of [ControllerToPageParser, FieldToPageParser]) {
      const verdicts = toPage.map((m) => parser.safeParse(m).success);
      expect(verdicts.filter(Boolean).length).toBeGreaterThan(3);
      expect(verdicts.filter((v) => !v).length).toBeGreaterThan(5);
    }
  });

  it('uses the same vocabulary as messages.ts', () => {
    expect(PROTOCOL).toBe(zodSide.PROTOCOL);
    expect(elementTypes).toEqual(zodSide.elementTypes);
    expect(elementEventNames).toEqual(zodSide.elementEventNames);
    expect(cardBrands).toEqual(zodSide.cardBrands);
    // Every message type of the zod unions has a hand-rolled twin.
    // (each member of a zod/mini union is an object exposing its `type` literal in `_zod.propValues`.)
    const types = (u: { _zod: { def: { options: readonly { _zod: { propValues?: Record<string, Set<unknown>> } }[] } } }) =>
      u._zod.def.options.flatMap((o) => [...(o._zod.propValues?.type ?? [])]).map(String).sort();
    expect(types(zodSide.ControllerToPage)).toEqual(['confirm.result', 'controller.ready']);
    expect(types(zodSide.FieldToPage)).toEqual(['element.event', 'element.resize']);
    expect(types(zodSide.PageToController)).toEqual(['confirm', 'element.unmount', 'element.update', 'init']);
  });
});
