import { describe, expect, it } from 'vitest';
import { PROTOCOL, type ControllerBind } from '../protocol/messages.ts';
import { createFieldBinding, findFieldWindow, isControllerWindow, newMountSecret, runsController, sameSecret, type FrameNode } from './binding.ts';

const SERVICE = 'http://localhost:4242';
const mount = { channel: 'abcdef0123456789', elementId: 'card-1', publishableKey: 'vp_pk_test_genuine', sessionId: 'vp_cs_test_genuine' };
const SECRET = 'a'.repeat(64);

const bind = (over: Partial<ControllerBind> = {}): ControllerBind => ({
  protocol: PROTOCOL,
  type: 'controller.bind',
  ...mount,
  secret: SECRET,
  ...over,
});

/** Stand-ins for controller frame windows (the binding compares them by identity only). */
const genuineController = { name: 'genuine' };
const secondController = { name: 'second' };

describe('mount secret', () => {
  it('is 32 fresh random bytes in hex', () => {
    const a = newMountSecret();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newMountSecret()).not.toBe(a);
  });

  it('compares equal only for the same text', () => {
    expect(sameSecret(SECRET, 'a'.repeat(64))).toBe(true);
    expect(sameSecret(SECRET, `${'a'.repeat(63)}b`)).toBe(false);
    expect(sameSecret(SECRET, 'a'.repeat(63))).toBe(false);
    expect(sameSecret(SECRET, '')).toBe(false);
    expect(sameSecret('a'.repeat(63), SECRET), 'a prefix of the secret').toBe(false);
    expect(sameSecret('', SECRET)).toBe(false);
  });
});

describe('field binding', () => {
  it('binds to a controller for its own channel, element, key and session, and then holds its secret', () => {
    const b = createFieldBinding(mount);
    expect(b.holds(SECRET), 'nothing is held before a bind').toBe(false);
    expect(b.accept(bind(), genuineController)).toBe(true);
    expect(b.holds(SECRET)).toBe(true);
    expect(b.holds('b'.repeat(64))).toBe(false);
  });

  it.each([
    ['another merchant’s key', { publishableKey: 'vp_pk_test_attacker' }],
    ['another session', { sessionId: 'vp_cs_test_attacker' }],
    ['another channel', { channel: 'zzzzzz0123456789' }],
    ['another element', { elementId: 'card-2' }],
  ])('refuses a controller bound to %s', (_what, over) => {
    const b = createFieldBinding(mount);
    expect(b.accept(bind({ ...over, secret: 'c'.repeat(64) }), secondController)).toBe(false);
    expect(b.holds('c'.repeat(64))).toBe(false);
  });

  it('refuses a second controller window once bound, even for the same key and session', () => {
    const b = createFieldBinding(mount);
    b.accept(bind(), genuineController);
    expect(b.accept(bind({ secret: 'c'.repeat(64) }), secondController)).toBe(false);
    expect(b.holds('c'.repeat(64))).toBe(false);
    expect(b.holds(SECRET), 'the genuine controller keeps the field').toBe(true);
  });

  it('lets its own controller window bind again after a reload, with a new secret', () => {
    const b = createFieldBinding(mount);
    b.accept(bind(), genuineController);
    expect(b.accept(bind({ secret: 'd'.repeat(64) }), genuineController)).toBe(true);
    expect(b.holds('d'.repeat(64))).toBe(true);
    expect(b.holds(SECRET), 'the old secret is gone').toBe(false);
  });

  it('refuses a bind with no sender window', () => {
    expect(createFieldBinding(mount).accept(bind(), null)).toBe(false);
  });
});

/** A fake frame: same-origin ones expose their location, cross-origin ones throw on reading it. */
function frame(url: string | null, children: FrameNode[] = []): FrameNode {
  const node: Record<string | number, unknown> = { length: children.length };
  children.forEach((c, i) => (node[i] = c));
  Object.defineProperty(node, 'location', {
    get() {
      if (url === null) throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError');
      return new URL(url);
    },
  });
  return node as unknown as FrameNode;
}
const fieldUrl = (channel: string, elementId: string, origin = SERVICE) =>
  `${origin}/frames/field.html#${new URLSearchParams({ channel, elementId, type: 'card' })}`;
