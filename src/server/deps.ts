/** Builds the dependency set from a config: store, clock, processors, logger, signer. */
import { Clock } from './clock.ts';
import type { Deps } from './context.ts';
import type { Config } from './env.ts';
import { redirectSigner } from './engine/redirect.ts';
import { createLogger, type Logger } from './log.ts';
import { SandboxProcessor } from './processors/sandbox/processor.ts';
import { createStore } from './store/index.ts';

export function buildDeps(config: Config, log: Logger = createLogger(config.log)) {
  const store = createStore(config.dataPath);
  const clock = new Clock({
    readOffset: () => Number(store.meta.get('clock_offset_ms') ?? 0),
    writeOffset: (ms) => store.meta.set('clock_offset_ms', String(ms)),
  });
  const sandbox = new SandboxProcessor(store.sandbox, clock, config.processorUrl, store.tx);
  const deps: Deps = {
    config,
    clock,
    store,
    log,
    signer: redirectSigner(store.meta),
    // Other adapters (card_element, hosted_fields, ...) arrive with their issues; until then the
    // sandbox processor stands in for them, as Doc 3 allows for every sandbox merchant.
    processorFor: (kind) => (kind === 'none' ? null : sandbox),
  };
  return { deps, sandbox };
}
