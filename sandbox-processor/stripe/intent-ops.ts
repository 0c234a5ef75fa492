/**
 * What the Stripe stand-in does to a PaymentIntent, shared by its server API (app.ts: the `stripe`
 * Node SDK with the secret key) and its browser API (browser-api.ts: stripe.js with the publishable
 * key and the client secret): show it as Stripe does, confirm it (charge its card through the
 * sandbox's rules) and answer a confirmation the way Stripe answers one.
 */
import type { Context } from 'hono';
import type { SandboxProcessorCore } from '../processor.ts';
import { newId } from '../facts.ts';
import type { TransactionRecord } from '../store/repo.ts';
import type { IntentRepo, StoredIntent } from './intents.ts';
import { chargeObject, intentStatus, paymentIntentObject, paymentMethodObject, stripeError, vaultIdOf } from './objects.ts';
import { DECLINES_PER_SESSION } from '../radar.ts';

export type Body = Record<string, unknown>;

export const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
export const metadataOf = (v: unknown): Record<string, string> =>
  typeof v === 'object' && v !== null ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};

/**
 * A refusal in Stripe's envelope, with its HTTP status. `beforeExecution`: a parameter Stripe
 * refuses before the endpoint runs, whose answer an idempotency key does not keep (idempotency.ts).
 */
export class StripeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: ReturnType<typeof stripeError>,
    readonly beforeExecution = false,
  ) {
    super(body.error.message);
  }
}
/** An invalid request; one without a code is a parameter checked before the endpoint runs. */
export const invalid = (message: string, param?: string, code?: string) =>
  new StripeRefusal(400, stripeError('invalid_request_error', message, { ...(param ? { param } : {}), ...(code ? { code } : {}) }), code === undefined);
export const missing = (what: string, id: string) => new StripeRefusal(404, stripeError('invalid_request_error', `No such ${what}: '${id}'`, { code: 'resource_missing' }));

/**
 * Radar's refusal of a card try (issue 32, finding 3), as Stripe answers one it blocks: a card_error
 * `card_declined` / `card_velocity_exceeded`, carrying the PaymentIntent as it stands; nothing charged.
 */
