/** Public types of the `svcpay` npm package (package.json "types"). */
import type { LoadSvcPayOptions, SvcPay } from './types.js';

export * from './types.js';

/**
 * Adds the svcpay.js script tag once and resolves `SvcPay(publishableKey, options)`. Rejects if
 * the script cannot load (a later call tries again) or outside a browser.
 */
export declare function loadSvcPay(publishableKey: string, options?: LoadSvcPayOptions): Promise<SvcPay>;
