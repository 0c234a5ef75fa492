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

/**
 * `oneAtATimePer(pass)`: `oneAtATime` with one lane per store (`deps.store`), for the workers whose
 * passes every trigger of one store shares (the route's kick, the scheduler, `/_sandbox/clock`)
 * while another store's (a test's own app) never waits on them.
 */
export function oneAtATimePer<D extends { store: object }, T>(pass: (deps: D) => Promise<T>): (deps: D) => Promise<T> {
  const lanes = new WeakMap<object, () => Promise<T>>();
  return (deps) => {
    let lane = lanes.get(deps.store);
    if (!lane) lanes.set(deps.store, (lane = oneAtATime(() => pass(deps))));
    return lane();
  };
}

/**
 * `drainDue(due, handle, counts)`: one worker pass over an outbox. Handles every row `due` answers,
 * a batch at a time, until a batch comes back short, and counts what each handling answered (null
 * counts nothing). A row whose handling throws goes to `onError` (nothing counted) when given, and
 * ends the pass otherwise.
 */
export async function drainDue<R extends { id: string }, K extends string>(
  due: (limit: number) => Promise<R[]>,
  handle: (row: R) => Promise<K | null>,
  counts: Record<K, number>,
  opts: { batch?: number; onError?: (row: R, err: unknown) => void } = {},
): Promise<Record<K, number>> {
  const batch = opts.batch ?? 50;
  for (;;) {
    const rows = await due(batch);
    for (const row of rows) {
      const onError = opts.onError;
      const done = onError ? await handle(row).catch((err: unknown) => (onError(row, err), null)) : await handle(row);
      if (done !== null) counts[done]++;
    }
    if (rows.length < batch) return counts;
  }
}
