/**
 * The tests Stryker runs against the log scrubber's mutants (stryker.scrubber.config.mjs): its own
 * unit tests and the route tests that read log lines or stored client-error reports.
 */
import { defineConfig } from 'vitest/config';
import server from './vitest.stryker.config.ts';

export default defineConfig({
  ...server,
  test: {
    ...server.test,
    // Isolated: this run tests static mutants (the scrubber's patterns and name lists), whose values
    // are fixed when log.ts is first evaluated, so every run must import it afresh.
    isolate: true,
    // Replaces the server list (mergeConfig would append to it).
    include: [
      'src/server/log.test.ts',
      'src/server/log-digits.test.ts',
      'src/server/scenarios/checkout/client-error-intake.test.ts',
      'src/server/scenarios/telemetry/telemetry.test.ts',
      'src/server/scenarios/public/public.test.ts',
      'src/server/scenarios/checkout/checkout.test.ts',
    ],
  },
});
