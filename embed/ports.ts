/**
 * What a group (embed/group.ts) and the pieces it holds (its elements, element.ts; its controller,
 * controller.ts) need of each other. Types only, in a module of their own, so an element or the
 * controller never import the group that imports them.
 */
import type { PageToController } from '../src/protocol/messages.ts';
import type { Appearance, SvcPayElement } from './loader/types.js';

export interface GroupConfig {
  origin: string;
  pageOrigin: string;
  publishableKey: string;
  sessionId: string;
  locale?: string;
  appearance?: Appearance;
  debug?: boolean;
}

export type Body = PageToController extends infer M ? (M extends unknown ? Omit<M, 'protocol' | 'channel'> : never) : never;

/** What an element needs from its group. */
export interface GroupHost extends GroupConfig {
  channel: string;
  /** An element said `ready` or went away: once every mounted element is ready, the controller frame starts. */
  fieldReady(): void;
  post(body: Body): void;
  /** A frame did not say ready in time (READY_WAIT_MS): the group's `error` event says so. */
  loadFailed(what: string): void;
  /** The group's `error` event (an element frame that failed unexpectedly). */
  error(code: string, message: string): void;
}

/** What the group needs from an element. */
export interface ElementPort {
  element: SvcPayElement;
  isMounted(): boolean;
  /** Mounted, and its frame said `ready`. */
  isReady(): boolean;
}
