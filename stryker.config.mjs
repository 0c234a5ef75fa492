// @ts-check
/**
 * Mutation testing of the rules that guard money and card data (`npm run mutation`): the money
 * path, auth, origin and control checks, rate limits and idempotency; the log scrubber has its
 * own run (stryker.scrubber.config.mjs), because every request logs: against the whole suite
 * each of its mutants would run all 270 server tests, where four files test what it masks. Too slow
 * for `npm test` and CI; run it after changing one of these modules or their tests. Incremental:
 * a rerun only tests mutants whose code or covering tests changed (`reports/`, gitignored).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.stryker.config.ts', related: true },
  mutate: [
    'src/server/middleware/idempotency.ts',
    'src/server/engine/idempotency.ts',
    'src/server/middleware/auth.ts',
    'src/server/middleware/origin.ts',
    'src/server/middleware/control.ts',
    'src/server/middleware/rate-limit.ts',
    'src/server/middleware/rate-limit-memory.ts',
    'src/server/engine/sessions/session-status.ts',
    'src/server/engine/sessions/session-changes.ts',
    'src/server/engine/payments/payments.ts',
    'src/server/engine/payments/forms/hosted-checkout.ts',
    'src/server/engine/payments/attempts.ts',
    'src/server/engine/payments/reconcile/reconcile.ts',
    'src/server/engine/payments/reconcile/recheck.ts',
    'src/server/engine/payments/intents/intents.ts',
    'src/server/engine/payments/intents/intent-capture.ts',
    'src/server/engine/refunds/refunds.ts',
    'src/server/engine/tokens/tokens.ts',
    'src/server/engine/webhooks/inbound-events.ts',
    'src/server/engine/webhooks/provider-events.ts',
    'src/platform/redirect-signature.ts',
    'src/platform/loopback.ts',
    'src/platform/public-address.ts',
    'src/server/engine/webhooks/webhook-network.ts',
    'src/server/engine/payments/charge-at-submit.ts',
    'src/server/engine/payments/intents/charge-outcome.ts',
    'src/server/engine/refunds/refund-outcomes.ts',
    'src/server/engine/payments/forms/close-forms.ts',
    'src/server/processors/sandbox/client.ts',
    // Issue 18, finding 4: the sealing key, its source and the re-seal.
    'src/server/engine/sealed.ts',
    'src/server/engine/reseal.ts',
    'src/server/sealing-keys.ts',
    // Issue 19: the Stripe adapter moves money the same way the sandbox adapter does.
    'src/server/processors/stripe/stripe-calls.ts',
    // Issue 19: Braintree's adapter, its webhooks, and the nonce that pays on complete.
    'src/server/processors/braintree/braintree-calls.ts',
    'src/server/processors/braintree/braintree-read.ts',
    'src/server/processors/braintree/braintree-events.ts',
    'src/server/engine/payments/forms/nonce-complete.ts',
    'src/server/processors/stripe/adapter.ts',
    'src/server/processors/stripe/stripe-events.ts',
    'src/server/processors/stripe/agent-adapter.ts',
    // Issue 34: which provider answers prove nothing moved, and the reservation no one has seen.
    'src/server/processors/stripe/stripe-errors.ts',
    'src/server/engine/payments/intents/undo-reservation.ts',
    // Issue 19: merchants' own provider keys (sealed, mode-checked) and the gateways their webhooks use.
    'src/server/engine/merchants/provider-accounts.ts',
    'src/server/processors/own-accounts.ts',
    'src/server/routes/provider-webhooks/index.ts',
    // Issue 20: the store order a payment makes, checked before any charge.
    'src/server/engine/mirror/mirror-spec.ts',
    'src/server/engine/mirror/raw-block.ts',
    // Issue 20: one store order per payment, one charge per upsell key, and what the poll routes say.
    'src/server/engine/mirror/store-orders.ts',
    'src/server/engine/mirror/upsell.ts',
    'src/server/engine/mirror/mirror-status.ts',
    // Issue 20: order before charge (one charge per purchase, paid or released at the store) and store-priced vouchers.
    'src/server/engine/mirror/order-first/before-charge.ts',
    'src/server/engine/mirror/order-first/after-charge.ts',
    'src/server/engine/mirror/pricing/vouchers.ts',
  ],
  coverageAnalysis: 'perTest',
  // 2 cores shared with other work: one mutant at a time by default (`--concurrency 2` when idle).
  concurrency: 1,
  // A static mutant (module-level tables: BUCKETS, LIMITS, TRANSITIONS, the scrubber's name lists
  // and patterns) runs every related test, about 40 s each; ~200 of them would take hours on two
  // cores. Run them on purpose: `npm run mutation -- --ignoreStatic false --mutate <file>:<lines>`.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // Build output, browser flows and local data: never loaded by the server's unit tests, not copied.
  ignorePatterns: ['/dist', '/.data', '/e2e', '/bench', '/test-results', '/playwright-report'],
  // Stryker rewrites the tsconfig's `extends` and `references` for its sandbox through TypeScript's
  // JS API, which TypeScript 7 no longer has; ours has neither, so it points at a file that is absent.
  tsconfigFile: 'tsconfig.stryker-none.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  timeoutMS: 20_000,
  // The initial run goes through every test related to the mutated files: on two loaded cores it
  // took more than Stryker's default 5 minutes.
  dryRunTimeoutMinutes: 20,
};
