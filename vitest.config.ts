import { defineConfig } from 'vitest/config';
import preact from '@preact/preset-vite';

export default defineConfig({
  plugins: [preact()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'sandbox-processor/**/*.test.{ts,tsx}', 'embed/**/*.test.{ts,tsx}', 'hosted-page/**/*.test.{ts,tsx}', 'demo/**/*.test.{ts,tsx}', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/locales/test-setup.ts', 'src/server/routes/contract/test-setup.ts'],
    // Every answer a test receives, checked against the published contract at the end (issue 35).
    globalSetup: ['scripts/contract/answers-global.ts'],
    // 2 cores: keep the pool small so unit tests leave room for the machine.
    maxWorkers: 2,
    // One module graph per worker, not per file: importing the app once per worker rather than once
    // per file halves the unit run (CI budget). A file that mocks a module loads it again itself.
    isolate: false,
    // A limit for a hung test, not a speed check (speed is `npm run bench`'s): on a loaded CI machine
    // a route test that starts a server can take more than vitest's default 5 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
