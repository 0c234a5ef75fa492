/** Builds the dependency set from a config: store, clock, processors, logger, signer, limiter. */
import { Clock } from './clock.ts';
import type { Deps } from './context.ts';
import type { Config } from './env.ts';
import { redirectSigner } from './engine/redirect.ts';
import { createLogger, type Logger } from './log.ts';
import { MemoryRateLimiter } from './middleware/rate-limit-memory.ts';
import { SandboxProcessor } from './processors/sandbox/processor.ts';
import { sandboxRepo } from './store/sqlite/sandbox.ts';
import { createStore } from './store/index.ts';

export async function buildDeps(config: Config, log: Logger = createLogger(config.log)) {
  const store = createStore(config.dataPath);
  const clock = await Clock.load({
    readOffset: async () => Number((await store.read.meta.get('clock_offset_ms')) ?? 0),
    writeOffset: (ms) => store.tx((r) => r.meta.set('clock_offset_ms', String(ms))),
  });
  const db = store.db;
  const sandbox = new SandboxProcessor(sandboxRepo(db), clock, config.processorUrl, (fn) => db.transaction(fn).immediate());
  const deps: Deps = {
    config,
    clock,
    store,
    log,
    signer: await redirectSigner(store),
    limiter: new MemoryRateLimiter(),
    // Other adapters (card_element, hosted_fields, ...) arrive with their issues; until then the
    // sandbox processor stands in for them, as Doc 3 allows for every sandbox merchant.
    processorFor: (kind) => (kind === 'none' ? null : sandbox),
  };
  return { deps, sandbox, store };
}
