/**
 * `GET /v1/public/sessions/{id}/embed-token` (Doc 1: "poll whether an embedded session is ready
 * to mount"; Doc 3, Browser flows 2). Documents 1 and 3 leave the answer open; decided here:
 * - ready: the same hand-out as `POST /api/checkout/init` (initCheckout, not a copy of it), with
 *   `ready: true`, so the embedded checkout mounts the processor's fields as the hosted page does.
 *   Like init, a ready answer hands back the session's live unused form, or makes a fresh one.
 *   Polls never revoke the buyer's form (issue 18, finding 8).
 * - not ready: 200 `{ ready: false, reason, retryAfterMs }` while a payment of the session is
 *   running, while the session changed under the form being prepared, or while the provider
 *   does not answer. Nothing is written, so polling is free of side effects until ready.
 * - never mountable: 409 `session_wrong_state` (an `elements` session, or a setup session whose
 *   provider cannot save a card without charging it: forms/setup.ts), 422 `saved_card_buyer_required`
 *   (a setup session without a buyer),
 *   409 `session_already_completed` (paid), 410 `session_expired`, 422 `required_fields_missing`
 *   (buyer details the session requires and does not hold; issue 35); the poller stops on these.
 */
import type { EngineDeps } from '../../deps.ts';
import { DomainError } from '../../../domain/errors.ts';
import type { EmbedWaitReason } from '../../../../vocab/embed.ts';
import { initCheckout } from './init.ts';
import { expireIfDue, sessionForKey } from '../../sessions/sessions.ts';
import type { AuthContext } from '../../../domain/index.ts';

/** The pause the browser is asked to leave before the next poll. */
export const EMBED_RETRY_AFTER_MS = 1000;

type EmbedDeps = Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor' | 'signer' | 'log' | 'providers' | 'sealer'>;

const waiting = (reason: EmbedWaitReason) => ({ ready: false as const, reason, retryAfterMs: EMBED_RETRY_AFTER_MS });

/** Initialisation failures that pass: the next poll may well be answered. */
const TRANSIENT: Partial<Record<string, EmbedWaitReason>> = {
  charge_in_progress: 'payment_in_progress',
  service_unavailable: 'session_changed',
  provider_unavailable: 'provider_unavailable',
};

/**
 * `beforeForm` runs before each fresh form is made and may refuse it (the route's checkout rate
 * limits, Doc 3: fresh forms count; polls that hand out none, or hand back the live one, do not).
 */
export async function embedToken(deps: EmbedDeps, auth: AuthContext, sessionId: string, beforeForm: () => Promise<void> = async () => {}) {
  const found = await sessionForKey(deps.store.read, auth, sessionId);
  if (found.integrationMode !== 'embed') {
    throw new DomainError('session_wrong_state', 'This is an elements session: mount its fields with elements().create(), not mountCheckout.');
  }
  // The lazy half of the expiry sweep, so a session past its limit answers 410 rather than a form.
  const session = await deps.store.tx(async (r) => expireIfDue(r, deps.clock.iso(), (await r.sessions.get(found.id))!));
  if (session.status === 'succeeded') throw new DomainError('session_already_completed');
  if (session.status === 'expired') throw new DomainError('session_expired');
  if (session.chargeLock !== null) return waiting('payment_in_progress');
  // The buyer pays the provider's form directly and the embed asks for no details: a session
  // without those it requires gets no form (initCheckout's 422 required_fields_missing, which
  // stops the poller), so nothing is charged.
  try {
    return { ready: true as const, ...(await initCheckout(deps, session.id, { beforeForm })) };
  } catch (err) {
    const reason = err instanceof DomainError ? TRANSIENT[err.code] : undefined;
    if (reason) return waiting(reason);
    throw err;
  }
}
