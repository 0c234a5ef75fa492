/**
 * Turns what the charge endpoint answered into the `ConfirmResult` the page receives (Doc 3, "The
 * browser API merchants call"). Buyer and network faults get locale wording the merchant can show
 * as is; merchant and internal faults keep the service's developer-facing message.
 */
import type { PublicChargeResponse } from '../../api/checkout.ts';
import type { ApiResult } from '../../client/http.ts';
import { declineMessage, t } from '../../locales/index.ts';
import { faultOf } from '../../protocol/errors.ts';
import type { ConfirmResult, PaymentError } from '../../protocol/messages.ts';

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
export function errorFor(code: string, locale: string | undefined, developerMessage: string, status = 400): PaymentError {
  const fault = faultOf(code, status);
  const buyerFacing = fault.type === 'BUYER' || fault.type === 'NETWORK';
  return { code, message: buyerFacing ? t(locale, fault.key) : developerMessage };
}

export function fromCharge(res: ApiResult<PublicChargeResponse>, sessionId: string, locale?: string): ConfirmResult {
  if (!res.ok) {
    return failure(sessionId, errorFor(res.error.code, locale, res.error.error, res.status));
  }
  const data = res.data;
  // 3-D Secure is not built yet: a charge waiting on the buyer's bank is still in flight.
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