const where = { origin: SERVICE, fieldPaths: ['/frames/field.html', '/frames/address.html'], channel: mount.channel, elementId: mount.elementId };

describe('finding the field frame', () => {
  it('finds its field among the page’s frames, skipping other channels, elements, pages and origins', () => {
    const target = frame(fieldUrl(mount.channel, mount.elementId));
    const page = frame(null, [
      frame(null),
      frame(`${SERVICE}/frames/controller.html#channel=${mount.channel}&elementId=${mount.elementId}`),
      frame(fieldUrl('zzzzzz0123456789', mount.elementId)),
      frame(fieldUrl(mount.channel, 'card-2')),
      frame(fieldUrl(mount.channel, mount.elementId, 'http://127.0.0.1:4243')),
      target,
    ]);
    expect(findFieldWindow(page, where)).toBe(target);
  });

  it('finds a field in a nested frame of the page, through a cross-origin one', () => {
    const target = frame(fieldUrl(mount.channel, mount.elementId));
    const page = frame(null, [frame(null, [frame(null, [target])])]);
    expect(findFieldWindow(page, where)).toBe(target);
  });

  it('answers null when there is no such field', () => {
    expect(findFieldWindow(frame(null, [frame(null), frame(fieldUrl(mount.channel, 'card-2'))]), where)).toBeNull();
  });
});

describe('the sender of a bind', () => {
  const paths = { controller: '/frames/controller.html', elements: ['/frames/field.html', '/frames/address.html', '/frames/wallet.html'] };

  it('must be a controller frame document of the service origin', () => {
    expect(isControllerWindow(frame(`${SERVICE}/frames/controller.html#channel=x`), SERVICE, paths)).toBe(true);
    expect(isControllerWindow(frame(fieldUrl(mount.channel, 'card-2')), SERVICE, paths)).toBe(false);
    expect(isControllerWindow(frame(`${SERVICE}/pay/vp_cs_test_x`), SERVICE, paths)).toBe(false);
    expect(isControllerWindow(frame(`http://127.0.0.1:4244/frames/controller.html`), SERVICE, paths)).toBe(false);
    expect(isControllerWindow(frame(null), SERVICE, paths)).toBe(false);
    expect(isControllerWindow(null, SERVICE, paths)).toBe(false);
  });

  it('is, on an element frame page, one its hash runs as the controller', () => {
    for (const page of ['field', 'address', 'wallet']) {
      expect(isControllerWindow(frame(`${SERVICE}/frames/${page}.html#channel=x&parentOrigin=http%3A%2F%2Fshop.test&role=controller`), SERVICE, paths)).toBe(true);
    }
    // Another role, or another page with the controller's hash, or another origin's copy: not one.
    expect(isControllerWindow(frame(`${SERVICE}/frames/field.html#channel=x&role=field`), SERVICE, paths)).toBe(false);
    expect(isControllerWindow(frame(`${SERVICE}/frames/checkout.html#channel=x&role=controller`), SERVICE, paths)).toBe(false);
    expect(isControllerWindow(frame(`${SERVICE}/pay/vp_cs_test_x#role=controller`), SERVICE, paths)).toBe(false);
    expect(isControllerWindow(frame(`http://127.0.0.1:4244/frames/field.html#role=controller`), SERVICE, paths)).toBe(false);
  });
});

describe('an element frame page', () => {
  it('runs as the controller only when its hash says role=controller', () => {
    expect(runsController('#channel=x&role=controller')).toBe(true);
    expect(runsController('role=controller')).toBe(true);
    expect(runsController('#channel=x&elementId=card-1&type=card')).toBe(false);
    expect(runsController('#role=controllers')).toBe(false);
    expect(runsController('')).toBe(false);
  });
});
