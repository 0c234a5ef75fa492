import { describe, expect, it } from 'vitest';
import * as zodSide from '../src/protocol/messages.ts';
import {
  ChallengeReturnParser,
  CheckoutFrameToPageParser,
  ControllerToPageParser,
  FieldToPageParser,
  PageToControllerParser,
  cardBrands,
  elementEventNames,
  elementTypes,
  PROTOCOL,
} from './protocol.ts';

const P = 'svcpay/1';
const channel = 'chan_0123456789';
const state = { elementType: 'card', empty: false, complete: true, brand: 'visa', error: null };
const address = { line1: '1 Market St', line2: '', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };
const addressState = { elementType: 'address', empty: false, complete: true, error: null, value: { name: 'Ada', phone: '+1 415 555 0100', address } };
const addressEvent = (state: unknown) => ({ protocol: 'svcpay/1', type: 'element.event', channel: 'chan_0123456789', elementId: 'e1', event: 'change', state });
const walletState = { elementType: 'wallet', empty: false, complete: true, wallet: 'google_pay' };
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
  addressEvent(addressState),
  addressEvent({ ...addressState, value: { address } }),
  addressEvent({ ...addressState, error: { code: 'invalid_postal_code', message: 'Your ZIP code is invalid.' } }),
  addressEvent({ ...addressState, error: undefined }),
  addressEvent({ ...addressState, elementType: 'card' }),
  addressEvent({ ...addressState, brand: 'visa' }),
  addressEvent({ ...addressState, value: { ...addressState.value, number: '4242424242424242' } }),
  addressEvent({ ...addressState, value: { address: { ...address, cvc: '123' } } }),
  addressEvent({ ...addressState, value: { address: { ...address, line1: 'x'.repeat(201) } } }),
  addressEvent({ ...addressState, value: { address: { ...address, line1: 'x'.repeat(200) } } }),
  addressEvent({ ...addressState, value: { address: { ...address, city: 'x'.repeat(101) } } }),
  addressEvent({ ...addressState, value: { address: { ...address, postalCode: '1'.repeat(17) } } }),
  addressEvent({ ...addressState, value: { address: { ...address, country: 'us' } } }),
  addressEvent({ ...addressState, value: { address: { ...address, country: 'USA' } } }),
  addressEvent({ ...addressState, value: { address: { line1: 'a' } } }),
  addressEvent({ ...addressState, value: { ...addressState.value, phone: 'call me' } }),
  addressEvent({ ...addressState, value: { ...addressState.value, phone: '1'.repeat(33) } }),
  addressEvent({ ...addressState, value: { ...addressState.value, name: 'x'.repeat(201) } }),
  addressEvent({ ...addressState, value: undefined }),
  addressEvent({ elementType: 'address', empty: true, complete: false }),
  addressEvent(walletState),
  addressEvent({ elementType: 'wallet', empty: true, complete: false }),
  addressEvent({ ...walletState, wallet: 'samsung_pay' }),
  addressEvent({ ...walletState, result }),
  addressEvent({ ...walletState, result: { ...result, status: 'requires_action' } }),
  addressEvent({ ...walletState, result: { ...result, card: '4242424242424242' } }),
  addressEvent({ ...walletState, value: addressState.value }),
  addressEvent({ ...walletState, error: null }),
  { protocol: P, type: 'element.resize', channel, elementId: 'e1', height: 44 },
  { protocol: P, type: 'element.resize', channel, elementId: 'e1', height: 44.5 },
  { protocol: P, type: 'element.resize', channel, elementId: 'e1', height: -1 },
  { protocol: P, type: 'element.resize', channel, elementId: 'e1', height: 2001 },
  { protocol: P, type: 'element.resize', channel, elementId: 'e1', height: '44' },
  { protocol: P, type: 'element.error', channel, elementId: 'e1', code: 'frame_error' },
  { protocol: P, type: 'element.error', channel, elementId: 'e1', code: 'x'.repeat(65) },
  { protocol: P, type: 'element.error', channel, elementId: 'e1', code: 'frame_error', message: 'what the buyer typed' },
  { protocol: P, type: 'element.error', channel, elementId: 'e1', code: 'frame_error', stack: 'Error: cannot format 4242424242424242' },
  { protocol: P, type: 'element.error', channel, elementId: 'e1' },
  { protocol: P, type: 'element.error', elementId: 'e1', code: 'frame_error' },
  { protocol: P, type: 'element.refused', channel, elementId: 'e1', code: 'auth_invalid_key_publishable', message: 'Invalid publishable key.' },
  { protocol: P, type: 'element.refused', channel, elementId: 'e1', code: 'x'.repeat(65), message: 'x' },
  { protocol: P, type: 'element.refused', channel, elementId: 'e1', code: 'session_expired', message: 'x', card: '4242424242424242' },
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
  { protocol: P, type: 'confirm.challenge', channel, requestId: 'r1', url: 'http://127.0.0.1:4243/challenge/sbx_txn_1', label: 'Confirm your payment', cancel: 'Cancel' },
  { protocol: P, type: 'confirm.challenge', channel, requestId: 'r1', url: 'https://bank.example/3ds?x=1', label: '', cancel: '' },
  { protocol: P, type: 'confirm.challenge', channel, requestId: 'r1', url: 'javascript:alert(1)', label: 'x', cancel: 'x' },
  { protocol: P, type: 'confirm.challenge', channel, requestId: 'r1', url: 'http://bank.example/a b', label: 'x', cancel: 'x' },
  { protocol: P, type: 'confirm.challenge', channel, requestId: 'r1', url: `https://bank.example/${'a'.repeat(2000)}`, label: 'x', cancel: 'x' },
  { protocol: P, type: 'confirm.challenge', channel, requestId: 'r1', url: 'https://bank.example/', label: 'x'.repeat(201), cancel: 'x' },
  { protocol: P, type: 'confirm.challenge', channel, requestId: 'r1', url: 'https://bank.example/', label: 'x', cancel: 'x'.repeat(101) },
  { protocol: P, type: 'confirm.challenge', channel, requestId: 'r1', url: 'https://bank.example/' },
  { protocol: P, type: 'token.result', channel, requestId: 'r1', result: { token: { id: 'vp_pmt_1', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } } } },
  { protocol: P, type: 'token.result', channel, requestId: 'r1', result: { token: { id: 'vp_pmt_1', card: { brand: 'unknown', last4: null, expMonth: null, expYear: null } } } },
  { protocol: P, type: 'token.result', channel, requestId: 'r1', result: { error: { code: 'validation_error', message: 'Incomplete' } } },
  { protocol: P, type: 'token.result', channel, requestId: 'r1', result: { token: { id: 'vp_pmt_1', card: { brand: 'visa', last4: '4242424242424242', expMonth: 12, expYear: 2030 } } } },
  { protocol: P, type: 'token.result', channel, requestId: 'r1', result: { token: { id: 'vp_pmt_1', card: { brand: 'visa', last4: '4242', expMonth: 13, expYear: 2030 } } } },
  { protocol: P, type: 'token.result', channel, requestId: 'r1', result: { token: { id: 'vp_pmt_1', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, number: '4242424242424242' } } } },
  { protocol: P, type: 'token.result', channel, requestId: 'r1', result: { token: { id: 'vp_pmt_1', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, cvc: '123' } } } },
  { protocol: P, type: 'controller.error', channel, error: { code: 'frame_error', message: 'A card field failed.' } },
  { protocol: P, type: 'controller.error', channel, error: { code: 'frame_error' } },
  { protocol: P, type: 'controller.error', channel, error: { code: 'x', message: 'y'.repeat(301) } },
  { protocol: P, type: 'controller.error', error: { code: 'x', message: 'y' } },
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
  { protocol: P, type: 'element.update', channel, elementId: 'e1', options: { mode: 'shipping' } },
  { protocol: P, type: 'element.update', channel, elementId: 'e1', options: { mode: 'home' } },
  { protocol: P, type: 'element.update', channel, elementId: 'e1', options: { color: 'red' } },
  { protocol: P, type: 'element.update', channel, elementId: 'e1', options: { placeholder: 'x'.repeat(101) } },
  { protocol: P, type: 'element.update', channel, elementId: 'e1', options: null },
  { protocol: P, type: 'element.unmount', channel, elementId: 'e1' },
  { protocol: P, type: 'element.unmount', channel },
  { protocol: P, type: 'confirm', channel, requestId: 'r1', kind: 'payment' },
  { protocol: P, type: 'confirm', channel, requestId: 'r1', kind: 'token' },
  { protocol: P, type: 'confirm', channel, requestId: 'r1', kind: 'setup' },
  { protocol: P, type: 'challenge.done', channel, requestId: 'r1', outcome: 'returned' },
  { protocol: P, type: 'challenge.done', channel, requestId: 'r1', outcome: 'canceled' },
  { protocol: P, type: 'challenge.done', channel, requestId: 'r1', outcome: 'approved' },
  { protocol: P, type: 'challenge.done', channel, outcome: 'canceled' },
  { protocol: P, type: 'confirm', channel, requestId: 'r1' },
  { protocol: P, type: 'controller.ready', channel },
];

