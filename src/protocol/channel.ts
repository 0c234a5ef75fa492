/**
 * The only way svcpay code sends or receives a cross-frame message (STYLE.md habit 2).
 *
 * Receiving checks, in this order: the sender's origin, the sender's window, the message shape
 * (parsed by the direction's schema) and the channel id. Anything that fails is dropped silently:
 * a merchant page receives messages from many scripts, so a drop is normal and only worth a debug
 * line. Sending validates the message first (`send`; `post` leaves that to the receiver) and
 * refuses the wildcard target origin.
 *
 * This module imports no runtime code, zod included: the schema is anything with `safeParse`, so
 * the script-tag bundle (6 KB budget) can pass a hand-rolled validator and still go through here.
 */

/** The part of a zod schema the channel needs; a hand-rolled validator can satisfy it too. */
export interface Parser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error?: unknown };
}

export type DropReason = 'origin' | 'source' | 'shape' | 'channel';

let debugLog = false;

/** Turns the drop log on (`console.debug`) or off; frames do it when their hash has `debug=1`. */
export function setChannelDebug(on: boolean): void {
  debugLog = on;
}

/** Logs the drop (when debugging) naming the message without printing its contents, and tells `onDrop`. */
function drop(reason: DropReason, event: MessageEvent, onDrop?: (reason: DropReason) => void): void {
  if (debugLog) console.debug(`[svcpay] dropped message (${reason}) from ${event.origin || 'port'}: ${describe(event.data)}`);
  onDrop?.(reason);
}

