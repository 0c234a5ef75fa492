/** The wallet shapes' mirrors (schemas.test.ts says how the samples are checked). */
import * as wallets from '../api/wallets.ts';
import * as hand from './parsers.ts';
import { mirrorsAgree, variants } from './schemas.fixtures.ts';
import * as mini from './schemas.ts';

const appleOk = {
  epochTimestamp: 1767225600000,
  expiresAt: 1767225900000,
  merchantSessionIdentifier: 'SSH1',
  nonce: 'ab12cd34',
  merchantIdentifier: 'AB',
  domainName: 'shop.example.com',
  displayName: 'Tea Shop',
  signature: 'ff',
};

const googleOk = {
  apiVersion: 2,
  apiVersionMinor: 0,
  environment: 'TEST',
  merchantInfo: { merchantName: 'Tea Shop' },
  allowedPaymentMethods: [
    {
      type: 'CARD',
      parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['VISA', 'AMEX'] },
      tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: 'svcpaysandbox', gatewayMerchantId: 'm_1' } },
    },
  ],
  transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: '25.00', currencyCode: 'USD' },
};

const googleMethod = googleOk.allowedPaymentMethods[0]!;

mirrorsAgree([
  {
    name: 'AppleMerchantSession',
    hand: hand.AppleMerchantSessionParser,
    classic: wallets.AppleMerchantSession,
    mirror: mini.AppleMerchantSession,
    samples: [
      ...variants(appleOk),
      { ...appleOk, epochTimestamp: 1767225600000.5 },
      { ...appleOk, expiresAt: Number.MAX_SAFE_INTEGER + 2 },
      { ...appleOk, expiresAt: -1 },
      { ...appleOk, expiresAt: '1767225900000' },
      { ...appleOk, operationalAnalyticsIdentifier: 'Tea Shop:AB', retries: 0 },
      null,
      [appleOk],
    ],
  },
  {
    name: 'GooglePaymentDataRequest',
    hand: hand.GooglePaymentDataRequestParser,
    classic: wallets.GooglePaymentDataRequest,
    mirror: mini.GooglePaymentDataRequest,
    samples: [
      ...variants(googleOk),
      { ...googleOk, environment: 'SANDBOX' },
      { ...googleOk, apiVersion: 1 },
      { ...googleOk, transactionInfo: { ...googleOk.transactionInfo, countryCode: 'US' } },
      { ...googleOk, transactionInfo: { ...googleOk.transactionInfo, totalPrice: 25 } },
      { ...googleOk, allowedPaymentMethods: [{ ...googleOk.allowedPaymentMethods[0], parameters: { allowedAuthMethods: ['PAN_ONLY'], allowedCardNetworks: ['PAYPAL'] } }] },
      { ...googleOk, allowedPaymentMethods: [] },
      { ...googleOk, environment: 'PRODUCTION' },
      { ...googleOk, apiVersionMinor: 1 },
      { ...googleOk, apiVersion: '2' },
      { ...googleOk, merchantInfo: {} },
      { ...googleOk, merchantInfo: { merchantName: 'Tea Shop', merchantId: 'BCR2' } },
      { ...googleOk, transactionInfo: { ...googleOk.transactionInfo, totalPriceStatus: 'ESTIMATED' } },
      { ...googleOk, transactionInfo: { ...googleOk.transactionInfo, countryCode: 1 } },
      { ...googleOk, transactionInfo: { ...googleOk.transactionInfo, currencyCode: undefined } },
      { ...googleOk, allowedPaymentMethods: [{ ...googleMethod, type: 'PAYPAL' }] },
      { ...googleOk, allowedPaymentMethods: [googleMethod, null] },
      { ...googleOk, allowedPaymentMethods: {} },
      { ...googleOk, allowedPaymentMethods: [{ ...googleMethod, parameters: { allowedAuthMethods: [], allowedCardNetworks: ['VISA', 'MASTERCARD', 'DISCOVER', 'JCB'] } }] },
      { ...googleOk, allowedPaymentMethods: [{ ...googleMethod, parameters: { allowedAuthMethods: ['PAN_ONLY'], allowedCardNetworks: ['visa'] } }] },
      { ...googleOk, allowedPaymentMethods: [{ ...googleMethod, parameters: { allowedAuthMethods: ['pan_only'], allowedCardNetworks: ['VISA'] } }] },
      { ...googleOk, allowedPaymentMethods: [{ ...googleMethod, parameters: { allowedAuthMethods: ['PAN_ONLY'] } }] },
      { ...googleOk, allowedPaymentMethods: [{ ...googleMethod, tokenizationSpecification: { type: 'DIRECT', parameters: { gateway: 'g', gatewayMerchantId: 'm' } } }] },
      { ...googleOk, allowedPaymentMethods: [{ ...googleMethod, tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: 'g' } } }] },
      { ...googleOk, allowedPaymentMethods: [{ ...googleMethod, tokenizationSpecification: { type: 'PAYMENT_GATEWAY' } }] },
      null,
      [googleOk],
    ],
  },
]);
