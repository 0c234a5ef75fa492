/**
 * Test helper: a message target that tests drive by hand, so a listener's origin and source
 * checks can be exercised with any origin and any window.
 */
import type { MessageTarget } from './channel.ts';

export function fakeMessageTarget() {
  let listeners: ((e: MessageEvent) => void)[] = [];
  const target: MessageTarget = {
    addEventListener: (_type, l) => void listeners.push(l),
    removeEventListener: (_type, l) => void (listeners = listeners.filter((x) => x !== l)),
  };
  return {
    target,
    /** Delivers a message as the browser would, from `origin` and `source`. */
    dispatch(data: unknown, origin: string, source: unknown) {
      for (const l of [...listeners]) l({ data, origin, source } as MessageEvent);
    },
    reset() {
      listeners = [];
    },
  };
}
