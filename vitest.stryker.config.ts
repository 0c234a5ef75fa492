/**
 * The unit tests Stryker runs against each mutant (stryker.config.mjs). Only the server's tests and
 * those of src/platform (the redirect signature): every mutated module is server code, so the
 * browser tests (happy-dom) can kill none of them.
 * The durability tests (durability.test.ts, engine/mirror/store-orders-kill.test.ts) spawn server processes and kill them; it takes seconds per run and
 * Stryker's instrumented sandbox would have to be what those processes load, so it stays out.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/server/**/*.test.ts', 'src/platform/**/*.test.ts'],
    exclude: ['src/server/durability.test.ts', 'src/server/engine/mirror/store-orders-kill.test.ts', '**/node_modules/**'],
    environment: 'node',
    setupFiles: ['src/locales/test-setup.ts'],
    // With static mutants ignored, Stryker switches every mutant on at run time, so modules need not
    // be reloaded between test files: a run imports the app once instead of once per file (27 s
    // down to 3 s). A run that tests static mutants needs `isolate: true` (the scrubber's does).
    isolate: false,
    // Stryker runs its own workers (`concurrency`); one vitest worker each keeps the machine free.
    maxWorkers: 1,
    // As the unit run's (vitest.config.ts): a limit for a hung test, not a speed check. With vitest's
    // 5 s, a loaded machine failed Stryker's initial run on a two-instance reconcile test.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
