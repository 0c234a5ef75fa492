/**
 * `POST /v1/public/sessions/{id}/complete` (Doc 1: "resolve the outcome after submit; a UX
 * signal, confirm by webhook; returns 503 feature_unavailable when switched off"). The browser
 * names the processor transaction it just made; the service verifies it with the processor and
 * settles the session through the engine, exactly as `POST /api/checkout/complete` does, and
 * answers with the session's status and the payment intent. No redirect: the buyer stays on the
 * merchant's page.
 */
import type { EngineDeps } from '../../deps.ts';
import { DomainError } from '../../../domain/errors.ts';
import { completeTransaction } from './hosted-checkout.ts';
import { sessionForKey } from '../../sessions/sessions.ts';
import type { AuthContext } from '../../../domain/index.ts';

type CompleteDeps = Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor' | 'signer' | 'log'>;

export async function completeForKey(deps: CompleteDeps, auth: AuthContext, sessionId: string, transactionId: string, challenge: { returnUrl?: string; cancel?: boolean } = {}) {
  // Another merchant's or mode's session is a 404 before anything else is said about it (Doc 3).
  const found = await sessionForKey(deps.store.read, auth, sessionId);
  // Doc 3: `settings.completeEndpoint: false` switches this route off.
  if (!auth.merchant.settings.completeEndpoint) throw new DomainError('feature_unavailable');
  return completeTransaction(deps, found, transactionId, undefined, challenge);
}