/** The listener side of `window` (a real window, or a fake one in tests). */
export interface MessageTarget {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * Which window may talk to us: the one `source()` names, read at each message (an iframe's
 * `contentWindow` exists only once it is attached, and a reloaded frame is still the same
 * WindowProxy); or, for a peer of our own origin found at run time, any window `sourceTest` accepts.
 */
export type SourceCheck =
  | { source: () => MessageEventSource | null | undefined; sourceTest?: never }
  | { sourceTest: (candidate: MessageEventSource) => boolean; source?: never };

export type ListenOptions<T> = SourceCheck & {
  /** The one origin allowed to talk to us, e.g. `http://localhost:4242`. */
  origin: string;
  schema: Parser<T>;
  /** When set, a parsed message must carry this `channel` (one `elements` group each). */
  channel?: string;
  onMessage(msg: T, event: MessageEvent): void;
  /** Observes drops; for tests and diagnostics, never for acting on untrusted data. */
  onDrop?(reason: DropReason): void;
};

export function listen<T>(target: MessageTarget, opts: ListenOptions<T>): () => void {
  const handler = (event: MessageEvent): void => {
    const from = event.source;
    let parsed: ReturnType<Parser<T>['safeParse']> | undefined;
    // In order: origin, window, shape, channel; the shape is read only from the expected window.
    const reason: DropReason | null =
      event.origin !== opts.origin
        ? 'origin'
        : from === null || !(opts.sourceTest ? opts.sourceTest(from) : from === opts.source())
          ? 'source'
          : !(parsed = opts.schema.safeParse(event.data)).success
            ? 'shape'
            : opts.channel !== undefined && (parsed.data as { channel?: unknown } | null)?.channel !== opts.channel
              ? 'channel'
              : null;
    if (reason) drop(reason, event, opts.onDrop);
    else opts.onMessage((parsed as { data: T }).data, event);
  };
  target.addEventListener('message', handler);
  return () => target.removeEventListener('message', handler);
}

/** The posting side of a window. */
export interface PostTarget {
  postMessage(message: unknown, targetOrigin: string, transfer?: Transferable[]): void;
}

/**
 * Posts `msg` to `target`, only to `targetOrigin`. An invalid message or target origin is a
 * programming mistake in our own code, so it throws instead of posting something the other side
 * would drop anyway.
 */
export function send<T>(target: PostTarget, targetOrigin: string, schema: Parser<T>, msg: T, transfer?: Transferable[]): void {
  assertOrigin(targetOrigin);
  const parsed = schema.safeParse(msg);
  if (!parsed.success) throw new TypeError(`svcpay: refusing to send an invalid message (${describe(msg)})`);
  if (transfer) target.postMessage(parsed.data, targetOrigin, transfer);
  else target.postMessage(parsed.data, targetOrigin);
}

/**
 * Posts `msg` to `target`, only to `targetOrigin` (never `*`), without checking its shape: for the
 * script-tag bundle, which cannot afford to carry a parser for what it sends. The receiving frame
 * checks every message anyway (that is the security check); the sender's check only ever caught
 * our own bugs, which the type `T` catches at build time.
 */
export function post<T>(target: PostTarget, targetOrigin: string, msg: T): void {
  assertOrigin(targetOrigin);
  target.postMessage(msg, targetOrigin);
}

/** True for a single concrete http(s) origin (no `*`, no path, no `null`). */
export function isHttpOrigin(origin: string): boolean {
  try {
    const u = new URL(origin);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === origin;
  } catch {
    return false;
  }
}

/** Throws unless `origin` is a single concrete http(s) origin. */
export function assertOrigin(origin: string): void {
  // `*` (anyone) included: it is not an origin.
  if (!isHttpOrigin(origin)) throw new TypeError(`svcpay: never post to "${origin}": not an origin`);
}

/** Channel ids name a BroadcastChannel and travel in URL hashes, so keep them plain. */
export const CHANNEL_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The BroadcastChannel that joins one controller frame to its field frames. */
export interface Bus<Out> {
  post(msg: Out): void;
  close(): void;
}

export interface BusOptions<In, Out> {
  /** What this side accepts (e.g. FieldToController in the controller). */
  receive: Parser<In>;
  /** What this side may post (e.g. ControllerToField in the controller). */
  send: Parser<Out>;
  onMessage(msg: In): void;
  onDrop?(reason: DropReason): void;
  /** For tests: a BroadcastChannel constructor (defaults to the global one). */
  BroadcastChannel?: new (name: string) => BroadcastChannelLike;
}

export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/**
 * Opens `svcpay:<channel>`. A BroadcastChannel only reaches documents of the same origin (and, in
 * browsers that partition storage, the same top-level site); the origin/source checks of `listen`
 * have no equivalent to make. But every service-origin document that knows the channel id hears
 * it, and the page knows it: announcements only here, card values only on a bound port (openPort).
 */
export function openBus<In, Out>(channel: string, opts: BusOptions<In, Out>): Bus<Out> {
  if (!CHANNEL_ID.test(channel)) throw new TypeError('svcpay: invalid channel id');
  const Ctor = opts.BroadcastChannel ?? globalThis.BroadcastChannel;
  // A BroadcastChannel has a MessagePort's surface: one wrapper serves both.
  return openPort(new Ctor(`svcpay:${channel}`), opts);
}

/** One end of a MessageChannel, or a BroadcastChannel: the same surface. */
export type PortLike = BroadcastChannelLike;

export type PortOptions<In, Out> = Omit<BusOptions<In, Out>, 'BroadcastChannel'>;

/**
 * Talks over one end of a MessageChannel: a private line between two frames, which nobody else
 * can hear or post to (unlike the bus). The other end was handed over with a checked
 * `controller.bind` (src/frames/binding.ts), so no origin check remains to make; shapes still are.
 */
export function openPort<In, Out>(port: PortLike, opts: PortOptions<In, Out>): Bus<Out> {
  // Assigning onmessage starts the port, so messages queued before this are delivered now.
  port.onmessage = (event: MessageEvent) => {
    const parsed = opts.receive.safeParse(event.data);
    if (!parsed.success) return drop('shape', event, opts.onDrop);
    opts.onMessage(parsed.data);
  };
  return {
    post(msg) {
      const parsed = opts.send.safeParse(msg);
      if (!parsed.success) throw new TypeError(`svcpay: refusing to send an invalid message (${describe(msg)})`);
      port.postMessage(parsed.data);
    },
    close() {
      port.onmessage = null;
      port.close();
    },
  };
}

/** Names a message for the debug log without printing its contents (they may be anything). */
function describe(data: unknown): string {
  const type = (data as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? `type ${type.slice(0, 40)}` : typeof data;
}
