/**
 * The key buyer flows on three engines (npm run e2e:engines, e2e/engines/): Chromium, Firefox ESR
 * and WebKitGTK from Debian, one after another. Serial and with browser-sized time limits: the
 * browsers, the server and the runner share two cores.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/engines/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // A flaky flow is a bug to fix, not to hide (as in the Playwright suite).
    retry: 0,
    reporters: ['verbose'],
  },
});