export const velocityRefusal = (paymentIntent?: unknown) =>
  new StripeRefusal(402, stripeError('card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'card_velocity_exceeded', ...(paymentIntent ? { payment_intent: paymentIntent } : {}) }));

/** The ids of an intent's charges; a row from before `charges` was kept names its latest only. */
const chargeIds = (i: StoredIntent) => i.charges ?? (i.transactionId ? [i.transactionId] : []);

export function positiveInt(v: unknown, param: string): number {
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d{1,12}$/.test(v) || n < 1) throw invalid(`Invalid integer: ${String(v)}`, param);
  return n;
}

export interface ConfirmOptions {
  /** The card's billing postal code (AVS), when the browser sent one. */
  billingPostalCode?: string | null;
}

export function intentOps(core: SandboxProcessorCore, intents: IntentRepo) {
  const intentOr404 = (merchantId: string, id: string) => intents.get(merchantId, id) ?? (() => { throw missing('payment_intent', id); })();
  const transactionOf = (i: StoredIntent): TransactionRecord | undefined => (i.transactionId ? core.transaction(i.merchantId, i.transactionId) : undefined);
  /** The intent's card as a PaymentMethod; undefined without one (or one of another account). */
  const paymentMethodOf = (i: StoredIntent) => {
    const vault = i.paymentMethod ? core.repo.getVaulted(vaultIdOf(i.paymentMethod) ?? '') : undefined;
    return vault && vault.merchantId === i.merchantId ? paymentMethodObject(vault) : undefined;
  };
  /**
   * The PaymentIntent; `expand` (Stripe's expansion) may name `payment_method` (the card's
   * PaymentMethod) and `latest_charge` (the Charge), or `data.…` of either on a search.
   */
  const show = (i: StoredIntent, expand: unknown = []) => {
    const t = transactionOf(i);
    const wants = (field: string) => Array.isArray(expand) && expand.some((e) => e === field || e === `data.${field}`);
    const pm = wants('payment_method') ? paymentMethodOf(i) : undefined;
    return {
      ...paymentIntentObject(i, t, core.publicUrl),
      ...(pm ? { payment_method: pm } : {}),
      ...(t && wants('latest_charge') ? { latest_charge: chargeObject(t) } : {}),
    };
  };
  const statusOf = (i: StoredIntent) => intentStatus(i, transactionOf(i));
  /** Every charge of the intent's confirmations (Stripe's `GET /v1/charges?payment_intent=`), oldest first. */
  const chargesOf = (i: StoredIntent): TransactionRecord[] => chargeIds(i).flatMap((id) => core.transaction(i.merchantId, id) ?? []);
  /**
   * Radar's answer to card testing (issue 32, finding 3): a checkout session's forms declined
   * DECLINES_PER_SESSION times in all take no further card, approved or not, and charge nothing; as
   * Stripe blocks after repeated declines, with a card_error `card_declined` / `card_velocity_exceeded`.
   * Counted over every PaymentIntent the service made for the session (a Radar rule on the
   * `svcpay_session` metadata), so a fresh client secret does not bring fresh tries; an intent made
   * for no session counts alone.
   */
  const refuseTestedOut = (i: StoredIntent) => {
    const session = i.metadata.svcpay_session;
    const forms = session ? intents.ofSession(i.merchantId, session) : [i];
    if (forms.flatMap(chargesOf).filter((t) => t.status === 'declined').length < DECLINES_PER_SESSION) return;
    throw velocityRefusal(show(i));
  };

  /** Only an intent waiting for a card (never charged, or declined) may be confirmed: not a canceled one, nor one paid. */
  const refuseUnconfirmable = (i: StoredIntent) => {
    const prior = transactionOf(i);
    if (i.canceledAt || (prior && prior.status !== 'declined')) {
      throw invalid(`You cannot confirm this PaymentIntent because it has a status of ${statusOf(i)}.`, undefined, 'payment_intent_unexpected_state');
    }
  };

  /** Charges the intent's card; the sandbox reference is the intent id and its attempt number. */
  function confirm(i: StoredIntent, b: Body, opts: ConfirmOptions = {}): { intent: StoredIntent; lost: boolean } {
    const paymentMethod = str(b.payment_method) ?? i.paymentMethod;
    const vaultId = paymentMethod ? vaultIdOf(paymentMethod) : null;
    if (!paymentMethod || !vaultId) throw invalid('You must provide a payment method to confirm this PaymentIntent.', 'payment_method', 'payment_intent_unexpected_state');
    refuseUnconfirmable(i);
    refuseTestedOut(i);
    const returnUrl = str(b.return_url) ?? i.returnUrl;
    const result = core.chargeDirect(
      {
        merchantId: i.merchantId,
        sessionId: i.metadata.svcpay_session ?? null,
        livemode: i.livemode,
        amount: i.amount,
        currency: i.currency.toUpperCase(),
        reference: `${i.id}.${newId('')}`,
        capture: i.captureMethod === 'automatic',
        returnUrl,
        // Stripe's 3-D Secure page may be framed by any page (its guide shows it in an iframe):
        // stripe.js's dialog, a hosted page's, or one inside a merchant page's checkout frame.
        frameAncestor: '*',
        billingPostalCode: opts.billingPostalCode ?? null,
        merchantInitiated: str(b.off_session) === 'true',
      },
      { vaultId },
    );
    const charges = [...chargeIds(i).filter((id) => id !== result.transaction.id), result.transaction.id];
    const next = { ...i, paymentMethod, returnUrl, transactionId: result.transaction.id, charges };
    intents.update(next);
    // Stripe tells the platform of every confirmation too (payment_intent.*: events.ts writes it).
    if (result.created) core.outbox.enqueue({ type: 'transaction.updated', transaction: core.wire(result.transaction) });
    return { intent: next, lost: result.lost };
  }

  /** A confirmation and its event, in one transaction; the event is sent once it is committed. */
  function confirmAndTell(i: StoredIntent, b: Body, opts: ConfirmOptions = {}) {
    const r = core.tx(() => confirm(i, b, opts));
    core.outbox.kick();
    return r;
  }

  /**
   * A confirmation's answer as Stripe gives it: the PaymentIntent; a decline is a 402 `card_error`
   * carrying the PaymentIntent (the SDK's StripeCardError), also when an idempotent retry replays it.
   * Card 0090: the charge happened and the answer is lost on the way (a 500 to retry or look up).
   */
  function answer(c: Context, r: { intent: StoredIntent; lost: boolean }, expand?: unknown) {
    if (r.lost) return c.json(stripeError('api_error', 'An error occurred with our connection to the card network.'), 500);
    const pi = show(r.intent, expand);
    if (pi.last_payment_error && pi.status === 'requires_payment_method') {
      // Stripe's card errors carry the PaymentIntent and the card's PaymentMethod.
      const pm = paymentMethodOf(r.intent);
      return c.json({ error: { ...pi.last_payment_error, payment_intent: pi, ...(pm ? { payment_method: pm } : {}) } }, 402);
    }
    return c.json(pi);
  }

  return { intentOr404, transactionOf, chargesOf, paymentMethodOf, show, statusOf, refuseUnconfirmable, confirm: confirmAndTell, answer };
}
export type IntentOps = ReturnType<typeof intentOps>;
