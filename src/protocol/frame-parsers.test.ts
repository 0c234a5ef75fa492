import { describe, expect, it } from 'vitest';
import { ControllerParams, FieldParams, readHash } from './params.ts';
import type { Parser } from './channel.ts';
import {
  BoundFieldToControllerParser,
  ControllerBindParser,
  ControllerToBoundFieldParser,
  ControllerToFieldParser,
  FieldToControllerParser,
  CardToControllerParser,
  CardToPageParser,
  CardValuesParser,
  anyElementWire,
  readControllerParams,
  readFieldParams,
} from './frame-parsers.ts';
import { FieldToPageParser } from './page-parsers.ts';
import * as zodSide from './messages.ts';

const P = 'svcpay/1';
const channel = 'chan_0123456789';
const state = { elementType: 'card', empty: false, complete: true, brand: 'visa', error: null };
const secret = 'a'.repeat(64);
const pk = 'vp_pk_test_abc123';
const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', postalCode: '12345' };
const address = { line1: '1 Market St', line2: '', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };
const addressState = { elementType: 'address', empty: false, complete: true, error: null, value: { name: 'Ada', phone: '+1 415 555 0100', address } };
const walletState = { elementType: 'wallet', empty: false, complete: true, wallet: 'apple_pay' };
const paid = { status: 'succeeded', sessionId: 'cs_1', paymentIntentId: 'vpi_1' };

/** Messages each direction might be sent, good and bad, several of another direction among them. */
const samples: unknown[] = [
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'change', state },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'ready', state: { elementType: 'cardCvc', empty: true, complete: false } },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'change', state: { ...state, error: { code: 'x', message: 'y'.repeat(301) } } },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'change', state: { ...state, value: '4242' } },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'input', state },
  { protocol: P, type: 'element.event', elementId: 'e1', event: 'change', state },
  // The address and wallet elements' states (AddressState with its value, WalletState) go to the page and the controller too.
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'change', state: addressState },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'change', state: { ...addressState, value: { address: { ...address, country: 'usa' } } } },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'change', state: { ...addressState, value: { ...addressState.value, number: '4242424242424242' } } },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'change', state: { ...addressState, error: undefined } },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'ready', state: walletState },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'result', state: { ...walletState, result: paid } },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'result', state: { ...walletState, result: { ...paid, card: '4242' } } },
  { protocol: P, type: 'element.event', channel, elementId: 'e1', event: 'unavailable', state: { ...walletState, wallet: 'paypal' } },
  { protocol: P, type: 'element.resize', channel, elementId: 'e1', height: 44 },
  { protocol: P, type: 'element.resize', channel, elementId: 'e1', height: 2001 },
  { protocol: P, type: 'element.resize', channel, elementId: 'e1', height: 4.5 },
  { protocol: P, type: 'element.refused', channel, elementId: 'e1', code: 'session_expired', message: 'This session has expired.' },
  { protocol: P, type: 'element.refused', channel, elementId: 'e1', code: 'session_expired', message: 'x'.repeat(501) },
  { protocol: P, type: 'element.refused', channel, elementId: 'e1', code: 'session_expired' },
  { protocol: P, type: 'field.hello', elementId: 'e1', elementType: 'cardNumber' },
  { protocol: P, type: 'field.hello', elementId: 'e1', elementType: 'iban' },
  { protocol: P, type: 'field.hello', elementId: 'e 1', elementType: 'card' },
  { protocol: P, type: 'field.hello', channel, elementId: 'e1', elementType: 'card' },
  { protocol: P, type: 'field.event', elementId: 'e1', event: 'ready', state },
  { protocol: P, type: 'field.event', elementId: 'e1', event: 'change', state: { ...state, brand: 'visa2' } },
  { protocol: P, type: 'field.event', elementId: 'e1', event: 'change', state: { ...state, empty: 1 } },
  { protocol: P, type: 'field.event', elementId: 'e1', event: 'change', state: addressState },
  { protocol: P, type: 'field.event', elementId: 'e1', event: 'change', state: { ...addressState, value: { address: { ...address, line1: 'x'.repeat(201) } } } },
  { protocol: P, type: 'field.event', elementId: 'e1', event: 'result', state: { ...walletState, result: paid } },
  { protocol: P, type: 'field.event', elementId: 'e1', event: 'ready', state: { ...walletState, complete: 'yes' } },
  // Gone from the bus: a field frame's error goes straight to the page (element.error).
  { protocol: P, type: 'field.error', elementId: 'e1', code: 'frame_error' },
  { protocol: P, type: 'controller.hello' },
  { protocol: P, type: 'controller.hello', extra: true },
  { protocol: 'svcpay/2', type: 'controller.hello' },
  { protocol: P, type: 'controller.bind', channel, elementId: 'e1', publishableKey: pk, sessionId: 'cs_1', secret },
  { protocol: P, type: 'controller.bind', channel, elementId: 'e1', publishableKey: 'vp_sk_test_abc', sessionId: 'cs_1', secret },
  { protocol: P, type: 'controller.bind', channel, elementId: 'e1', publishableKey: pk, sessionId: 'cs_1', secret: 'A'.repeat(64) },
  { protocol: P, type: 'controller.bind', channel, elementId: 'e1', publishableKey: pk, sessionId: 'cs_1', secret: 'a'.repeat(63) },
  { protocol: P, type: 'controller.bind', channel, elementId: 'e1', publishableKey: pk, sessionId: 'x'.repeat(81), secret },
  { protocol: P, type: 'controller.bind', elementId: 'e1', publishableKey: pk, sessionId: 'cs_1', secret },
  { protocol: P, type: 'field.collect', requestId: 'r1', secret },
  { protocol: P, type: 'field.collect', requestId: 'r1' },
  { protocol: P, type: 'field.update', options: { placeholder: 'x', disabled: true, hidePostalCode: false } },
  { protocol: P, type: 'field.update' },
  { protocol: P, type: 'field.update', options: { color: 'red' } },
  { protocol: P, type: 'field.update', options: { mode: 'shipping' } },
  { protocol: P, type: 'field.update', options: { mode: 'home' } },
  { protocol: P, type: 'field.update', options: null },
  { protocol: P, type: 'field.busy', busy: true },
  { protocol: P, type: 'field.busy', busy: 'yes' },
  { protocol: P, type: 'field.clear' },
  { protocol: P, type: 'field.clear', now: true },
  { protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: true, values: card },
  { protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: false, values: {} },
  { protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: true, values: { ...card, number: '4242' } },
  { protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: true, values: { ...card, expMonth: 13 } },
  { protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: true, values: { ...card, expYear: 2030.5 } },
  { protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: true, values: { ...card, cvc: '12345' } },
  { protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: true, values: { ...card, postalCode: 'x'.repeat(17) } },
  { protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: true, values: { ...card, name: 'A' } },
  { protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: true, values: addressState.value },
  { protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: true, values: { address } },
  { protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: true, values: { address: { ...address, postalCode: '1'.repeat(17) } } },
  { protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: true, values: { address, number: '4242424242424242' } },
  { protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: true, values: { address, phone: 'call me' } },
  { protocol: P, type: 'toString' },
  { protocol: P, type: '__proto__' },
  null,
  undefined,
  'controller.hello',
  [{ protocol: P, type: 'controller.hello' }],
];

