/**
 * `svcpay/testing`: Playwright helpers for merchants' own QA (README, "Testing your checkout").
 * Built by `vite build --mode npm` into dist/npm/testing.js; its public types are index.d.ts.
 */
export { CARD_INPUT_NAMES, fieldFrameSelector, fillCard, waitForReady } from './fields.ts';
export { completeChallenge } from './challenge.ts';
export { startSvcPay } from './server.ts';
export { armFault, disarmFault, listFaults, processorLedger, releaseFault } from './faults.ts';
export type * from './types.js';
