import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertOrigin, listen, openBus, openPort, post, send, setChannelDebug, type DropReason, type MessageTarget } from './channel.ts';
import { BoundFieldToController, ControllerBind, ControllerToBoundField, ControllerToField, ControllerToPage, FieldToController, PROTOCOL } from './messages.ts';

const SERVICE = 'http://localhost:4242';
const CHANNEL = 'chan_0123456789';

/** A window stand-in: records listeners and lets a test deliver MessageEvent-like objects. */
function fakeWindow() {
  const listeners = new Set<(e: MessageEvent) => void>();
  const target: MessageTarget = {
    addEventListener: (_t, l) => void listeners.add(l),
    removeEventListener: (_t, l) => void listeners.delete(l),
  };
  const deliver = (init: { origin: string; source: unknown; data: unknown }) => {
    for (const l of listeners) l(init as unknown as MessageEvent);
  };
  return { target, deliver, listeners };
}

const ready = { protocol: PROTOCOL, type: 'controller.ready', channel: CHANNEL };

function setup() {
  const win = fakeWindow();
  const controllerWindow = {};
  const onMessage = vi.fn();
  const drops: DropReason[] = [];
  const stop = listen(win.target, {
    origin: SERVICE,
    source: () => controllerWindow as MessageEventSource,
    schema: ControllerToPage,
    channel: CHANNEL,
    onMessage,
    onDrop: (r) => drops.push(r),
  });
  return { ...win, controllerWindow, onMessage, drops, stop };
}