const directions: Array<[string, Parser<unknown>, { safeParse(v: unknown): { success: boolean } }]> = [
  ['FieldToPage', FieldToPageParser, zodSide.FieldToPage],
  ['FieldToController', FieldToControllerParser, zodSide.FieldToController],
  ['ControllerToField', ControllerToFieldParser, zodSide.ControllerToField],
  ['ControllerBind', ControllerBindParser, zodSide.ControllerBind],
  ['ControllerToBoundField', ControllerToBoundFieldParser, zodSide.ControllerToBoundField],
  ['BoundFieldToController', BoundFieldToControllerParser, zodSide.BoundFieldToController],
];

describe('hand-rolled field frame validators', () => {
  for (const [name, ours, zods] of directions) {
    it(`${name} agrees with zod on every sample, and accepts some`, () => {
      const verdicts = samples.map((m) => ours.safeParse(m).success);
      expect(verdicts).toEqual(samples.map((m) => zods.safeParse(m).success));
      expect(verdicts.some(Boolean)).toBe(true);
    });
  }
});

/** An address's or a wallet's state, or an address's values: what only the other element frames send. */
const notCard = (m: unknown) => {
  const { state, values } = (m ?? {}) as { state?: { elementType?: unknown }; values?: object };
  return ['address', 'wallet'].includes(state?.elementType as string) || (typeof values === 'object' && values !== null && 'address' in values);
};

const cardWire = { toPage: CardToPageParser, toController: CardToControllerParser, values: CardValuesParser };

