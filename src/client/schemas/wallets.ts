/** What the wallet frame reads of the wallet-session endpoints (see ../schemas.ts; src/api/wallets.ts). */
import * as z from 'zod/mini';
import { intIn } from '../../protocol/primitives.ts';
import { googleAuthMethods, walletNetworks } from '../../vocab/wallets.ts';

export const AppleMerchantSession = z.object({
  epochTimestamp: intIn(),
  expiresAt: intIn(),
  merchantSessionIdentifier: z.string(),
  nonce: z.string(),
  merchantIdentifier: z.string(),
  domainName: z.string(),
  displayName: z.string(),
  signature: z.string(),
});
export type AppleMerchantSession = z.infer<typeof AppleMerchantSession>;

const googleNetworks = walletNetworks.map((n) => n.toUpperCase()) as [string, ...string[]];

export const GooglePaymentDataRequest = z.object({
  apiVersion: z.literal(2),
  apiVersionMinor: z.literal(0),
  environment: z.enum(['TEST', 'PRODUCTION']),
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
    totalPrice: z.string(),
    currencyCode: z.string(),
    countryCode: z.optional(z.string()),
  }),
});
export type GooglePaymentDataRequest = z.infer<typeof GooglePaymentDataRequest>;
