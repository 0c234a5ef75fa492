/**
 * The sandbox processor as one unit: its own database, its rules and its HTTP app. The service
 * starts it beside itself and reaches it only over HTTP, through its adapter
 * (src/server/processors/sandbox/adapter.ts), as it would a real provider.
 */
import { openDb, processorDataPath } from './store/db.ts';
import { processorRepo } from './store/repo.ts';
import { SandboxProcessorCore } from './processor.ts';
import { sandboxProcessorApp, type ProcessorAppOptions } from './server/app.ts';

export { processorDataPath };

export interface SandboxProcessorOptions extends Omit<ProcessorAppOptions, 'core'> {
  /** Its own SQLite file (or `:memory:`), never the service's. */
  dataPath: string;
  now?: () => Date;
}

export function createSandboxProcessor(opts: SandboxProcessorOptions) {
  const db = openDb(opts.dataPath);
  const core = new SandboxProcessorCore(processorRepo(db), opts.now ?? (() => new Date()), (fn) => db.transaction(fn).immediate());
  const app = sandboxProcessorApp({ ...opts, core });
  return { app, db, close: () => db.close() };
}
export type SandboxProcessor = ReturnType<typeof createSandboxProcessor>;