const paid = { status: 'succeeded', sessionId: 'cs_1', paymentIntentId: 'vpi_test_1' };
const declinedError = { code: 'card_declined', message: 'Declined', declineCode: 'insufficient_funds' };
const fromCheckout: unknown[] = [
  { protocol: P, type: 'checkout.mounted', channel },
  { protocol: P, type: 'checkout.mounted', channel, token: 'tok_1' },
  { protocol: P, type: 'checkout.mounted' },
  { protocol: P, type: 'checkout.ready', channel },
  { protocol: P, type: 'checkout.resize', channel, height: 320 },
  { protocol: P, type: 'checkout.resize', channel, height: 2001 },
  { protocol: P, type: 'checkout.resize', channel, height: 1.5 },
  { protocol: P, type: 'checkout.result', channel, result: paid },
  { protocol: P, type: 'checkout.result', channel, result: { ...paid, paymentIntentId: null } },
  { protocol: P, type: 'checkout.result', channel, result: { status: 'failed', sessionId: 'cs_1', error: declinedError } },
  { protocol: P, type: 'checkout.result', channel, result: { status: 'processing', sessionId: 'cs_1' } },
  { protocol: P, type: 'checkout.result', channel, result: { ...paid, card: '4242424242424242' } },
  { protocol: P, type: 'checkout.result', channel, result: { ...paid, error: { code: 'x' } } },
  { protocol: P, type: 'checkout.result', channel },
  { protocol: P, type: 'checkout.error', channel, error: { code: 'session_expired', message: 'Expired' } },
  { protocol: P, type: 'checkout.error', channel, error: { code: 'session_expired', message: 'x'.repeat(501) } },
  { protocol: P, type: 'checkout.error', channel, error: null },
  { protocol: P, type: 'controller.ready', channel },
];