describe('listen', () => {
  it('delivers a well-formed message from the expected origin, window and channel', () => {
    const t = setup();
    t.deliver({ origin: SERVICE, source: t.controllerWindow, data: ready });
    expect(t.onMessage).toHaveBeenCalledOnce();
    expect(t.onMessage.mock.calls[0]?.[0]).toEqual(ready);
    expect(t.drops).toEqual([]);
  });

  it('drops a message from another origin', () => {
    const t = setup();
    t.deliver({ origin: 'http://evil.test', source: t.controllerWindow, data: ready });
    t.deliver({ origin: 'http://localhost:4243', source: t.controllerWindow, data: ready });
    expect(t.onMessage).not.toHaveBeenCalled();
    expect(t.drops).toEqual(['origin', 'origin']);
  });

  it('drops a message from another window of the right origin', () => {
    const t = setup();
    t.deliver({ origin: SERVICE, source: {}, data: ready });
    t.deliver({ origin: SERVICE, source: null, data: ready });
    expect(t.onMessage).not.toHaveBeenCalled();
    expect(t.drops).toEqual(['source', 'source']);
  });

  it('drops everything while the expected window does not exist yet', () => {
    const win = fakeWindow();
    const onMessage = vi.fn();
    listen(win.target, { origin: SERVICE, source: () => null, schema: ControllerToPage, onMessage });
    win.deliver({ origin: SERVICE, source: null, data: ready });
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('drops a message for another channel', () => {
    const t = setup();
    t.deliver({ origin: SERVICE, source: t.controllerWindow, data: { ...ready, channel: 'other_channel_1' } });
    expect(t.onMessage).not.toHaveBeenCalled();
    expect(t.drops).toEqual(['channel']);
  });

  it('drops a message of the wrong shape', () => {
    const t = setup();
    const bad = [
      'controller.ready',
      null,
      { ...ready, protocol: 'svcpay/0' },
      { ...ready, type: 'controller.gone' },
      { ...ready, extra: 'card number smuggled in' },
      { protocol: PROTOCOL, type: 'confirm.result', channel: CHANNEL, requestId: 'r1', result: { status: 'ok' } },
    ];
    for (const data of bad) t.deliver({ origin: SERVICE, source: t.controllerWindow, data });
    expect(t.onMessage).not.toHaveBeenCalled();
    expect(t.drops).toEqual(bad.map(() => 'shape'));
  });

  it('logs drops only when debugging, naming the reason and type but never the contents', () => {
    const log = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const t = setup();
    const smuggled = { ...ready, extra: '5555555555554444' };
    t.deliver({ origin: SERVICE, source: t.controllerWindow, data: smuggled });
    expect(log).not.toHaveBeenCalled();
    setChannelDebug(true);
    let calls: unknown[][];
    try {
      t.deliver({ origin: SERVICE, source: t.controllerWindow, data: smuggled });
      t.deliver({ origin: 'http://evil.test', source: t.controllerWindow, data: '5555555555554444' });
    } finally {
      setChannelDebug(false);
      calls = log.mock.calls.slice();
      log.mockRestore();
    }
    expect(calls.map((c) => String(c[0]))).toEqual([
      expect.stringMatching(/dropped message \(shape\).*type controller\.ready/),
      expect.stringMatching(/dropped message \(origin\) from http:\/\/evil\.test/),
    ]);
    expect(JSON.stringify(calls)).not.toContain('55554444');
    expect(t.onMessage).not.toHaveBeenCalled();
  });

  it('stops delivering after unsubscribe', () => {
    const t = setup();
    t.stop();
    t.deliver({ origin: SERVICE, source: t.controllerWindow, data: ready });
    expect(t.onMessage).not.toHaveBeenCalled();
    expect(t.listeners.size).toBe(0);
  });
});

describe('send', () => {
  const target = () => ({ postMessage: vi.fn() });

  it('posts a valid message to the named origin', () => {
    const t = target();
    send(t, SERVICE, ControllerToPage, ready as ControllerToPage);
    expect(t.postMessage).toHaveBeenCalledWith(ready, SERVICE);
  });

  it('refuses "*" and anything that is not a single origin', () => {
    const t = target();
    for (const origin of ['*', '/', '', 'null', 'http://localhost:4242/path', 'javascript:alert(1)', 'localhost:4242']) {
      expect(() => send(t, origin, ControllerToPage, ready as ControllerToPage), origin).toThrow(TypeError);
    }
    expect(t.postMessage).not.toHaveBeenCalled();
  });

  it('refuses an invalid message', () => {
    const t = target();
    const bad = { ...ready, type: 'nope' } as unknown as ControllerToPage;
    expect(() => send(t, SERVICE, ControllerToPage, bad)).toThrow(/invalid message/);
    expect(t.postMessage).not.toHaveBeenCalled();
  });

  it('accepts concrete http and https origins', () => {
    expect(() => assertOrigin('https://shop.example.com')).not.toThrow();
    expect(() => assertOrigin('http://127.0.0.1:4244')).not.toThrow();
  });
});

describe('post (unchecked shape, checked origin)', () => {
  it('posts to the named origin only, and refuses "*" or anything that is not a single origin', () => {
    const t = { postMessage: vi.fn() };
    post(t, SERVICE, ready);
    expect(t.postMessage).toHaveBeenCalledWith(ready, SERVICE);
    for (const origin of ['*', '', 'null', 'http://localhost:4242/path', 'localhost:4242']) {
      expect(() => post(t, origin, ready), origin).toThrow(TypeError);
    }
    expect(t.postMessage).toHaveBeenCalledTimes(1);
  });
});

describe('listen with a source test', () => {
  const bind = {
    protocol: PROTOCOL,
    type: 'controller.bind',
    channel: CHANNEL,
    elementId: 'e1',
    publishableKey: 'vp_pk_test_abc',
    sessionId: 'cs_1',
    secret: 'a'.repeat(64),
  } as const;

  it('takes any window the test accepts, and still checks the origin first', () => {
    const win = fakeWindow();
    const accepted = { kind: 'controller' };
    const onMessage = vi.fn();
    const drops: DropReason[] = [];
    const sourceTest = vi.fn((w: MessageEventSource) => w === (accepted as unknown as MessageEventSource));
    listen(win.target, { origin: SERVICE, sourceTest, schema: ControllerBind, onMessage, onDrop: (r) => drops.push(r) });
    win.deliver({ origin: SERVICE, source: accepted, data: bind });
    win.deliver({ origin: SERVICE, source: { kind: 'other' }, data: bind });
    win.deliver({ origin: SERVICE, source: null, data: bind });
    win.deliver({ origin: 'http://127.0.0.1:4244', source: accepted, data: bind });
    expect(onMessage).toHaveBeenCalledOnce();
    expect(drops).toEqual(['source', 'source', 'origin']);
    // The test never ran on the other origin's message: it may read the sender's location.
    expect(sourceTest).toHaveBeenCalledTimes(2);
  });
});

describe('send with a transfer', () => {
  it('hands the transferables over with the message', () => {
    const postMessage = vi.fn();
    const { port1, port2 } = new MessageChannel();
    const bind = { protocol: PROTOCOL, type: 'controller.bind', channel: CHANNEL, elementId: 'e1', publishableKey: 'vp_pk_test_abc', sessionId: 'cs_1', secret: 'a'.repeat(64) } as const;
    send({ postMessage }, SERVICE, ControllerBind, bind, [port2]);
    expect(postMessage).toHaveBeenCalledWith(bind, SERVICE, [port2]);
    port1.close();
    port2.close();
  });
});

describe('openPort', () => {
  it('carries valid messages between the two ends of a MessageChannel and drops invalid ones', async () => {
    const { port1, port2 } = new MessageChannel();
    const drops: DropReason[] = [];
    const atField = vi.fn();
    const atController = vi.fn();
    const controller = openPort(port1, { receive: BoundFieldToController, send: ControllerToBoundField, onMessage: atController });
    const field = openPort(port2, { receive: ControllerToBoundField, send: BoundFieldToController, onMessage: atField, onDrop: (r) => drops.push(r) });
    try {
      const collect = { protocol: PROTOCOL, type: 'field.collect', requestId: 'r1', secret: 'a'.repeat(64) } as const;
      port1.postMessage({ protocol: PROTOCOL, type: 'field.collect', requestId: 'r0' });
      controller.post(collect);
      await vi.waitFor(() => expect(atField).toHaveBeenCalledOnce());
      expect(atField).toHaveBeenCalledWith(collect);
      expect(drops).toEqual(['shape']);
      const values = { protocol: PROTOCOL, type: 'field.values', elementId: 'e1', requestId: 'r1', valid: true, values: { cvc: '123' } } as const;
      field.post(values);
      await vi.waitFor(() => expect(atController).toHaveBeenCalledWith(values));
      expect(() => controller.post({ protocol: PROTOCOL, type: 'field.collect', requestId: 'r2' } as never)).toThrow(TypeError);
    } finally {
      controller.close();
      field.close();
    }
  });
});

describe('openBus', () => {
  const opened: Array<{ close(): void }> = [];
  afterEach(() => {
    for (const b of opened.splice(0)) b.close();
  });

  it('carries valid messages between two ends of svcpay:<channel> and drops invalid ones', async () => {
    const got = vi.fn();
    const drops: DropReason[] = [];
    const controller = openBus(CHANNEL, { receive: FieldToController, send: ControllerToField, onMessage: got, onDrop: (r) => drops.push(r) });
    const field = openBus(CHANNEL, { receive: ControllerToField, send: FieldToController, onMessage: () => {} });
    const raw = new BroadcastChannel(`svcpay:${CHANNEL}`);
    opened.push(controller, field, raw);

    const hello = { protocol: PROTOCOL, type: 'field.hello', elementId: 'el1', elementType: 'card' } as const;
    field.post(hello);
    raw.postMessage({ protocol: PROTOCOL, type: 'field.values', elementId: 'el1', requestId: 'r', valid: true, values: { number: 'x' } });
    await vi.waitFor(() => expect(drops).toEqual(['shape']));
    expect(got).toHaveBeenCalledWith(hello);
    expect(got).toHaveBeenCalledOnce();
  });

  it('does not hear another channel', async () => {
    const got = vi.fn();
    const a = openBus(CHANNEL, { receive: FieldToController, send: ControllerToField, onMessage: got });
    const b = openBus('other_channel_1', { receive: ControllerToField, send: FieldToController, onMessage: () => {} });
    const c = openBus(CHANNEL, { receive: ControllerToField, send: FieldToController, onMessage: () => {} });
    opened.push(a, b, c);
    b.post({ protocol: PROTOCOL, type: 'field.hello', elementId: 'other', elementType: 'card' });
    c.post({ protocol: PROTOCOL, type: 'field.hello', elementId: 'mine', elementType: 'card' });
    await vi.waitFor(() => expect(got).toHaveBeenCalledOnce());
    expect(got.mock.calls[0]?.[0]).toMatchObject({ elementId: 'mine' });
  });

  it('refuses to post an invalid message and refuses a bad channel id', () => {
    const a = openBus(CHANNEL, { receive: FieldToController, send: ControllerToField, onMessage: () => {} });
    opened.push(a);
    expect(() => a.post({ protocol: PROTOCOL, type: 'field.busy' } as unknown as ControllerToField)).toThrow(TypeError);
    expect(() => openBus('short', { receive: FieldToController, send: ControllerToField, onMessage: () => {} })).toThrow(TypeError);
  });
});
