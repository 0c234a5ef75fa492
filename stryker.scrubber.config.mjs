// @ts-check
/**
 * The log scrubber's own mutation run (second half of `npm run mutation`). Every request writes
 * an access line through it, so under the main run each of its mutants would be covered by every
 * server test; here only the tests that check what reaches the log and the stored client errors
 * run (vitest.stryker-scrubber.config.ts).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
import base from './stryker.config.mjs';

export default {
  ...base,
  mutate: ['src/server/log.ts'],
  // The scrubber's rules are mostly module-level patterns and name lists (static mutants); with
  // four test files a static mutant costs seconds here, so they are tested too.
  ignoreStatic: false,
  vitest: { configFile: 'vitest.stryker-scrubber.config.ts', related: true },
  // Its own sandbox folder, so the two halves can run side by side.
  tempDirName: '.stryker-tmp-scrubber',
  incrementalFile: 'reports/stryker-scrubber-incremental.json',
  htmlReporter: { fileName: 'reports/mutation-scrubber/index.html' },
  jsonReporter: { fileName: 'reports/mutation-scrubber/mutation.json' },
};
