/**
 * The hosted page's and the embedded checkout's browser forms before they pay (Doc 1, internal
 * checkout endpoints): `init` hands out the processor's form for a session, and the buyer details
 * are saved ahead of the charge. What the form then sends is completed by complete.ts.
 *
 * Issue 35: a provider's form charges at the provider (the sandbox fields, a Stripe client secret),
 * so the details a session requires are checked before the form is handed out, not after the buyer
 * paid: `init` answers 422 `required_fields_missing` while the session lacks them, the hosted page
 * asks for them and saves them (`POST /api/checkout/buyer-details`), then calls `init` again.
 */
import type { EngineDeps } from '../../deps.ts';
import { DomainError } from '../../../domain/errors.ts';
import { processorOf } from '../../binder.ts';
import { ProcessorUnavailableError, type Processor } from '../../../processors/types.ts';
import { moveTo, refuseDeclinedOut, saveSession } from '../../sessions/session-status.ts';
import { expireIfDue } from '../../sessions/sessions.ts';
import { FORM_HANDBACK_MS, newAttempt } from '../../attempts/attempts.ts';
import type { Merchant, SessionRecord } from '../../../domain/index.ts';
import type { BuyerDetails } from '../../../../buyer/buyer-fields.ts';
import { requireBuyerDetails, withSavedBuyerDetails } from './buyer-details.ts';
import type { PaymentDeps } from '../payments.ts';
import { closeRevokedForms, revokeOlderForms } from './close-forms.ts';
import { checkPaymentAsk } from '../../merchants/capabilities.ts';
import { refuseUnsavable } from '../charge/save-card.ts';
import { requireBuyerFields } from '../charge/required-fields.ts';
import { refuseSetupForm } from './setup.ts';

/** The provider is reached over the network now: a call that gets no answer is Doc 1's provider_unavailable, not a 500. */
function unavailable(err: unknown): never {
  if (err instanceof ProcessorUnavailableError) throw new DomainError('provider_unavailable');
  throw err;
}

export interface InitOptions {
  /** Where the processor's bank challenge sends the buyer back (the hosted page). */
  returnUrl?: string;
  /**
   * Runs before a fresh form is made, and may refuse it (the checkout rate limits: Doc 3 counts
   * fresh forms; a form handed back is not one).
   */
  beforeForm?: () => Promise<void>;
}

/**
 * `POST /api/checkout/init`: validates the session and hands out the processor's client token,
 * once the session holds the buyer details it requires (else 422 `required_fields_missing`).
 *
 * The session's live form is handed back while it is unused at the processor, young enough
 * (FORM_HANDBACK_MS) and made for the same amount and return URL (issue 18, finding 8): anyone who
 * knows a session id can call init, and revoking the buyer's form on every call let them break the
 * buyer's payment. A second tab gets the same form; the processor charges a form once.
 *
 * Otherwise a fresh form is made: recorded as a `client` attempt (reference: the token) before the
 * browser gets it, so a payment made with it is found by the reconciler even if the browser never
 * calls `complete`; the session's older form (spent, stale) is revoked first, so only one can pay.
 */
