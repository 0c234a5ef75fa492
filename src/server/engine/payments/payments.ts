/**
 * What every payment path shares around its settle (charge/settle.ts): the outcome, whether it
 * paid, the buyer's error, and the revocation of the browser forms a settled session no longer takes.
 */
import type { EngineDeps } from '../deps.ts';
import { browserDeclineCode, declineMessage } from './declines.ts';
import type { Merchant, PaymentIntentRecord, SessionRecord } from '../../domain/index.ts';
import { processorOrNull } from '../binder.ts';

export type PaymentDeps = Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor' | 'signer' | 'log' | 'sealer'>;

export interface Outcome {
  session: SessionRecord;
  intent: PaymentIntentRecord;
}

/**
 * The payment paid what was asked: captured (`succeeded`) or held for a manual capture
 * (`authorized`), for the amount and currency requested. A partial approval moved money but did
 * not pay (issue 17, finding 7).
 */
export const isApproved = (intent: PaymentIntentRecord) => (intent.status === 'succeeded' || intent.status === 'authorized') && !intent.amountMismatch;

/** The buyer-safe error a browser sees for a declined attempt (a partial approval reads as a processing error). */
export function buyerError(intent: PaymentIntentRecord) {
  return declineError(intent.amountMismatch ? 'processing_error' : (intent.declineCode ?? 'card_declined'));
}

/** The buyer-safe error of a decline code (a setup session's declined card check has no intent: forms/setup.ts). */
export function declineError(code: string) {
  return { code: 'card_declined', decline_code: browserDeclineCode(code), message: declineMessage(code) };
}


/** Best effort: a form the processor could not be told about is still single-use and expires within the hour. */
export async function revokeForms(deps: Pick<EngineDeps, 'processorFor' | 'ownProcessor' | 'log'>, merchant: Merchant, tokens: string[]) {
  const processor = processorOrNull(deps, merchant);
  for (const token of tokens) {
    try {
      await processor?.revokeClientToken(merchant, token);
    } catch (err) {
      deps.log.warn('could not revoke a checkout form at the processor', { error: err instanceof Error ? err.message : String(err) });
    }
  }
}
