/**
 * The script-tag bundle served at /js/v1/svcpay.js: defines the global `SvcPay` (Doc 3, "The
 * browser API merchants call"). It stays tiny (STYLE.md habit 5): it creates frames and forwards
 * calls; card logic, zod and preact live in the frames, which load in parallel.
 */
import { makeSvcPay } from './create-svcpay.ts';
import { scriptOrigin } from './util.ts';

// Read while this script runs: `currentScript` is only set during its first evaluation.
// A second copy of the script keeps the first definition, so live instances keep working.
if (!window.SvcPay) window.SvcPay = makeSvcPay(scriptOrigin(document));