export async function initCheckout(deps: PaymentDeps & Pick<EngineDeps, 'providers' | 'sealer'>, sessionId: string, opts: InitOptions = {}) {
  const found = await deps.store.read.sessions.get(sessionId);
  if (!found) throw new DomainError('session_not_found');
  const merchant = await deps.store.read.merchants.get(found.merchantId);
  if (!merchant || merchant.status !== 'active') throw new DomainError('session_not_found');
  const processor = processorOf(deps, merchant);
  const session = await deps.store.tx(async (r) => expireIfDue(r, deps.clock.iso(), (await r.sessions.get(sessionId))!));
  refuseInit(session);
  // Doc 2: a form that could not save the card as the session asks is not handed out (nothing moved yet).
  refuseUnsavable(processor, session);
  refuseSetupForm(processor, session);
  // A currency the merchant's account stopped settling since the session was made (its keys changed):
  // no form that cannot pay (issue 34, finding 4).
  checkPaymentAsk(deps, merchant, { currency: session.currency });
  // Issue 35: the form charges at the provider, where no check of the buyer details can follow;
  // none is handed out (not even the live one) while the session lacks a detail it requires.
  requireBuyerFields(deps, session);
  const live = await liveUnusedForm(deps, processor, merchant, session, opts.returnUrl ?? null);
  if (live) return live;
  await opts.beforeForm?.();
  // Only the newest form can pay: the older ones are revoked first, and a failure refuses this one.
  const revoked = await revokeOlderForms(deps, merchant, sessionId);
  // An older form that had paid was recorded just now: the session may be paid.
  if (revoked.size) refuseInit((await deps.store.read.sessions.get(sessionId))!);
  const init = await processor.clientInit(merchant, session, opts).catch(unavailable);
  await deps.store.tx(async (r) => {
    const s = (await r.sessions.get(sessionId))!;
    const now = deps.clock.iso();
    // A webhook or another tab may have settled it while the token was minted (Doc 1: 503 on init).
    if (s.status === 'succeeded' || s.status === 'expired') throw new DomainError('service_unavailable', 'The session changed while the payment form was prepared; try again.');
    refuseInit(s);
    await closeRevokedForms(r, sessionId, revoked, now);
    if (init.token) {
      await r.attempts.insert(
        newAttempt(
          { merchantId: merchant.id, livemode: s.livemode, kind: 'client', reference: init.token, sessionId, amount: s.amount, currency: s.currency },
          deps.clock.nowMs(),
          { init, returnUrl: opts.returnUrl ?? null },
        ),
      );
    }
    const opened = { hostedOpenedAt: s.hostedOpenedAt ?? now };
    await saveSession(r, s, s.status === 'pending' ? moveTo(s, 'processing', opened, now) : { ...s, ...opened, updatedAt: now });
  });
  return init;
}

/**
 * The session's one live form, when a buyer may still pay with it: made for this amount, currency
 * and return URL, less than FORM_HANDBACK_MS ago, and unknown to the processor as a transaction (no
 * charge, decline or challenge made with it). Anything else, or a processor that does not answer,
 * goes the fresh-form way, which revokes it.
 */
async function liveUnusedForm(deps: PaymentDeps, processor: Processor, merchant: Merchant, session: SessionRecord, returnUrl: string | null) {
  const forms = await deps.store.tx((r) => r.attempts.pendingForSession(session.id, 'client'));
  const form = forms.length === 1 ? forms[0]!.form : null;
  if (!form || form.returnUrl !== returnUrl) return null;
  const { amount, currency, createdAt, reference } = forms[0]!;
  if (amount !== session.amount || currency !== session.currency) return null;
  if (Date.parse(createdAt) + FORM_HANDBACK_MS <= deps.clock.nowMs()) return null;
  const used = await processor.lookup(merchant, reference).catch(() => undefined);
  return used === null ? form.init : null;
}

/**
 * `POST /api/checkout/buyer-details` (issue 22): the hosted page saves what the buyer typed before
 * it lets the card be charged, so a tab closed right after the charge, or a charge whose answer is
 * lost, leaves the details on the session for whatever settles it (the reconciler, the provider's
 * event). Checked as `complete` checks them (422 `required_fields_missing`, card numbers refused as
 * invalid), then written in one transaction, or not at all. A session that could not take a
 * payment now refuses them as init would (paid, expired, a charge running, finally declined).
 */
export async function saveBuyerDetails(deps: PaymentDeps & Pick<EngineDeps, 'sealer'>, sessionId: string, sent: BuyerDetails): Promise<SessionRecord> {
  const found = await deps.store.read.sessions.get(sessionId);
  if (!found) throw new DomainError('session_not_found');
  const merchant = await deps.store.read.merchants.get(found.merchantId);
  if (!merchant || merchant.status !== 'active') throw new DomainError('session_not_found');
  const details = requireBuyerDetails(deps, { ...found, buyerDetailsSaved: false }, sent);
  return deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    // A refusal throws and rolls back the expiry written here too: nothing changes.
    const s = await expireIfDue(r, now, (await r.sessions.get(sessionId))!);
    refuseInit(s);
    return saveSession(r, s, { ...withSavedBuyerDetails(deps, s, details), updatedAt: now });
  });
}

function refuseInit(session: SessionRecord) {
  if (session.status === 'succeeded') throw new DomainError('session_already_completed');
  if (session.status === 'expired') throw new DomainError('session_expired');
  // Doc 1, Idempotency 5: a charge for this session is running; a second form could pay twice.
  if (session.chargeLock !== null) throw new DomainError('charge_in_progress');
  if (session.status === 'failed' && session.retry && session.retry.attempts_remaining === 0) {
    throw new DomainError('session_wrong_state', 'This session was declined and has no attempts left; create a new session.');
  }
  refuseDeclinedOut(session);
}
