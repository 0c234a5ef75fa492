/**
 * Wire shapes of the wallet-session endpoints (Doc 1, public endpoints: "wallet merchant validation
 * / session setup"). Doc 1 shows no bodies; these are this server's (docs/merchant.md, Wallets). camelCase
 * like the session endpoints they serve; Apple's and Google's own objects keep their own names.
 */
import { z } from 'zod';
import { googleAuthMethods, walletNetworks } from '../vocab/wallets.ts';
import { SessionId } from './checkout.ts';

/** Apple's payment-session hosts only: the address is fetched server-side by a real provider. */
function isAppleGateway(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' && u.port === '' && (u.hostname === 'apple.com' || u.hostname.endsWith('.apple.com'));
  } catch {
    return false;
  }
}

export const AppleSessionBody = z.strictObject({
  sessionId: SessionId,
  validationUrl: z
    .string()
    .max(2000)
    .refine(isAppleGateway, 'an https address on apple.com, as the merchantvalidation event gives it')
    .describe("the `validationURL` of Apple Pay's merchantvalidation event"),
  domain: z
    .string()
    .min(1)
    .max(1000)
    .describe('hostname of the page showing the sheet; must be an `apple_pay` wallet domain of the merchant, in this mode, with status `verified`'),
});
export type AppleSessionBody = z.infer<typeof AppleSessionBody>;

export const AppleMerchantSession = z
  .object({
    epochTimestamp: z.number().int(),
    expiresAt: z.number().int(),
    merchantSessionIdentifier: z.string(),
    nonce: z.string(),
    merchantIdentifier: z.string(),
    domainName: z.string(),
    displayName: z.string(),
    signature: z.string(),
  })
  .describe("Apple's merchant session: hand it to `event.complete()` of the merchantvalidation event unchanged. Usable for 5 minutes");

export const GoogleSessionBody = z.strictObject({ sessionId: SessionId });
export type GoogleSessionBody = z.infer<typeof GoogleSessionBody>;

const googleNetworks = walletNetworks.map((n) => n.toUpperCase()) as [string, ...string[]];

/** Google Pay's PaymentDataRequest for the session (Google's field names, API version 2.0). */
export const GooglePaymentDataRequest = z.object({
  apiVersion: z.literal(2),
  apiVersionMinor: z.literal(0),
  environment: z.enum(['TEST', 'PRODUCTION']).describe('`TEST` for a test-mode session: the sheet shows test cards and nothing is charged by Google'),
  merchantInfo: z.object({ merchantName: z.string() }),
  allowedPaymentMethods: z.array(
    z.object({
      type: z.literal('CARD'),
      parameters: z.object({
        allowedAuthMethods: z.array(z.enum(googleAuthMethods)),
        allowedCardNetworks: z.array(z.enum(googleNetworks)),
      }),
      tokenizationSpecification: z.object({
        type: z.literal('PAYMENT_GATEWAY'),
        parameters: z.object({ gateway: z.string(), gatewayMerchantId: z.string() }),
      }),
    }),
  ),
  transactionInfo: z.object({
    totalPriceStatus: z.literal('FINAL'),
    totalPrice: z.string().describe('the session amount as a decimal string in the currency digits, e.g. `25.00`'),
    currencyCode: z.string(),
    countryCode: z.string().optional().describe("the session's country, when it has one"),
  }),
});
export type GooglePaymentDataRequest = z.infer<typeof GooglePaymentDataRequest>;
