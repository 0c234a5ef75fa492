/**
 * Hand-rolled twins (src/protocol/checks.ts) of the zod/mini mirrors the controller frame reads:
 * the error envelope, the public charge (and complete) answer, the vaulted token, the client-error
 * answer and the card of a charge body. With these, the controller frame carries no zod at all (issue 9: what a card buyer
 * downloads; zod/mini was ~10 KB of its ~12.7 KB). parsers.test.ts runs the same samples through
 * each and its zod schema in ./schemas and proves they agree. Like `z.object`, the non-strict
 * shapes accept unknown keys; unlike it they keep them in the data: callers read named fields only.
 */
import type { Parser } from '../protocol/channel.ts';
import { bool, int, isObj, obj, oneOf, opt, orNull, parser, re, str, type Check } from '../protocol/checks.ts';
import { publicChargeStatuses } from '../vocab/payments.ts';
import type { ChargeCard, PublicChargeResponse, PublicToken } from './schemas/charge.ts';
import type { ClientErrorResponse, ErrorEnvelope } from './schemas/shared.ts';

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
