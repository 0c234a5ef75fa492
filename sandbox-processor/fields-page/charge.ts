/**
 * The fields page's one API call: `POST /v1/charges` on its own origin. Card data goes only
 * here. The answer is reduced to what the host page may know (no card data, no brand or last 4).
 */
import { call } from '../../src/client/http.ts';
import { ProcessorChargeResponse } from '../../src/client/schemas.ts';
import type { CardValues } from '../../src/protocol/messages.ts';

export type ChargeOutcome =
  /** `requires_action`: the buyer's bank wants them; the host page runs the challenge (issue 10). */
  | { status: 'approved' | 'declined' | 'requires_action'; transactionId: string; declineCode?: string }
  | { status: 'error'; code: string; httpStatus: number };

export async function chargeCard(token: string, card: Required<Omit<CardValues, 'postalCode'>> & Pick<CardValues, 'postalCode'>, base = ''): Promise<ChargeOutcome> {
  const res = await call('/v1/charges', ProcessorChargeResponse, { base, body: { token, card } });
  if (!res.ok) return { status: 'error', code: res.error.code, httpStatus: res.status };
  const { status, transactionId, declineCode } = res.data;
  return declineCode ? { status, transactionId, declineCode } : { status, transactionId };
}
