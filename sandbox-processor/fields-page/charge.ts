/**
 * The fields page's one API call: `POST /v1/charges` on its own origin. Card data goes only
 * here. The answer is reduced to what the host page may know (no card data, no brand or last 4).
 */
import { call } from '../../src/client/http.ts';
import { ProcessorChargeResponse } from '../../src/client/schemas.ts';
import type { CardValues } from '../../src/protocol/messages.ts';

export type ChargeOutcome =
  /**
   * `requires_action`: the buyer's bank wants them. With `challenge` (a form with no return URL, the
   * embedded checkout) this page shows the check itself (issue 18, finding 11); without, the host
   * page runs it (issue 10).
   */
  | { status: 'approved' | 'declined' | 'requires_action'; transactionId: string; declineCode?: string; challenge?: { amount: number; currency: string } }
  | { status: 'error'; code: string; httpStatus: number };

export async function chargeCard(token: string, card: Required<Omit<CardValues, 'postalCode'>> & Pick<CardValues, 'postalCode'>, base = ''): Promise<ChargeOutcome> {
  const res = await call('/v1/charges', ProcessorChargeResponse, { base, body: { token, card } });
  if (!res.ok) return { status: 'error', code: res.error.code, httpStatus: res.status };
  return outcomeOf(res.data);
}

function outcomeOf({ status, transactionId, declineCode, challenge }: ProcessorChargeResponse): ChargeOutcome {
  return { status, transactionId, ...(declineCode ? { declineCode } : {}), ...(challenge ? { challenge } : {}) };
}

/** The buyer's answer to the bank check this page shows: `POST /v1/charges/{id}/challenge`, with the form's token. */
export async function answerChallenge(token: string, transactionId: string, result: 'approve' | 'fail', base = ''): Promise<ChargeOutcome> {
  const res = await call(`/v1/charges/${encodeURIComponent(transactionId)}/challenge`, ProcessorChargeResponse, { base, body: { token, result } });
  if (!res.ok) return { status: 'error', code: res.error.code, httpStatus: res.status };
  return outcomeOf(res.data);
}
