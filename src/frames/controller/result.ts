/**
 * Turns what the charge endpoint answered into the `ConfirmResult` the page receives (Doc 3, "The
 * browser API merchants call"). Buyer and network faults get locale wording the merchant can show
 * as is; merchant and internal faults keep the service's developer-facing message.
 */
import type { PublicChargeResponse } from '../../api/checkout.ts';
import type { PublicToken } from '../../api/tokens.ts';
import type { ApiResult } from '../../client/http.ts';
import { declineMessage, t } from '../../locales/index.ts';
import { browserCode, faultOf } from '../../protocol/errors.ts';
import type { CardBrand, ConfirmResult, PaymentError, TokenResult } from '../../protocol/messages.ts';

const cut = (s: string, max: number) => (s.length > max ? s.slice(0, max - 1) + '…' : s);

/** A failed result, clipped to the message schema's limits so sending it can never throw. */
export function failure(sessionId: string, error: PaymentError): ConfirmResult {
  return {
    status: 'failed',
    sessionId: cut(sessionId, 80),
    error: {
      code: cut(error.code, 64),
      message: cut(error.message, 500),
      ...(error.declineCode ? { declineCode: cut(error.declineCode, 64) } : {}),
    },
  };
}

/** The error for `code` in buyer-safe wording when the buyer can act on it. */
export function errorFor(serviceCode: string, locale: string | undefined, developerMessage: string, status = 400): PaymentError {
  const code = browserCode(serviceCode);
  const fault = faultOf(code, status);
  const buyerFacing = fault.type === 'BUYER' || fault.type === 'NETWORK';
  return { code, message: buyerFacing ? t(locale, fault.key) : developerMessage };
}

export function fromCharge(res: ApiResult<PublicChargeResponse>, sessionId: string, locale?: string): ConfirmResult {
  if (!res.ok) {
    return failure(sessionId, errorFor(res.error.code, locale, res.error.error, res.status));
  }
  const data = res.data;
  // A challenge that is still waiting after the buyer came back (or with no page to show) is in flight.
  const status = data.status === 'requires_action' ? 'processing' : data.status;
  const result: ConfirmResult = { status, sessionId: cut(data.sessionId || sessionId, 80) };
  if (data.paymentIntentId) result.paymentIntentId = cut(data.paymentIntentId, 80);
  if (data.retry !== undefined) result.retry = data.retry;
  if (data.error) {
    const declineCode = data.error.decline_code;
    result.error = {
      code: cut(data.error.code, 64),
      message: cut(declineCode ? declineMessage(locale, declineCode) : data.error.message, 500),
      declineCode: declineCode ? cut(declineCode, 64) : null,
    };
  } else if (status === 'failed') {
    result.error = { code: 'card_declined', message: declineMessage(locale, null), declineCode: null };
  }
  return result;
}

/**
 * The error every later confirm answers at once, without a call, once this session can take no
 * other payment here: it is paid, or it was declined with no retry left (Doc 1, `retry`). Null
 * while another attempt may still pay (a retry, a network failure, a charge still processing).
 */
export function finalError(result: ConfirmResult, locale?: string): PaymentError | null {
  if (result.status === 'succeeded') {
    return errorFor('session_already_completed', locale, 'This session is paid; create a new session for another payment.');
  }
  const declined = result.status === 'failed' && (result.error?.code === 'card_declined' || result.error?.code === 'authentication_canceled');
  const noRetry = !result.retry || (!result.retry.allowed && result.retry.attempts_remaining === 0);
  return declined && noRetry ? errorFor('session_failed', locale, 'This session was declined and allows no other attempt; create a new session for the buyer to pay.') : null;
}

/** What `createToken` resolves with, from the tokens endpoint's answer (camelCase, like the rest of the browser API). */
export function toTokenResult(res: ApiResult<PublicToken>, locale: string | undefined, brands: readonly CardBrand[]): TokenResult {
  if (!res.ok) return { error: errorFor(res.error.code, locale, res.error.error, res.status) };
  const { id, card } = res.data;
  const within = (n: number | null, min: number, max: number) => (n !== null && Number.isSafeInteger(n) && n >= min && n <= max ? n : null);
  return {
    token: {
      id: cut(id, 80),
      card: {
        brand: brands.find((b) => b === card.brand) ?? 'unknown',
        last4: card.last4 !== null && /^\d{4}$/.test(card.last4) ? card.last4 : null,
        expMonth: within(card.exp_month, 1, 12),
        expYear: within(card.exp_year, 2000, 2100),
      },
    },
  };
}
