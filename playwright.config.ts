/**
 * End-to-end flows in real Chromium against one reference server started by the global setup
 * (e2e/fixtures/global-setup.ts). No retries: a flaky flow is a bug to fix, not to hide.
 */
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/fixtures/browser.ts';

export default defineConfig({
  testDir: 'e2e/tests',
  // The PostgreSQL run (npm run e2e:postgres) is for the flows that reach the service's database;
  // the component gallery is static pages of the demo shop, the same on either backend, and its
  // screenshots and axe scans are a fifth of the run: the SQLite run covers it, as it covers the
  // designer's measurements (design/) and the axe and keyboard scans (a11y/), which read no data.
  testIgnore: process.env.SVCPAY_E2E_BACKEND === 'postgres' ? ['gallery/**', 'design/**', 'a11y/**'] : [],
  fullyParallel: true,
  // Two cores: the server, two browsers and the runner already share them.
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  globalSetup: './e2e/fixtures/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: chromiumLaunchOptions(),
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
