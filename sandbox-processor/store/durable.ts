/**
 * Group commit for the processor's answers. The database runs WAL with `synchronous=NORMAL`:
 * a commit reaches the operating system (it survives the process being killed) but is not
 * flushed to disk one by one. Before the processor answers a request that wrote, it waits for
 * this barrier: one `fsync` of the WAL file, off the event loop, covers every commit made since
 * the last one. So an answer the processor gives is on disk (as with `synchronous=FULL`), and
 * fifty concurrent charges share one flush instead of queueing fifty on the main thread
 * (`bench/profile-api.ts --op charge --store file` showed better-sqlite3's synchronous fsync as
 * the largest cost).
 *
 * SQLite keeps the WAL file in place (checkpoints rewrite it from the start; they flush the WAL
 * and the database themselves), so a descriptor opened once stays the file's.
 */
import { open, type FileHandle } from 'node:fs/promises';

export interface Durability {
  /** Resolves once every commit made before the call is on disk. */
  barrier(): Promise<void>;
  close(): Promise<void>;
}

/** For `:memory:`: nothing to flush. */
export const noDurability: Durability = { barrier: async () => undefined, close: async () => undefined };

export function walDurability(dbPath: string): Durability {
  let handle: FileHandle | null = null;
  let pending: Promise<void> | null = null;
  let closed = false;

  const flush = async () => {
    if (closed) return;
    if (!handle) {
      try {
        handle = await open(`${dbPath}-wal`, 'r');
      } catch (err) {
        // No WAL file yet: nothing was ever committed, so nothing waits to be flushed.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
    }
    await handle.sync();
  };

  return {
    barrier() {
      // Calls made while a flush is being scheduled share it; a call made once it has started
      // waits for the next one (its commit may have come after the flush began).
      if (pending) return pending;
      pending = new Promise<void>((resolve, reject) => {
        setImmediate(() => {
          pending = null;
          flush().then(resolve, reject);
        });
      });
      return pending;
    },
    async close() {
      closed = true;
      await handle?.close();
    },
  };
}
