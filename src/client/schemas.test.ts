/**
 * The zod/mini mirrors in schemas.ts must accept exactly what the classic server schemas in
 * src/api accept: each sample below goes through both, and they must agree (and, on success,
 * produce the same data: both strip unknown keys from non-strict objects). The type assertions
 * fail `tsc` when the inferred types drift apart.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as api from '../api/checkout.ts';
import * as proc from '../api/processor.ts';
import * as wallets from '../api/wallets.ts';
import * as embed from '../api/embed.ts';
import * as tokens from '../api/tokens.ts';
import * as hand from './parsers.ts';
import * as mini from './schemas.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameType = <_T extends true>() => {};
sameType<Equal<mini.InitResponse, api.InitResponse>>();
sameType<Equal<mini.EmbedTokenResponse, embed.EmbedTokenResponse>>();
sameType<Equal<mini.PublicCompleteResponse, embed.PublicCompleteResponse>>();
sameType<Equal<mini.CompleteResponse, api.CompleteResponse>>();
sameType<Equal<mini.PublicSession, api.PublicSession>>();
sameType<Equal<mini.PublicChargeResponse, api.PublicChargeResponse>>();
sameType<Equal<mini.ErrorEnvelope, api.ErrorEnvelope>>();
sameType<Equal<mini.PublicToken, tokens.PublicToken>>();
sameType<Equal<mini.ChargeCard, api.ChargeCard>>();
sameType<Equal<mini.BuyerFacingError, api.BuyerFacingError>>();
sameType<Equal<mini.ProcessorChargeResponse, proc.ProcessorChargeResponse>>();
sameType<Equal<mini.AppleMerchantSession, z.infer<typeof wallets.AppleMerchantSession>>>();
sameType<Equal<mini.GooglePaymentDataRequest, wallets.GooglePaymentDataRequest>>();

/** What src/client/checkout.ts validated the client-error answer with before the mirror. */
const ClassicClientErrorResponse = z.object({ ok: z.boolean() });
sameType<Equal<mini.ClientErrorResponse, z.infer<typeof ClassicClientErrorResponse>>>();

interface Parser {
  safeParse(data: unknown): { success: boolean; data?: unknown };
}

/** A valid sample with each key in turn removed, set to a wrong value, and an extra key added. */
function variants(valid: Record<string, unknown>, wrong: readonly unknown[] = [undefined, null, 1.5, -1, '', 'x', true, {}, []]): unknown[] {
  const out: unknown[] = [valid, { ...valid, extra: 'x' }];
  for (const key of Object.keys(valid)) {
    const { [key]: _dropped, ...rest } = valid;
    out.push(rest);
    for (const w of wrong) out.push({ ...valid, [key]: w });
  }
  return out;
}

