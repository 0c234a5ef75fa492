/**
 * Hand-rolled twins (src/protocol/checks.ts) of the zod/mini mirrors the frames read: the error
 * envelope, the public charge (and complete) answer, the vaulted token, the client-error answer and
 * the card of a charge body (controller frame); the public session (address and wallet frames) and
 * the wallet-session answers (wallet frame). With these, none of the controller, field, address and
 * wallet frames carries zod (issue 9: what a buyer downloads; zod/mini was ~17 KB minified of the
 * address and wallet pages). schemas.test.ts runs the same samples through each twin, its zod/mini
 * schema in ./schemas and the classic server schema, and proves they agree. Like `z.object`, the
 * non-strict shapes accept unknown keys; unlike it they keep them in the data: callers read named
 * fields only (the wallet answers are handed to the browser's payment sheet as they came).
 */
import type { Parser } from '../protocol/channel.ts';
import { bool, int, isObj, obj, oneOf, opt, orNull, parser, re, str, type Check } from '../protocol/checks.ts';
import { buyerFieldModes } from '../vocab/buyer-fields.ts';
import { publicChargeStatuses } from '../vocab/payments.ts';
import { initTypes, processorEnvironments } from '../vocab/processors.ts';
import { collectionModes, integrationModes, paymentStatuses, sessionModes, sessionStatuses } from '../vocab/sessions.ts';
import { googleAuthMethods, walletNetworks } from '../vocab/wallets.ts';
import type { ChargeCard, PublicChargeResponse, PublicToken } from './schemas/charge.ts';
import type { CompleteResponse, InitResponse, PublicSession, SaveBuyerDetailsResponse } from './schemas/checkout.ts';
import type { ClientErrorResponse, ErrorEnvelope } from './schemas/shared.ts';
import type { AppleMerchantSession, GooglePaymentDataRequest } from './schemas/wallets.ts';

/** `z.object(shape)`: every known key valid, unknown keys allowed. */
const loose = (shape: Record<string, Check>): Check => (v) => isObj(v) && Object.keys(shape).every((k) => shape[k]!(v[k]));
const string = str(Number.MAX_SAFE_INTEGER);
const finite: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const arrayOf = (c: Check): Check => (v) => Array.isArray(v) && v.every(c);

export const ErrorEnvelopeParser: Parser<ErrorEnvelope> = parser(
  loose({
    error: string,
    code: string,
    fix: string,
    docs: string,
    selfHeal: loose({ retryable: bool, nextAction: string, llmHint: string, actions: opt(arrayOf(loose({ retryAfterSeconds: finite }))) }),
  }),
);

export const PublicChargeResponseParser: Parser<PublicChargeResponse> = parser(
  loose({
    status: oneOf(publicChargeStatuses),
    sessionId: string,
    paymentIntentId: opt(string),
    error: opt(loose({ code: string, decline_code: orNull(string), message: string })),
    retry: opt(orNull(loose({ allowed: bool, attempts_remaining: int(0, Number.MAX_SAFE_INTEGER) }))),
    next_action: opt(loose({ type: string, redirect_to_url: loose({ url: string }) })),
  }),
);

/** `POST /v1/public/tokens` (createToken): the token and what may be shown of its card. */
export const PublicTokenParser: Parser<PublicToken> = parser(
  loose({
    id: string,
    card: loose({
      brand: orNull(string),
      last4: orNull(string),
      exp_month: orNull(int(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)),
      exp_year: orNull(int(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)),
    }),
  }),
);

export const ClientErrorResponseParser: Parser<ClientErrorResponse> = parser(loose({ ok: bool }));

/** `ChargeCard`, strict: the merged card the controller sends. */
export const ChargeCardParser: Parser<ChargeCard> = parser(
  obj({
    number: re(/^\d{12,19}$/),
    expMonth: int(1, 12),
    expYear: int(2000, 2100),
    cvc: re(/^\d{3,4}$/),
    postalCode: opt(str(16)),
  }),
);