describe("each element page's own checks of what it sends (FrameWire)", () => {
  const wires = [
    ['toPage', zodSide.FieldToPage],
    ['toController', zodSide.FieldToController],
    ['values', zodSide.BoundFieldToController],
  ] as const;
  for (const [key, zods] of wires) {
    it(`the card frame's ${key} agrees with zod on card samples and refuses every address or wallet shape`, () => {
      const verdicts = samples.map((m) => cardWire[key].safeParse(m).success);
      expect(verdicts).toEqual(samples.map((m) => zods.safeParse(m).success && !notCard(m)));
      expect(verdicts.some(Boolean)).toBe(true);
      expect(samples.some((m) => notCard(m) && zods.safeParse(m).success)).toBe(true);
    });
    it(`the address and wallet frames' ${key} is the full one`, () => {
      expect(samples.map((m) => anyElementWire[key].safeParse(m).success)).toEqual(samples.map((m) => zods.safeParse(m).success));
    });
  }
});

const h = (o: Record<string, string>) => '#' + new URLSearchParams(o);
const field = { channel: 'abcdef0123456789', parentOrigin: 'http://127.0.0.1:4244', elementId: 'card-1', type: 'card', publishableKey: pk, sessionId: 'vp_cs_test_abc' };
const hashes = [
  h(field),
  h({ ...field, locale: 'fr', debug: '1' }),
  h({ ...field, options: '{"hidePostalCode":true,"placeholder":"x"}', appearance: '{"theme":"night","variables":{"colorText":"#fff"}}' }),
  h({ ...field, extra: 'dropped' }),
  h({ ...field, debug: '2' }),
  h({ ...field, parentOrigin: '*' }),
  h({ ...field, parentOrigin: 'http://shop.test/path' }),
  h({ ...field, parentOrigin: 'javascript:alert(1)' }),
  h({ ...field, channel: 'short' }),
  h({ ...field, type: 'address' }),
  h({ ...field, type: 'wallet', options: '{"mode":"shipping"}' }),
  h({ ...field, type: 'iban' }),
  h({ ...field, appearance: '{"theme":"flat","rules":{".Input":{"textTransform":"uppercase"}}}' }),
  h({ ...field, appearance: '{"rules":{".Input":{"backgroundImage":"url(x)"}}}' }),
  h({ ...field, appearance: '{"variables":{"colorText":"red; background: url(x)"}}' }),
  h({ ...field, publishableKey: 'vp_sk_test_abc123' }),
  h({ ...field, sessionId: '' }),
  h({ ...field, sessionId: 'x'.repeat(81) }),
  h({ ...field, locale: 'x'.repeat(17) }),
  h({ ...field, elementId: 'a b' }),
  h({ ...field, options: '{bad json' }),
  h({ ...field, options: '{"color":"red"}' }),
  h({ ...field, options: '"disabled"' }),
  h({ ...field, options: JSON.stringify({ placeholder: 'x'.repeat(99) }).padEnd(4001, ' ') }),
  h({ ...field, options: JSON.stringify({ placeholder: 'x'.repeat(99) }).padEnd(4000, ' ') }),
  h({ ...field, appearance: '{"theme":"neon"}' }),
  h({ ...field, appearance: '{"variables":[]}' }),
  h({ ...field, appearance: `{"variables":{"${'n'.repeat(65)}":"x"}}` }),
  h({ ...field, appearance: `{"variables":{"colorText":"${'x'.repeat(201)}"}}` }),
  h({ ...field, appearance: '{"variables":{"colorText":1}}' }),
  h({ ...field, appearance: '{"variables":{"__proto__":"x"}}' }),
  h({ ...field, appearance: 'null' }),
  '#',
  '',
];

describe('the field frame hash, read without zod', () => {
  it.each(hashes.map((x, i) => [i, x]))('hash %i reads as readHash(FieldParams) reads it', (_i, hash) => {
    expect(readFieldParams(hash as string)).toEqual(readHash(hash as string, FieldParams));
  });

  it.each(hashes.map((x, i) => [i, x]))('hash %i reads as readHash(ControllerParams) reads it', (_i, hash) => {
    expect(readControllerParams(hash as string)).toEqual(readHash(hash as string, ControllerParams));
  });

  it('accepts good hashes and refuses bad ones (the suite tests both ways)', () => {
    const read = hashes.map((x) => readFieldParams(x) !== null);
    expect(read.filter(Boolean).length).toBeGreaterThan(3);
    expect(read.filter((v) => !v).length).toBeGreaterThan(10);
    expect(readFieldParams(h({ ...field, extra: 'dropped' }))).not.toHaveProperty('extra');
  });
});
