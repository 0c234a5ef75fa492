import { describe, expect, it, vi } from 'vitest';
import type { CardFieldsHandle } from '../../components/CardFields/index.ts';
import {
  BoundFieldToController,
  FieldToController,
  FieldToPage,
  PROTOCOL,
  type CardValues,
  type BoundFieldToController as Answer,
  type FieldToController as Msg,
  type FieldToPage as PageMsg,
} from '../../protocol/messages.ts';
import { createFieldLink, toFieldState, type FieldLinkDeps } from './link.ts';

const P = PROTOCOL;
const SECRET = 'a'.repeat(64);
const CHANNEL = 'abcdef0123456789';
const OTHER_SECRET = 'b'.repeat(64);

function setup(handle: Partial<CardFieldsHandle> | null = null, elementType: 'card' | 'cardExpiry' = 'card', sizing: Pick<FieldLinkDeps, 'awaitsWidth' | 'sizeWaitMs'> = {}) {
  const sent: Msg[] = [];
  /** What went to the parent page. */
  const page: PageMsg[] = [];
  /** What went to the bound controller's port: the only place values may go. */
  const bound: Answer[] = [];
  const setOptions = vi.fn();
  const setBusy = vi.fn();
  const link = createFieldLink({
    channel: CHANNEL,
    elementId: 'e1',
    elementType,
    toPage: (m) => {
      expect(FieldToPage.safeParse(m).success).toBe(true);
      page.push(m);
    },
    post: (m) => {
      // The bus validates too; prove every message the link builds is one the schema accepts.
      expect(FieldToController.safeParse(m).success).toBe(true);
      sent.push(m);
    },
    postBound: (m) => {
      expect(BoundFieldToController.safeParse(m).success).toBe(true);
      bound.push(m);
    },
    holds: (secret) => secret === SECRET,
    handle: () => handle as CardFieldsHandle | null,
    setOptions,
    setBusy,
    revealWaitMs: 20,
    ...sizing,
  });
  return { link, sent, page, bound, setOptions, setBusy };
}

const initial = toFieldState('card', { empty: true, complete: false, brand: 'unknown', error: null });