describe('hand-rolled page-side validators', () => {
  it.each(fromCheckout.map((m, i) => [i, m]))('CheckoutFrameToPage sample %i agrees with zod', (_i, m) => {
    expect(CheckoutFrameToPageParser.safeParse(m).success).toBe(zodSide.CheckoutFrameToPage.safeParse(m).success);
  });

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

  it.each([
    { protocol: P, type: 'challenge.returned' },
    { protocol: P, type: 'challenge.returned', transactionId: 'sbx_txn_1' },
    { protocol: 'svcpay/2', type: 'challenge.returned' },
    { protocol: P, type: 'challenge.done' },
    null,
  ].map((m, i) => [i, m]))('ChallengeReturnToPage sample %i agrees with zod', (_i, m) => {
    expect(ChallengeReturnParser.safeParse(m).success).toBe(zodSide.ChallengeReturnToPage.safeParse(m).success);
  });

  it('accepts some samples and rejects others (the suite tests both ways)', () => {
    for (const parser of [ControllerToPageParser, FieldToPageParser]) {
      const verdicts = toPage.map((m) => parser.safeParse(m).success);
      expect(verdicts.filter(Boolean).length).toBeGreaterThan(3);
      expect(verdicts.filter((v) => !v).length).toBeGreaterThan(5);
    }
  });

  it("lets an address element's value through from its frame, and nothing that could carry card data", () => {
    expect(FieldToPageParser.safeParse(addressEvent(addressState)).success).toBe(true);
    expect(FieldToPageParser.safeParse(addressEvent({ ...addressState, value: { ...addressState.value, number: '4242424242424242' } })).success).toBe(false);
    expect(FieldToPageParser.safeParse(addressEvent({ ...addressState, value: { address: { ...address, cvc: '123' } } })).success).toBe(false);
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
    expect(types(zodSide.ControllerToPage)).toEqual(['confirm.challenge', 'confirm.result', 'controller.error', 'controller.ready', 'token.result']);
    expect(types(zodSide.FieldToPage)).toEqual(['element.error', 'element.event', 'element.refused', 'element.resize']);
    expect(types(zodSide.PageToController)).toEqual(['challenge.done', 'confirm', 'element.unmount', 'element.update', 'init']);
    expect(types(zodSide.CheckoutFrameToPage)).toEqual(['checkout.error', 'checkout.mounted', 'checkout.ready', 'checkout.resize', 'checkout.result']);
  });
});
