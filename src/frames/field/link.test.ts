import { describe, expect, it, vi } from 'vitest';
import type { CardFieldsHandle } from '../../components/CardFields/index.ts';
import { FieldToController, PROTOCOL, type CardValues, type FieldToController as Msg } from '../../protocol/messages.ts';
import { createFieldLink, toFieldState } from './link.ts';

const P = PROTOCOL;

function setup(handle: Partial<CardFieldsHandle> | null = null, elementType: 'card' | 'cardExpiry' = 'card') {
  const sent: Msg[] = [];
  const setOptions = vi.fn();
  const setBusy = vi.fn();
  const link = createFieldLink({
    elementId: 'e1',
    elementType,
    post: (m) => {
      // The bus validates too; prove every message the link builds is one the schema accepts.
      expect(FieldToController.safeParse(m).success).toBe(true);
      sent.push(m);
    },
    handle: () => handle as CardFieldsHandle | null,
    setOptions,
    setBusy,
    revealWaitMs: 20,
  });
  return { link, sent, setOptions, setBusy };
}

const initial = toFieldState('card', { empty: true, complete: false, brand: 'unknown', error: null });

describe('field link', () => {
  it('announces itself, then relays state without values', () => {
    const t = setup();
    t.link.ready(initial);
    t.link.change({ ...initial, empty: false, brand: 'visa' });
    t.link.event('focus');
    t.link.resize(61.2);
    t.link.resize(61.9);
    expect(t.sent.map((m) => m.type)).toEqual(['field.hello', 'field.event', 'field.event', 'field.event', 'field.resize']);
    expect(t.sent[4]).toEqual({ protocol: P, type: 'field.resize', elementId: 'e1', height: 62 });
  });

  it('re-announces itself and its size when a controller starts after it', () => {
    const t = setup();
    t.link.fromController({ protocol: P, type: 'controller.hello' });
    expect(t.sent).toEqual([]);
    t.link.ready(initial);
    t.link.resize(50);
    t.sent.length = 0;
    t.link.fromController({ protocol: P, type: 'controller.hello' });
    expect(t.sent.map((m) => m.type)).toEqual(['field.hello', 'field.event', 'field.resize']);
  });

  it('answers field.collect with values when valid', () => {
    const values: CardValues = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
    const t = setup({ validate: () => true, values: () => values });
    t.link.fromController({ protocol: P, type: 'field.collect', requestId: 'r1' });
    expect(t.sent).toEqual([{ protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: true, values }]);
  });

  it('answers an invalid collect without values, after the revealed error', async () => {
    const values = vi.fn(() => ({ number: '4242' }));
    const t = setup({ validate: () => false, values });
    t.link.ready(initial);
    t.sent.length = 0;
    t.link.fromController({ protocol: P, type: 'field.collect', requestId: 'r1' });
    expect(t.sent).toEqual([]);
    t.link.change({ ...initial, empty: false, error: { code: 'incomplete_number', message: 'Your card number is incomplete.' } });
    expect(t.sent.map((m) => m.type)).toEqual(['field.event', 'field.values']);
    expect(t.sent[1]).toMatchObject({ valid: false, values: {} });
    expect(values).not.toHaveBeenCalled();

    // With no change to wait for (the error was already shown), it answers after a short wait.
    t.sent.length = 0;
    t.link.fromController({ protocol: P, type: 'field.collect', requestId: 'r2' });
    await vi.waitFor(() => expect(t.sent).toHaveLength(1));
    expect(t.sent[0]).toMatchObject({ type: 'field.values', requestId: 'r2', valid: false });
  });

  it('answers valid:false when the values do not fit the schema', () => {
    const posts: Msg[] = [];
    const link = createFieldLink({
      elementId: 'e1',
      elementType: 'card',
      post: (m) => {
        if (!FieldToController.safeParse(m).success) throw new TypeError('invalid');
        posts.push(m);
      },
      handle: () => ({ validate: () => true, values: () => ({ number: '42' }), clear() {}, focus() {} }),
      setOptions: () => {},
      setBusy: () => {},
    });
    link.fromController({ protocol: P, type: 'field.collect', requestId: 'r1' });
    expect(posts).toEqual([{ protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: false, values: {} }]);
  });

  it('applies updates meant for it, busy and clear', () => {
    const clear = vi.fn();
    const t = setup({ clear });
    t.link.fromController({ protocol: P, type: 'field.update', elementId: 'other', options: { disabled: true } });
    t.link.fromController({ protocol: P, type: 'field.update', elementId: 'e1', options: { placeholder: 'x' } });
    t.link.fromController({ protocol: P, type: 'field.busy', busy: true });
    t.link.fromController({ protocol: P, type: 'field.clear' });
    expect(t.setOptions).toHaveBeenCalledExactlyOnceWith({ placeholder: 'x' });
    expect(t.setBusy).toHaveBeenCalledWith(true);
    expect(clear).toHaveBeenCalled();
  });

  it('gives a brand only for inputs that can know it', () => {
    const s = { empty: false, complete: true, brand: 'visa' as const, error: null };
    expect(toFieldState('cardNumber', s)).toEqual({ elementType: 'cardNumber', empty: false, complete: true, brand: 'visa', error: null });
    expect(toFieldState('cardExpiry', s)).toEqual({ elementType: 'cardExpiry', empty: false, complete: true, error: null });
  });
});
