/**
 * The wallet-session endpoints (docs/merchant.md, Wallets), for the wallet frame. Like the charge, callable
 * only from the service's own frames (the `Origin` must be the service's). The wallet charge itself
 * is `chargeSession(…, { wallet: { type, token } })` in ./charge.ts.
 */
import type { AppleSessionBody, GoogleSessionBody } from '../api/wallets.ts';
import { call } from './http.ts';
// Hand-rolled twins of ./schemas/wallets.ts (parsers.ts): the wallet frame carries no zod.
import { AppleMerchantSessionParser, GooglePaymentDataRequestParser } from './parsers.ts';

/** Apple Pay merchant validation: `domain` is the merchant page's hostname, as the frame knows it. */
export const appleSession = (publishableKey: string, body: AppleSessionBody, base = '') =>
  call('/v1/public/wallets/apple-session', AppleMerchantSessionParser, { base, publishableKey, body });

/** Google Pay's PaymentDataRequest for the session: the `data` of the Google Pay method. */
export const googleSession = (publishableKey: string, body: GoogleSessionBody, base = '') =>
  call('/v1/public/wallets/google-session', GooglePaymentDataRequestParser, { base, publishableKey, body });