const sessionOk = {
  id: 'cs_1',
  status: 'pending',
  amount: 1000,
  currency: 'usd',
  description: null,
  locale: 'en',
  mode: 'payment',
  integrationMode: 'embed',
  chargeAtSubmit: true,
  livemode: false,
  merchantName: 'Shop',
  lineItems: [{ name: 'Tea', quantity: 2, unitAmount: 500 }],
  cancelUrl: null,
  expiresAt: '2030-01-01T00:00:00.000Z',
  retry: { allowed: true, attempts_remaining: 2 },
  country: 'US',
  shipping: 'none',
  billingAddress: 'auto',
  phone: 'none',
  nameCollection: 'required',
  buyerFields: { email: 'optional', name: 'required', phone: 'none', shippingAddress: 'none', billingAddress: 'none' },
};
const declined = { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Declined' };
const envelopeOk = {
  error: 'Session not found',
  code: 'session_not_found',
  fix: 'Check the id.',
  docs: 'https://example.test/docs',
  selfHeal: { retryable: false, nextAction: 'stop', llmHint: 'The id is wrong.' },
};
const cardOk = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

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

/** `hand`: the hand-rolled twin the frames use instead (./parsers.ts: no zod in a frame), where there is one. */
const cases: Array<{ name: string; classic: Parser; mirror: Parser; hand?: Parser; samples: unknown[] }> = [
  {
    name: 'InitResponse',
    classic: api.InitResponse,
    mirror: mini.InitResponse,
    samples: [
      ...variants({ type: 'sandbox', token: 'sbx_tok_1', environment: 'sandbox', fieldsUrl: 'http://127.0.0.1:4243/fields' }),
      { type: 'hosted_fields', token: 't', environment: 'production', publishableKey: 'pk', accountId: 'a', gatewayInstanceId: 'g', merchantAccountId: 'm', chargeEndpoint: '/c', applicationFeeCents: 0 },
      { type: 'sandbox', token: 't', environment: 'sandbox', applicationFeeCents: 12 },
      { type: 'sandbox', token: 't', environment: 'sandbox', applicationFeeCents: -1 },
      { type: 'sandbox', token: 't', environment: 'sandbox', applicationFeeCents: 1.5 },
      { type: 'sandbox', token: 't', environment: 'sandbox', applicationFeeCents: 2 ** 60 },
      { type: 'paypal', token: 't', environment: 'sandbox' },
      { type: 'sandbox', token: 't', environment: 'staging' },
      { type: 'sandbox', token: 't', environment: 'sandbox', fieldsUrl: 42 },
      null,
      'sandbox',
      [],
    ],
  },
  {
    name: 'EmbedTokenResponse',
    classic: embed.EmbedTokenResponse,
    mirror: mini.EmbedTokenResponse,
    samples: [
      ...variants({ ready: true, type: 'sandbox', token: 'sbx_tok_1', environment: 'sandbox', fieldsUrl: 'http://127.0.0.1:4243/fields' }),
      ...variants({ ready: false, reason: 'payment_in_progress', retryAfterMs: 1000 }),
      { ready: false, reason: 'soon', retryAfterMs: 1000 },
      { ready: false, reason: 'provider_unavailable', retryAfterMs: 1.5 },
      { ready: false, type: 'sandbox', token: 't', environment: 'sandbox' },
      { ready: true, reason: 'payment_in_progress', retryAfterMs: 1000 },
    ],
  },
  {
    name: 'PublicCompleteResponse',
    classic: embed.PublicCompleteResponse,
    mirror: mini.PublicCompleteResponse,
    samples: [
      ...variants({ status: 'succeeded', sessionId: 'cs_1', transactionId: 'tx_1', paymentIntentId: 'vpi_test_1' }),
      { status: 'failed', sessionId: 'cs_1', transactionId: 'tx_1', paymentIntentId: 'vpi_test_1', error: declined },
      { status: 'failed', sessionId: 'cs_1', transactionId: 'tx_1', paymentIntentId: null, error: { code: 'x' } },
    ],
  },
  {
    name: 'CompleteResponse',
    classic: api.CompleteResponse,
    mirror: mini.CompleteResponse,
    samples: [
      ...variants({ status: 'succeeded', sessionId: 'cs_1', transactionId: 'tx_1', redirectUrl: 'https://shop.test/ok' }),
      { status: 'failed', sessionId: 'cs_1', transactionId: 'tx_1', redirectUrl: null, error: declined },
      { status: 'failed', sessionId: 'cs_1', transactionId: 'tx_1', redirectUrl: null, error: { ...declined, decline_code: null } },
      { status: 'failed', sessionId: 'cs_1', transactionId: 'tx_1', redirectUrl: null, error: { code: 'card_declined', message: 'x' } },
      { status: 'failed', sessionId: 'cs_1', transactionId: 'tx_1', redirectUrl: null, error: null },
      { status: 'declined', sessionId: 'cs_1', transactionId: 'tx_1', redirectUrl: null },
      { status: 'succeeded', sessionId: 'cs_1', transactionId: 'tx_1' },
      ...['pending', 'processing', 'expired'].map((status) => ({ status, sessionId: 's', transactionId: 't', redirectUrl: null })),
    ],
  },
  {
    name: 'PublicSession',
    hand: hand.PublicSessionParser,
    classic: api.PublicSession,
    mirror: mini.PublicSession,
    samples: [
      ...variants(sessionOk),
      { ...sessionOk, retry: null, description: 'Order 1', locale: null, cancelUrl: 'https://shop.test/cancel', lineItems: [] },
      { ...sessionOk, mode: 'setup', integrationMode: 'elements', status: 'expired' },
      { ...sessionOk, status: 'canceled' },
      { ...sessionOk, amount: 10.5 },
      { ...sessionOk, amount: Number.MAX_SAFE_INTEGER + 1 },
      { ...sessionOk, lineItems: [{ name: 'Tea', quantity: 1.5, unitAmount: 1 }] },
      { ...sessionOk, lineItems: [{ name: 'Tea', quantity: 1 }] },
      { ...sessionOk, lineItems: [{ name: 'Tea', quantity: 1, unitAmount: 1, sku: 'extra keys are stripped' }] },
      { ...sessionOk, retry: { allowed: 'yes', attempts_remaining: 1 } },
      { ...sessionOk, retry: { allowed: true, attempts_remaining: -1 } },
      { ...sessionOk, retry: { allowed: true } },
      { ...sessionOk, billingAddress: 'always' },
      { ...sessionOk, country: undefined },
      { ...sessionOk, buyerFields: { ...sessionOk.buyerFields, email: 'auto' } },
      { ...sessionOk, buyerFields: { ...sessionOk.buyerFields, billingAddress: undefined } },
      { ...sessionOk, buyerFields: { ...sessionOk.buyerFields, phone: 'required', shippingAddress: 'optional' } },
      { ...sessionOk, buyerFields: null },
      { ...sessionOk, buyerFields: [] },
      { ...sessionOk, shipping: 'required', phone: 'auto', nameCollection: 'none' },
      { ...sessionOk, lineItems: {} },
      { ...sessionOk, lineItems: [null] },
      { ...sessionOk, lineItems: [{ name: 1, quantity: 1, unitAmount: 1 }] },
      { ...sessionOk, amount: -5 },
      { ...sessionOk, amount: Number.NaN },
      { ...sessionOk, amount: Infinity },
      { ...sessionOk, amount: '1000' },
      { ...sessionOk, chargeAtSubmit: 0 },
      { ...sessionOk, retry: { allowed: true, attempts_remaining: 0, extra: 1 } },
      { ...sessionOk, status: 'processing', integrationMode: 'hosted' },
      null,
      [sessionOk],
      'cs_1',
    ],
  },
  {
    name: 'PublicChargeResponse',
    hand: hand.PublicChargeResponseParser,
    classic: api.PublicChargeResponse,
    mirror: mini.PublicChargeResponse,
    samples: [
      ...variants({ status: 'succeeded', sessionId: 'cs_1', paymentIntentId: 'pi_1' }),
      { status: 'failed', sessionId: 'cs_1', error: declined, retry: { allowed: true, attempts_remaining: 2 } },
      { status: 'failed', sessionId: 'cs_1', error: declined, retry: null },
      { status: 'failed', sessionId: 'cs_1', error: { code: 'card_declined' } },
      { status: 'requires_action', sessionId: 'cs_1', next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://bank.test/3ds' } } },
      { status: 'requires_action', sessionId: 'cs_1', next_action: { type: 'redirect_to_url' } },
      { status: 'requires_action', sessionId: 'cs_1', next_action: { type: 'redirect_to_url', redirect_to_url: { url: 1 } } },
      { status: 'processing', sessionId: 'cs_1' },
      { status: 'canceled', sessionId: 'cs_1' },
      { status: 'failed', sessionId: 'cs_1', retry: { allowed: true, attempts_remaining: 0.5 } },
    ],
  },
  {
    name: 'PublicToken',
    hand: hand.PublicTokenParser,
    classic: tokens.PublicToken,
    mirror: mini.PublicToken,
    samples: [
      ...variants({ id: 'vp_pmt_1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } }),
      { id: 'vp_pmt_1', card: { brand: null, last4: null, exp_month: null, exp_year: null } },
      { id: 'vp_pmt_1', card: { brand: 'visa', last4: '4242', exp_month: 12.5, exp_year: 2030 } },
      { id: 'vp_pmt_1', card: { brand: 'visa', last4: '4242' } },
      { id: 'vp_pmt_1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, fingerprint: 'stripped' } },
    ],
  },
  {
    name: 'ErrorEnvelope',
    hand: hand.ErrorEnvelopeParser,
    classic: api.ErrorEnvelope,
    mirror: mini.ErrorEnvelope,
    samples: [
      ...variants(envelopeOk),
      { ...envelopeOk, selfHeal: { ...envelopeOk.selfHeal, actions: [{ retryAfterSeconds: 1.5 }] } },
      { ...envelopeOk, selfHeal: { ...envelopeOk.selfHeal, actions: [] } },
      { ...envelopeOk, selfHeal: { ...envelopeOk.selfHeal, actions: [{}] } },
      { ...envelopeOk, selfHeal: { ...envelopeOk.selfHeal, actions: [{ retryAfterSeconds: '5' }] } },
      { ...envelopeOk, selfHeal: { retryable: false, nextAction: 'stop' } },
      { ...envelopeOk, selfHeal: { ...envelopeOk.selfHeal, retryable: 'no' } },
      { ok: false, error: 'Payload too large: the limit is 4 KB.' },
    ],
  },
  {
    name: 'ChargeCard (strict)',
    hand: hand.ChargeCardParser,
    classic: api.ChargeCard,
    mirror: mini.ChargeCard,
    samples: [
      ...variants(cardOk),
      { ...cardOk, postalCode: '94107' },
      { ...cardOk, postalCode: 'x'.repeat(17) },
      { ...cardOk, number: '424242424242' },
      { ...cardOk, number: '42424242424' },
      { ...cardOk, number: '4'.repeat(19) },
      { ...cardOk, number: '4'.repeat(20) },
      { ...cardOk, number: '4242 4242 4242 4242' },
      { ...cardOk, expMonth: 0 },
      { ...cardOk, expMonth: 13 },
      { ...cardOk, expMonth: 1, expYear: 2000 },
      { ...cardOk, expYear: 1999 },
      { ...cardOk, expYear: 2101 },
      { ...cardOk, expYear: 2030.5 },
      { ...cardOk, cvc: '1234' },
      { ...cardOk, cvc: '12' },
      { ...cardOk, cvc: '12345' },
      { ...cardOk, cvc: 123 },
      { ...cardOk, name: 'A Buyer' },
    ],
  },
  {
    name: 'ProcessorChargeResponse',
    classic: proc.ProcessorChargeResponse,
    mirror: mini.ProcessorChargeResponse,
    samples: [
      ...variants({ transactionId: 'sbx_tx_1', status: 'approved', brand: 'visa', last4: '4242' }),
      { transactionId: 'sbx_tx_2', status: 'declined', declineCode: 'card_declined', brand: 'visa', last4: '0002' },
      { transactionId: 'sbx_tx_2', status: 'failed', brand: 'visa', last4: '0002' },
      { transactionId: 'sbx_tx_2', status: 'declined', declineCode: null, brand: 'visa', last4: '0002' },
      { error: 'Token already used', code: 'token_used' },
    ],
  },
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
  {
    name: 'ClientErrorResponse',
    hand: hand.ClientErrorResponseParser,
    classic: ClassicClientErrorResponse,
    mirror: mini.ClientErrorResponse,
    samples: [
      ...variants({ ok: true }),
      { ok: false, error: 'The body must be JSON.' },
      { ok: 'true' },
      {},
      null,
    ],
  },
];

describe('browser schema mirrors agree with the classic server schemas', () => {
  describe.each(cases)('$name', ({ classic, mirror, hand, samples }) => {
    it.each(samples.map((s, i) => [i, s] as const))('sample %i', (_i, sample) => {
      const c = classic.safeParse(sample);
      const m = mirror.safeParse(sample);
      expect(m.success).toBe(c.success);
      if (c.success) expect(m.data).toEqual(c.data);
      // The hand-rolled twin agrees on the verdict (it keeps unknown keys where zod drops them).
      if (hand) expect(hand.safeParse(sample).success).toBe(c.success);
    });

    it('has both accepted and refused samples', () => {
      const verdicts = samples.map((s) => classic.safeParse(s).success);
      expect(verdicts.filter(Boolean).length).toBeGreaterThanOrEqual(4);
      expect(verdicts.filter((v) => !v).length).toBeGreaterThanOrEqual(4);
    });
  });
});
