/**
 * The zod/mini mirrors in schemas.ts must accept exactly what the classic server schemas in
 * src/api accept: each sample below goes through both, and they must agree (and, on success,
 * produce the same data: both strip unknown keys from non-strict objects). The type assertions
 * fail `tsc` when the inferred types drift apart. The charge and wallet shapes' samples are in
 * schemas.charge.test.ts and schemas.wallets.test.ts.
 */
import { z } from 'zod';
import * as api from '../api/checkout.ts';
import * as proc from '../api/processor.ts';
import * as wallets from '../api/wallets.ts';
import * as embed from '../api/embed.ts';
import * as tokens from '../api/tokens.ts';
import { ErrorEnvelopeBase } from '../api/errors.ts';
import * as hand from './parsers.ts';
import { declined, mirrorsAgree, variants } from './schemas.fixtures.ts';
import * as mini from './schemas.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameType = <_T extends true>() => {};
sameType<Equal<mini.InitResponse, api.InitResponse>>();
sameType<Equal<mini.EmbedTokenResponse, embed.EmbedTokenResponse>>();
sameType<Equal<mini.PublicCompleteResponse, embed.PublicCompleteResponse>>();
sameType<Equal<mini.CompleteResponse, api.CompleteResponse>>();
sameType<Equal<mini.SaveBuyerDetailsResponse, api.SaveBuyerDetailsResponse>>();
sameType<Equal<mini.PublicSession, api.PublicSession>>();
sameType<Equal<mini.PublicChargeResponse, api.PublicChargeResponse>>();
sameType<Equal<mini.ErrorEnvelope, ErrorEnvelopeBase>>();
sameType<Equal<mini.PublicToken, tokens.PublicToken>>();
sameType<Equal<mini.ChargeCard, api.ChargeCard>>();
sameType<Equal<mini.BuyerFacingError, api.BuyerFacingError>>();
sameType<Equal<mini.ProcessorChargeResponse, proc.ProcessorChargeResponse>>();
sameType<Equal<mini.AppleMerchantSession, z.infer<typeof wallets.AppleMerchantSession>>>();
sameType<Equal<mini.GooglePaymentDataRequest, wallets.GooglePaymentDataRequest>>();

/** What src/client/checkout.ts validated the client-error answer with before the mirror. */
const ClassicClientErrorResponse = z.object({ ok: z.boolean() });
sameType<Equal<mini.ClientErrorResponse, z.infer<typeof ClassicClientErrorResponse>>>();

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
const envelopeOk = {
  error: 'Session not found',
  code: 'session_not_found',
  fix: 'Check the id.',
  docs: 'https://example.test/docs',
  selfHeal: { retryable: false, nextAction: 'stop', llmHint: 'The id is wrong.' },
};
mirrorsAgree([
  {
    name: 'InitResponse',
    hand: hand.InitResponseParser,
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
    hand: hand.CompleteResponseParser,
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
      { status: 'succeeded', sessionId: 'cs_1', transactionId: 'tx_1', redirectUrl: null, paymentStatus: 'held' },
      { status: 'succeeded', sessionId: 'cs_1', transactionId: 'tx_1', redirectUrl: null, paymentStatus: 'refunded' },
      { status: 'processing', sessionId: 'cs_1', transactionId: 'tx_1', redirectUrl: null, next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://bank.test/3ds' } } },
      { status: 'processing', sessionId: 'cs_1', transactionId: 'tx_1', redirectUrl: null, next_action: { type: 'redirect_to_url', redirect_to_url: {} } },
      { status: 'processing', sessionId: 'cs_1', transactionId: 'tx_1', redirectUrl: null, next_action: { redirect_to_url: { url: 'x' } } },
      { status: 'failed', sessionId: 'cs_1', transactionId: 'tx_1', redirectUrl: null, error: { ...declined, message: 1 } },
    ],
  },
  {
    name: 'SaveBuyerDetailsResponse',
    hand: hand.SaveBuyerDetailsResponseParser,
    classic: api.SaveBuyerDetailsResponse,
    mirror: mini.SaveBuyerDetailsResponse,
    samples: [
      ...variants({ sessionId: 'cs_1', saved: true }),
      { sessionId: 'cs_1', saved: true, extra: 1 },
      { sessionId: 'cs_1', saved: false },
      { sessionId: 'cs_1' },
      { saved: true },
      { sessionId: 1, saved: true },
      { sessionId: 'cs_1', saved: 'true' },
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
      { ...sessionOk, paymentStatus: 'paid' },
      { ...sessionOk, paymentStatus: 'refunded' },
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
    name: 'ErrorEnvelope',
    hand: hand.ErrorEnvelopeParser,
    classic: ErrorEnvelopeBase,
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
]);
