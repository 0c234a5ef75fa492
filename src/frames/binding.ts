/**
 * Mount binding: which controller frame a field frame hands its card values to (issue 9;
 * ARCHITECTURE.md, trust zones).
 *
 * Threat model
 * - The attacker runs script in the merchant page (an XSS, a compromised third-party script, a
 *   rogue merchant page). It reads every iframe `src`, so it knows each mount's channel id, key
 *   and session; it can create any number of service-origin frames with any hash, post any message
 *   to them, reload, move, navigate or remove our iframes. It cannot run script in the service
 *   origin, nor read a service-origin frame's memory, nor forge a message's origin. The merchant's
 *   CSP does not help: the attacker is the page.
 * - The attack this module stops: after the buyer typed a card into a genuine field frame, the page
 *   mounts a second controller frame (our own code) on the same channel, initialised with another
 *   merchant's publishable key and session, and asks it to confirm. Before this module, the fields
 *   answered any controller's `field.collect` on the BroadcastChannel, so that controller charged
 *   the buyer's card to the attacker's session.
 * - Out of scope: a page compromised before it mounts can mount fields for the attacker's session
 *   in the first place (no embedded-fields design can tell a buyer which merchant a page belongs
 *   to); and denial of service (the page can always remove our frames).
 *
 * Design
 * - A mount is (channel, elementId, publishableKey, sessionId). The field frame reads it from its
 *   URL hash once, when it loads: the embed script wrote it at mount time, and a later change of
 *   the hash by the page is never read again.
 * - The controller frame, on its first `init`, makes a per-mount secret (32 random bytes). The
 *   secret never reaches the page: it is not in any URL, nor in any message to the page, nor on the
 *   BroadcastChannel (whose name the page knows, so any service-origin document it mounts hears
 *   it). The controller finds each field frame's window among the same-origin frames of its
 *   parent's frame tree and posts `controller.bind` (key, session, secret) to that window only,
 *   with the service origin as target, handing over one end of a new MessageChannel.
 * - The field frame accepts a bind only from a window of its own origin that is a controller frame
 *   document (isControllerWindow), only for its own channel, element, key and session, and, once
 *   bound, only from the same controller window (a reloaded controller keeps its WindowProxy and
 *   may bind again with a new secret; a second controller frame is another window and is
 *   refused). A refused bind gets no answer at all.
 * - Card values then leave the field only over that private port, only in answer to a
 *   `field.collect` that carries the secret, so only the bound controller ever sees them, and it
 *   charges only the session it was initialised with, which is the session the field is bound to.
 */
import type { ControllerBind } from '../protocol/messages.ts';

/** What a field frame is mounted for; read once from its hash. */
export interface MountBinding {
  channel: string;
  elementId: string;
  publishableKey: string;
  sessionId: string;
}

/** A fresh mount secret: 32 crypto-random bytes as 64 hex characters. */
export function newMountSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Compares two secrets in time that depends on their length only. */
export function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** A field frame's side: which bind it accepts, and whether a collect holds the secret. */
export function createFieldBinding(own: MountBinding) {
  let bound: { secret: string; controller: unknown } | null = null;
  return {
    /** True when `msg`, posted by the window `controller`, binds this field (and replaces any earlier bind of it). */
    accept(msg: ControllerBind, controller: unknown): boolean {
      const mine =
        msg.channel === own.channel &&
        msg.elementId === own.elementId &&
        msg.publishableKey === own.publishableKey &&
        msg.sessionId === own.sessionId;
      if (!mine || !controller) return false;
      if (bound && bound.controller !== controller) return false;
      bound = { secret: msg.secret, controller };
      return true;
    },
    holds: (secret: string): boolean => bound !== null && sameSecret(bound.secret, secret),
  };
}
export type FieldBinding = ReturnType<typeof createFieldBinding>;

/** The parts of a window this module reads; cross-origin reads of `location` throw. */
export interface FrameNode {
  readonly length: number;
  readonly [index: number]: FrameNode | undefined;
  readonly location: { readonly origin: string; readonly pathname: string; readonly hash: string };
}

/** The location of a same-origin window; null for a cross-origin (or gone) one. */
function locationOf(w: FrameNode): { origin: string; pathname: string; hash: string } | null {
  try {
    const { origin, pathname, hash } = w.location;
    return { origin, pathname, hash };
  } catch {
    return null;
  }
}

/**
 * Whether an element frame page runs as its group's controller rather than an element: svcpay.js
 * says so in the hash of the controller frame it mounts (embed/group.ts), on the page of an
 * element it already loaded. The page can write any hash, but it only chooses which of our own
 * code a frame runs, as it could by mounting /frames/controller.html.
 */
export const runsController = (hash: string): boolean => new URLSearchParams(hash.replace(/^#/, '')).get('role') === 'controller';

/** The path of the service's frame page `page` (`field`, `controller`…), which sits beside this frame's own. */
export const framePagePath = (page: string): string => new URL(`${page}.html`, location.href).pathname;

/** Where controller frame documents are: the controller page, and the element frame pages (run as one by their hash). */
export interface ControllerPaths {
  controller: string;
  elements: readonly string[];
}

/** For the field's listener: is the sender a controller frame document of `origin`? */
export function isControllerWindow(candidate: unknown, origin: string, paths: ControllerPaths): boolean {
  const loc = candidate && typeof candidate === 'object' && 'location' in candidate ? locationOf(candidate as FrameNode) : null;
  if (loc === null || loc.origin !== origin) return false;
  return loc.pathname === paths.controller || (paths.elements.includes(loc.pathname) && runsController(loc.hash));
}

const MAX_DEPTH = 4;
const MAX_FRAMES = 200;

/**
 * The controller's side: the window of the field frame `elementId` of `channel`, searched among
 * the frames under `root` (the merchant page; fields may sit in its nested iframes), breadth
 * first and bounded. Only same-origin documents at one of `fieldPaths` (the element frame pages) can match. The hash it reads may
 * have been changed by the page since the field loaded; that can only make the bind miss or be
 * refused by the field (which checks its own, first-read hash), never reach another frame.
 */
export function findFieldWindow(
  root: FrameNode,
  where: { origin: string; fieldPaths: readonly string[]; channel: string; elementId: string },
): FrameNode | null {
  const queue: Array<[FrameNode, number]> = [[root, 0]];
  let seen = 0;
  for (let next = queue.shift(); next && seen < MAX_FRAMES; next = queue.shift()) {
    const [w, depth] = next;
    let count = 0;
    try {
      count = w.length;
    } catch {
      count = 0;
    }
    for (let i = 0; i < count && seen < MAX_FRAMES; i++, seen++) {
      const child = w[i];
      if (!child) continue;
      const loc = locationOf(child);
      if (loc && loc.origin === where.origin && where.fieldPaths.includes(loc.pathname)) {
        const hash = new URLSearchParams(loc.hash.replace(/^#/, ''));
        if (hash.get('channel') === where.channel && hash.get('elementId') === where.elementId) return child;
      }
      if (depth + 1 < MAX_DEPTH) queue.push([child, depth + 1]);
    }
  }
  return null;
}
