/**
 * `oneAtATime(pass)`: a worker pass that never runs twice at once. A call while a pass runs gets
 * the next pass, which every caller until it starts shares, so any number of wake-ups during a
 * pass cost one more pass, not one each. The returned promise settles with a pass that started
 * after the call: whatever was written before the call is seen by it.
 */
export function oneAtATime<T>(pass: () => Promise<T>): () => Promise<T> {
  let queued: Promise<T> | null = null;
  let tail: Promise<unknown> = Promise.resolve();
  return () => {
    if (queued) return queued;
    const next = tail.then(() => {
      queued = null;
      return pass();
    });
    queued = next;
    tail = next.catch(() => undefined);
    return next;
  };
}
