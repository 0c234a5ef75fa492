/**
 * End-to-end flows in real Chromium against one reference server started by the global setup
 * (e2e/fixtures/global-setup.ts). No retries: a flaky flow is a bug to fix, not to hide.
 */
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/fixtures/browser.ts';

export default defineConfig({
  testDir: 'e2e/tests',
  // The PostgreSQL run (npm run e2e:postgres) replays one flow of each way a buyer pays, and what
  // follows it (webhooks, mirroring, faults, a provider of each kind), against two instances on one
  // database: what the SQLite run cannot show. Everything else renders or behaves the same whatever
  // stores the data (the gallery, the design and axe scans, languages, the frames' sizing and
  // typing, each provider's every path), and the engine runs on PostgreSQL in unit:postgres: the
  // SQLite run alone covers it, as it covers the variants of a flow (the bank check's outcomes, the
  // card element's every confirm path), whose engine logic unit:postgres runs on PostgreSQL.
  // Replaying the whole suite took CI past its 30 minutes.
  ...(process.env.SVCPAY_E2E_BACKEND === 'postgres'
    ? {
        testMatch: [
          'hosted/pay-success.spec.ts',
          'hosted/decline-then-success.spec.ts',
          'hosted/setup-save-card.spec.ts',
          'hosted/buyer-details-before-charge.spec.ts',
          'embed/card-success.spec.ts',
          'embed/card-decline-retry.spec.ts',
          'embed/processing.spec.ts',
          'elements/address-element.spec.ts',
          'webhooks/charge-and-refund.spec.ts',
          'mirroring/store-order.spec.ts',
          'qa/faults.spec.ts',
          'qa/challenge.spec.ts',
          'qa/split-fields.spec.ts',
          'providers/stripe-hosted.spec.ts',
          'providers/braintree-dropin.spec.ts',
        ].map((f) => `**/${f}`),
      }
    : {}),
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
    // No trace by default: recording one (screenshots and DOM snapshots of every action, kept only
    // on failure) cost a third of the suite's time on two cores, every run, for a file CI never
    // shows. To see a failing flow step by step, run it again with `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
