/** Public types of `svcpay/server` (package.json "exports"). */
import type { SvcPayClient, SvcPayClientOptions } from './types.js';

export type * from './types.js';

/** http://localhost:4242: where `npm start` and `npx svcpay` answer. */
export declare const DEFAULT_BASE_URL: string;

/**
 * A typed client for svcpay's server API. Throws a TypeError, before any request, when
 * `secretKey` is missing, a publishable key or not a svcpay key.
 */
export declare function createSvcPayClient(options: SvcPayClientOptions): SvcPayClient;
