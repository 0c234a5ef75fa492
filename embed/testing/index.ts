/**
 * `svcpay/testing`: Playwright fixtures, page objects and helpers for merchants' own QA (docs/qa.md,
 * "Testing your checkout"). Built by `vite build --mode npm` into dist/npm/testing.js; its public
 * types are index.d.ts. Needs `@playwright/test` (an optional peer dependency).
 */
export { CARD_INPUT_NAMES, CARD_INPUT_TOKENS, cardInput, fieldFrameSelector, fillCard, waitForReady } from './fields.ts';
export { completeChallenge } from './challenge.ts';
export { startSvcPay } from './server.ts';
export { armFault, disarmFault, listFaults, processorLedger, releaseFault } from './faults.ts';
export { CardElement, CardInputs, HostedCheckoutPage } from './pages.ts';
export { expect, test } from './playwright.ts';
export type * from './types.js';
export type * from './fixture-types.js';
