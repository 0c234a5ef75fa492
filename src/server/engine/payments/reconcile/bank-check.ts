/**
 * A charge at submit whose session's time limit passed while the buyer's bank check was still open
 * (Doc 1, `expiredFrom`): the session closes with `expiredFrom` `processing` (a payment had started
 * and its outcome is not known), and the provider is asked to end the check. When it confirms that
 * nothing was authorized, the decline is settled (charge/settle.ts), `expiredFrom` turns `failed`
 * and `payment_intent.failed` / `charge.failed` announce it. A provider that cannot be reached now
 * is asked again at the reconciler's next look; a check the buyer passed meanwhile is recorded as
 * the payment it is. Issue 35.
 */
import type { AttemptRecord } from '../../../store/types.ts';
import type { Processor, ProcessorTransaction } from '../../../processors/types.ts';
import type { Merchant } from '../../../domain/index.ts';
import { moveTo, saveSession } from '../../sessions/session-status.ts';
import { settleFormTransaction } from '../forms/setup.ts';
import type { PaymentDeps } from '../payments.ts';

/** 'recorded' when the check ended and was settled; 'waiting' when the session closed but the provider has not answered; null when the limit has not passed. */
export async function endTimedOutBankCheck(
  deps: PaymentDeps,
  merchant: Merchant,
  processor: Processor,
  a: AttemptRecord,
  t: ProcessorTransaction,
): Promise<'recorded' | 'waiting' | null> {
  const now = deps.clock.iso();
  const closed = await deps.store.tx(async (r) => {
    const s = a.sessionId ? await r.sessions.get(a.sessionId) : undefined;
    if (!s || !(s.integrationMode === 'elements' && s.chargeAtSubmit) || s.chargeLock !== a.id || s.expiresAt > now) return false;
    if (s.status !== 'expired') await saveSession(r, s, moveTo(s, 'expired', { expiredFrom: 'processing' }, now));
    return true;
  });
  if (!closed) return null;
  const ended = await processor.cancelChallenge(merchant, t.id).catch((err: unknown) => {
    deps.log.warn('ending a timed-out bank check failed; asked again later', { attempt: a.id, error: err instanceof Error ? err.message : String(err) });
    return null;
  });
  if (!ended || ended.status === 'requires_action') return 'waiting';
  await settleFormTransaction(deps, merchant, a.sessionId!, ended, a.id);
  return 'recorded';
}