describe('field link', () => {
  it('tells the page its events and size itself, and the controller its state, without values', () => {
    const t = setup();
    t.link.ready(initial);
    const typed = { ...initial, empty: false, brand: 'visa' as const };
    t.link.change(typed);
    t.link.event('focus');
    t.link.resize(61.2);
    t.link.resize(61.9);
    const ev = (event: string, state: object) => ({ protocol: P, type: 'element.event', channel: CHANNEL, elementId: 'e1', event, state });
    expect(t.page).toEqual([
      ev('ready', initial),
      ev('change', typed),
      ev('focus', typed),
      { protocol: P, type: 'element.resize', channel: CHANNEL, elementId: 'e1', height: 62 },
    ]);
    expect(t.sent.map((m) => m.type)).toEqual(['field.hello', 'field.event', 'field.event']);
    expect(t.sent.filter((m) => m.type === 'field.event').map((m) => (m as { event: string }).event)).toEqual(['ready', 'change']);
  });

  it('re-announces itself and its state to a controller that starts after it, and nothing to the page', () => {
    const t = setup();
    t.link.fromController({ protocol: P, type: 'controller.hello' });
    expect(t.sent).toEqual([]);
    t.link.ready(initial);
    t.link.resize(50);
    t.sent.length = 0;
    t.page.length = 0;
    t.link.fromController({ protocol: P, type: 'controller.hello' });
    expect(t.sent).toEqual([
      { protocol: P, type: 'field.hello', elementId: 'e1', elementType: 'card' },
      { protocol: P, type: 'field.event', elementId: 'e1', event: 'ready', state: initial },
    ]);
    // The page had its ready: a second one would be a second `ready` for the merchant.
    expect(t.page).toEqual([]);
  });

  it('answers a collect carrying the mount secret with values, to the bound controller only', () => {
    const values: CardValues = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
    const t = setup({ validate: () => true, values: () => values });
    t.link.fromBound({ protocol: P, type: 'field.collect', requestId: 'r1', secret: SECRET });
    expect(t.bound).toEqual([{ protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: true, values }]);
    expect(t.sent, 'nothing on the bus').toEqual([]);
  });

  it('gives nothing to a collect without the mount secret', () => {
    const values = vi.fn(() => ({ number: '4242424242424242' }));
    const validate = vi.fn(() => true);
    const t = setup({ validate, values });
    t.link.fromBound({ protocol: P, type: 'field.collect', requestId: 'r1', secret: OTHER_SECRET });
    expect(t.bound).toEqual([]);
    expect(t.sent).toEqual([]);
    // Not even validated: the buyer sees no error revealed by someone else's request.
    expect(validate).not.toHaveBeenCalled();
    expect(values).not.toHaveBeenCalled();
  });

  it('answers an invalid collect without values, after the revealed error', async () => {
    const values = vi.fn(() => ({ number: '4242' }));
    const t = setup({ validate: () => false, values });
    t.link.ready(initial);
    t.sent.length = 0;
    t.link.fromBound({ protocol: P, type: 'field.collect', requestId: 'r1', secret: SECRET });
    expect(t.bound).toEqual([]);
    t.link.change({ ...initial, empty: false, error: { code: 'incomplete_number', message: 'Your card number is incomplete.' } });
    expect(t.sent.map((m) => m.type)).toEqual(['field.event']);
    expect(t.bound).toEqual([{ protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: false, values: {} }]);
    expect(values).not.toHaveBeenCalled();

    // With no change to wait for (the error was already shown), it answers after a short wait.
    t.bound.length = 0;
    t.link.fromBound({ protocol: P, type: 'field.collect', requestId: 'r2', secret: SECRET });
    await vi.waitFor(() => expect(t.bound).toHaveLength(1));
    expect(t.bound[0]).toMatchObject({ type: 'field.values', requestId: 'r2', valid: false });
  });

  it('answers valid:false when the values do not fit the schema', () => {
    const posts: Answer[] = [];
    const link = createFieldLink({
      channel: CHANNEL,
      elementId: 'e1',
      elementType: 'card',
      toPage: () => {},
      post: () => {},
      postBound: (m) => {
        if (!BoundFieldToController.safeParse(m).success) throw new TypeError('invalid');
        posts.push(m);
      },
      holds: (secret) => secret === SECRET,
      handle: () => ({ validate: () => true, values: () => ({ number: '42' }), clear() {}, focus() {} }),
      setOptions: () => {},
      setBusy: () => {},
    });
    link.fromBound({ protocol: P, type: 'field.collect', requestId: 'r1', secret: SECRET });
    expect(posts).toEqual([{ protocol: P, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: false, values: {} }]);
  });

  it("applies its bound controller's updates, busy and clear", () => {
    const clear = vi.fn();
    const t = setup({ clear });
    t.link.fromBound({ protocol: P, type: 'field.update', options: { placeholder: 'x' } });
    t.link.fromBound({ protocol: P, type: 'field.busy', busy: true });
    t.link.fromBound({ protocol: P, type: 'field.clear' });
    expect(t.setOptions).toHaveBeenCalledExactlyOnceWith({ placeholder: 'x' });
    expect(t.setBusy).toHaveBeenCalledWith(true);
    expect(clear).toHaveBeenCalled();
  });

  it('gives a brand only for inputs that can know it', () => {
    const s = { empty: false, complete: true, brand: 'visa' as const, error: null };
    expect(toFieldState('cardNumber', s)).toEqual({ elementType: 'cardNumber', empty: false, complete: true, brand: 'visa', error: null });
    expect(toFieldState('cardExpiry', s)).toEqual({ elementType: 'cardExpiry', empty: false, complete: true, error: null });
  });

  describe('before the frame knows its width', () => {
    const ev = (event: string, state: object) => ({ protocol: P, type: 'element.event', channel: CHANNEL, elementId: 'e1', event, state });
    const size = (height: number) => ({ protocol: P, type: 'element.resize', channel: CHANNEL, elementId: 'e1', height });

    it('says ready only after its first size, so the page has sized the frame when it hears ready', () => {
      let width = 0;
      const t = setup(null, 'card', { awaitsWidth: () => width <= 0, sizeWaitMs: 10_000 });
      t.link.ready(initial);
      expect(t.page).toEqual([]);
      width = 480;
      t.link.resize(146);
      expect(t.page).toEqual([size(146), ev('ready', initial)]);
      // The controller hears the ready too, once.
      expect(t.sent.filter((m) => m.type === 'field.event').map((m) => (m as { event: string }).event)).toEqual(['ready']);
      t.link.resize(150);
      expect(t.page).toEqual([size(146), ev('ready', initial), size(150)]);
    });

    it('says ready without a size when none comes in time (a frame in a hidden container)', async () => {
      const t = setup(null, 'card', { awaitsWidth: () => true, sizeWaitMs: 5 });
      t.link.ready(initial);
      expect(t.page).toEqual([]);
      await new Promise((r) => setTimeout(r, 20));
      expect(t.page).toEqual([ev('ready', initial)]);
      t.link.resize(146);
      expect(t.page).toEqual([ev('ready', initial), size(146)]);
    });

    it('never lets another event overtake the held ready', () => {
      const t = setup(null, 'card', { awaitsWidth: () => true, sizeWaitMs: 10_000 });
      t.link.ready(initial);
      const typed = { ...initial, empty: false, brand: 'visa' as const };
      t.link.change(typed);
      t.link.event('focus');
      expect(t.page).toEqual([ev('ready', initial), ev('change', typed), ev('focus', typed)]);
    });

    it('does not wait when it knows its width already', () => {
      const t = setup(null, 'card', { awaitsWidth: () => false, sizeWaitMs: 10_000 });
      t.link.ready(initial);
      expect(t.page).toEqual([ev('ready', initial)]);
    });
  });
});