/** `intIn()` of protocol/primitives.ts: any safe integer. */
const integer = int(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
/** `Retry` of ./schemas/shared.ts (`count()`: a non-negative safe integer). */
const retry = loose({ allowed: bool, attempts_remaining: int(0, Number.MAX_SAFE_INTEGER) });
const collection = oneOf(collectionModes);
// Pure: the controller frame imports this module too, and must not keep the networks for nothing.
const googleNetworks = /* @__PURE__ */ walletNetworks.map((n) => n.toUpperCase());
const buyerField = oneOf(buyerFieldModes);

/** `GET /v1/public/sessions/{id}`: what the address and wallet frames (and the hosted page) read of a session. */
export const PublicSessionParser: Parser<PublicSession> = parser(
  loose({
    id: string,
    status: oneOf(sessionStatuses),
    paymentStatus: opt(oneOf(paymentStatuses)),
    amount: integer,
    currency: string,
    description: orNull(string),
    locale: orNull(string),
    mode: oneOf(sessionModes),
    integrationMode: oneOf(integrationModes),
    chargeAtSubmit: bool,
    livemode: bool,
    merchantName: string,
    lineItems: arrayOf(loose({ name: string, quantity: integer, unitAmount: integer })),
    cancelUrl: orNull(string),
    expiresAt: string,
    retry: orNull(retry),
    country: orNull(string),
    shipping: collection,
    billingAddress: collection,
    phone: collection,
    nameCollection: collection,
    buyerFields: loose({ email: buyerField, name: buyerField, phone: buyerField, shippingAddress: buyerField, billingAddress: buyerField }),
  }),
);

/** `POST /v1/public/wallets/apple-session`: Apple's merchant session, for the sheet's merchant validation. */
export const AppleMerchantSessionParser: Parser<AppleMerchantSession> = parser(
  loose({
    epochTimestamp: integer,
    expiresAt: integer,
    merchantSessionIdentifier: string,
    nonce: string,
    merchantIdentifier: string,
    domainName: string,
    displayName: string,
    signature: string,
  }),
);

/** `POST /v1/public/wallets/google-session`: Google Pay's PaymentDataRequest for the session. */
export const GooglePaymentDataRequestParser: Parser<GooglePaymentDataRequest> = parser(
  loose({
    apiVersion: oneOf([2]),
    apiVersionMinor: oneOf([0]),
    environment: oneOf(['TEST', 'PRODUCTION']),
    merchantInfo: loose({ merchantName: string }),
    allowedPaymentMethods: arrayOf(
      loose({
        type: oneOf(['CARD']),
        parameters: loose({
          allowedAuthMethods: arrayOf(oneOf(googleAuthMethods)),
          allowedCardNetworks: arrayOf(oneOf(googleNetworks)),
        }),
        tokenizationSpecification: loose({
          type: oneOf(['PAYMENT_GATEWAY']),
          parameters: loose({ gateway: string, gatewayMerchantId: string }),
        }),
      }),
    ),
    transactionInfo: loose({
      totalPriceStatus: oneOf(['FINAL']),
      totalPrice: string,
      currencyCode: string,
      countryCode: opt(string),
    }),
  }),
);

/** `count()` of ./schemas/shared.ts: a non-negative safe integer. */
const count = int(0, Number.MAX_SAFE_INTEGER);
const optString = opt(string);

/**
 * The hosted page's checkout answers (./checkout.ts), twins of ./schemas/checkout.ts: with these
 * and the processor frame's twins (src/protocol/processor-parsers.ts) the hosted page carries no
 * zod (issue 22: zod/mini was ~7.5 KB gzipped of the page).
 */
export const InitResponseParser: Parser<InitResponse> = parser(
  loose({
    type: oneOf(initTypes),
    token: string,
    environment: oneOf(processorEnvironments),
    fieldsUrl: optString,
    scriptUrl: optString,
    publishableKey: optString,
    accountId: optString,
    gatewayInstanceId: optString,
    merchantAccountId: optString,
    chargeEndpoint: optString,
    applicationFeeCents: opt(count),
  }),
);

export const CompleteResponseParser: Parser<CompleteResponse> = parser(
  loose({
    status: oneOf(sessionStatuses),
    sessionId: string,
    transactionId: string,
    redirectUrl: orNull(string),
    paymentStatus: opt(oneOf(paymentStatuses)),
    error: opt(loose({ code: string, decline_code: orNull(string), message: string })),
    next_action: opt(loose({ type: string, redirect_to_url: loose({ url: string }) })),
  }),
);

export const SaveBuyerDetailsResponseParser: Parser<SaveBuyerDetailsResponse> = parser(loose({ sessionId: string, saved: oneOf([true]) }));
