/**
 * The server half of the Stripe adapter (issue 19, step 2; Doc 3 "Provider adapters"): the
 * Processor operations a merchant's server drives (vault a card reference, charge it, look a charge
 * up by the engine's reference, capture, void, refund), made with the real `stripe` Node SDK. The
 * same code reaches Stripe or the sandbox's stand-in (sandbox-processor/stripe): only `host`, `port`,
 * `protocol` or the SDK's fetch client differ. The browser half (init, stripe.js, complete) and the
 * choice of this adapter for `card_element` merchants come in the next steps.
 *
 * Each answer becomes a ProcessorTransaction, each failure one of the engine's errors (./stripe-errors.ts):
 * refused with nothing moved only when Stripe's answer proves it; otherwise an unknown outcome.
 */
import Stripe from 'stripe';
import type { Merchant, SessionRecord } from '../../domain/index.ts';
import {
  ProcessorRejectedError,
  type ProcessorRefund,
  type ProcessorTransaction,
  type VaultChargeRequest,
  type VaultInput,
  type VaultedCard,
} from '../types.ts';
import { translate } from './stripe-errors.ts';

export interface StripeCallsOptions {
  /** The platform's secret key (the sandbox: the processor secret). */
  secretKey: string;
  /** Where the API is: Stripe's own by default; the stand-in's in the sandbox. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** A fetch to use instead of the network (tests: the stand-in's `request`). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  timeoutMs?: number;
  /**
   * The keys are the merchant's own (issue 19): calls act on that account itself. Unset: the
   * platform's keys, each merchant a connected account named by `Stripe-Account`.
   */
  ownAccount?: boolean;
}

/** What every read expands: the card's details, and the charge (a canceled hold versus nothing ever charged). */
const EXPAND = ['payment_method', 'latest_charge'];

/** The idempotency key of a charge's confirmation: its PaymentIntent's (the engine's reference) is the create's. */
export const confirmKey = (reference: string) => `${reference}:confirm`;

/**
 * A PaymentIntent no card was ever confirmed with: waiting for its confirmation, or canceled before
 * it (a fenced charge, a closed form). It moved no money and declined nothing.
 */
export const neverConfirmed = (pi: Stripe.PaymentIntent) =>
  pi.latest_charge === null && pi.last_payment_error === null && (pi.status === 'requires_payment_method' || pi.status === 'requires_confirmation' || pi.status === 'canceled');

/** The metadata keys the adapter writes on every PaymentIntent it makes, and finds them by. */
export const REFERENCE_KEY = 'svcpay_reference';
export const SESSION_KEY = 'svcpay_session';

type Card = { brand: string; last4: string; expMonth: number; expYear: number };
const NO_CARD: Card = { brand: 'unknown', last4: '', expMonth: 0, expYear: 0 };

function cardOf(pm: string | Stripe.PaymentMethod | null | undefined): Card {
  const c = typeof pm === 'object' && pm ? pm.card : null;
  return c ? { brand: c.brand, last4: c.last4, expMonth: c.exp_month, expYear: c.exp_year } : NO_CARD;
}

/**
 * Why the adapter cancels a form (revokeClientToken): Stripe's `abandoned`. It cancels only a form
 * nothing paid with, so a charge such a form names is one of its declines.
 */
export const FORM_CLOSED = 'abandoned' satisfies Stripe.PaymentIntentCancelParams.CancellationReason;

/** A PaymentIntent as the engine knows a processor transaction. */
export function transactionOf(merchant: Merchant, pi: Stripe.PaymentIntent, pm?: Stripe.PaymentMethod | null): ProcessorTransaction {
  // Nothing was ever charged: waiting for a card, or canceled without an authorization (a canceled
  // hold's charge succeeded; a declined or abandoned one's did not). An event's PaymentIntent has the
  // charge's id only: a canceled one then reads as a released hold if it has a charge at all, unless
  // it is a form the adapter closed (its charges are its declines).
  const charge = pi.latest_charge;
  const closedForm = pi.status === 'canceled' && pi.cancellation_reason === FORM_CLOSED;
  const authorized = typeof charge === 'object' && charge !== null ? charge.status === 'succeeded' : charge !== null && !closedForm;
  const uncharged = pi.status === 'requires_payment_method' || pi.status === 'requires_confirmation' || (pi.status === 'canceled' && !authorized);
  const status: ProcessorTransaction['status'] = pi.status === 'requires_action' ? 'requires_action' : uncharged ? 'declined' : 'approved';
  const capture = pi.status === 'succeeded' ? 'settled' : pi.status === 'processing' ? 'pending' : pi.status === 'canceled' ? 'voided' : 'none';
  const next = pi.next_action?.redirect_to_url?.url ?? null;
  return {
    id: pi.id,
    status,
    declineCode: status !== 'declined' ? null : declineCodeOf(pi, closedForm),
    networkDeclineCode: status !== 'declined' ? null : networkDeclineCodeOf(pi),
    amount: pi.amount,
    currency: pi.currency.toUpperCase(),
    sessionId: pi.metadata[SESSION_KEY] ?? null,
    merchantId: merchant.id,
    card: cardOf(pm ?? pi.payment_method),
    avsResult: null,
    cvvResult: null,
    reference: pi.metadata[REFERENCE_KEY] ?? null,
    capture: status === 'approved' ? capture : 'none',
    capturedAmount: pi.amount_received,
    settlesAt: null,
    challengeUrl: status === 'requires_action' ? next : null,
    threeDSecure: null,
    dispute: null,
  };
}

/**
 * Why a PaymentIntent paid nothing: its last decline; a canceled one, `canceled`, unless it is a form
 * closed after a decline (issue 32, finding 3), which still reads as that decline: Stripe clears
 * `last_payment_error` once the intent changes again, the failed charge keeps the reason.
 */
/** The issuer's raw code of the decline (Stripe's `network_decline_code`), on the error or the failed charge's outcome. */
function networkDeclineCodeOf(pi: Stripe.PaymentIntent): string | null {
  const charge = pi.latest_charge;
  const outcome = typeof charge === 'object' && charge?.status === 'failed' ? charge.outcome?.network_decline_code : null;
  return pi.last_payment_error?.network_decline_code ?? outcome ?? null;
}

function declineCodeOf(pi: Stripe.PaymentIntent, closedForm: boolean): string {
  const charge = pi.latest_charge;
  if (pi.status === 'canceled' && !(closedForm && charge)) return 'canceled';
  const failed = typeof charge === 'object' && charge?.status === 'failed' ? (charge.outcome?.reason ?? charge.failure_code) : null;
  return pi.last_payment_error?.decline_code ?? pi.last_payment_error?.code ?? failed ?? 'card_declined';
}

export class StripeCalls {
  readonly #stripe: Stripe;
  readonly #own: boolean;

  constructor(opts: StripeCallsOptions) {
    this.#own = opts.ownAccount === true;
    const fetchFn = opts.fetch;
    this.#stripe = new Stripe(opts.secretKey, {
      // The engine's reconciler retries with the same references; the SDK must not retry behind it.
      maxNetworkRetries: 0,
      timeout: opts.timeoutMs ?? 10_000,
      ...(opts.host ? { host: opts.host } : {}),
      ...(opts.port ? { port: opts.port } : {}),
      ...(opts.protocol ? { protocol: opts.protocol } : {}),
      ...(fetchFn ? { httpClient: Stripe.createFetchHttpClient((url, init) => fetchFn(String(url), init as RequestInit)) } : {}),
    });
  }

  /** The merchant's account at Stripe: the keys' own, or a connected account (the sandbox's stand-in keys it by merchant id). */
  #as(merchant: Merchant, idempotencyKey?: string): Stripe.RequestOptions {
    return { ...(this.#own ? {} : { stripeAccount: merchant.id }), ...(idempotencyKey ? { idempotencyKey } : {}) };
  }

  async vault(merchant: Merchant, input: VaultInput): Promise<VaultedCard> {
    // Card data reaches Stripe only from its own fields (stripe.js), never through this server.
    if ('card' in input) throw new ProcessorRejectedError('unsupported', 'Stripe takes card details only in its own fields; vault a Stripe card reference.');
    // Charge and save through stripe.js: the PaymentMethod the approved PaymentIntent paid with,
    // kept for later by the form's `setup_future_usage` (openForm).
    const pm = 'transactionId' in input ? await this.#paidWith(merchant, input.transactionId) : await this.#stripe.paymentMethods.create({ type: 'card', card: { token: input.providerReference } }, this.#as(merchant)).catch(translate);
    const card = cardOf(pm);
    return { vaultId: pm.id, card: { brand: card.brand, last4: card.last4 || null, expMonth: card.expMonth || null, expYear: card.expYear || null } };
  }

  /** The card an approved PaymentIntent of the merchant paid with. */
  async #paidWith(merchant: Merchant, id: string): Promise<Stripe.PaymentMethod> {
    const pi = await this.paymentIntent(merchant, id);
    const pm = pi && (pi.status === 'succeeded' || pi.status === 'requires_capture') ? pi.payment_method : null;
    if (!pm || typeof pm === 'string') throw new ProcessorRejectedError('unknown_transaction', 'No approved PaymentIntent of this account with that id.');
    return pm;
  }

  /**
   * One PaymentIntent per engine reference, made unconfirmed (the reference is its idempotency key
   * and its metadata), then confirmed under a key of its own (issue 34, "No false final state"):
   * a create that lands late moves no money, and a confirm that lands late is refused once `fence`
   * canceled the PaymentIntent. A decline is a transaction, not an error.
   */
  async chargeVaulted(merchant: Merchant, req: VaultChargeRequest): Promise<ProcessorTransaction> {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: req.amount,
      currency: req.currency.toLowerCase(),
      payment_method: req.vaultId,
      capture_method: req.capture ? 'automatic' : 'manual',
      // Rule tags ride as metadata, where Radar rules match them (`::key::`); the reserved keys are never a tag's.
      metadata: { ...req.extras?.ruleTags, [REFERENCE_KEY]: req.reference, ...(req.sessionId ? { [SESSION_KEY]: req.sessionId } : {}) },
      // The tail after the account's registered prefix; Stripe takes no buyer IP or names here (index.ts).
      ...(req.extras?.descriptor?.kind === 'suffix' ? { statement_descriptor_suffix: req.extras.descriptor.suffix } : {}),
    };
    const created = await this.#stripe.paymentIntents.create(params, this.#as(merchant, req.reference)).catch(translate);
    const confirm: Stripe.PaymentIntentConfirmParams = { off_session: req.merchantInitiated, expand: EXPAND, ...(req.returnUrl ? { return_url: req.returnUrl } : {}) };
    try {
      const pi = await this.#stripe.paymentIntents.confirm(created.id, confirm, this.#as(merchant, confirmKey(req.reference)));
      return transactionOf(merchant, pi);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError && err.payment_intent) return transactionOf(merchant, err.payment_intent, err.payment_method ?? null);
      return translate(err);
    }
  }

  /** The PaymentIntent made for an engine reference, found by its metadata; null when Stripe has none. */
  async find(merchant: Merchant, reference: string): Promise<Stripe.PaymentIntent | null> {
    const found = await this.#stripe.paymentIntents
      .search({ query: `metadata['${REFERENCE_KEY}']:'${reference.replace(/['\\]/g, '')}'`, expand: EXPAND.map((e) => `data.${e}`) }, this.#as(merchant))
      .catch(translate);
    return found.data[0] ?? null;
  }

  /** The charge made for an engine reference; null when Stripe has none, or only its PaymentIntent, never confirmed. */
  async lookup(merchant: Merchant, reference: string): Promise<ProcessorTransaction | null> {
    const pi = await this.find(merchant, reference);
    return pi && !neverConfirmed(pi) ? transactionOf(merchant, pi) : null;
  }

  async verifyTransaction(merchant: Merchant, id: string): Promise<ProcessorTransaction | null> {
    const pi = await this.paymentIntent(merchant, id);
    return pi && transactionOf(merchant, pi);
  }

  async capture(merchant: Merchant, req: { transactionId: string; amount: number; reference: string }): Promise<ProcessorTransaction> {
    const pi = await this.#stripe.paymentIntents
      .capture(req.transactionId, { amount_to_capture: req.amount, expand: EXPAND }, this.#as(merchant, req.reference))
      .catch(translate);
    return transactionOf(merchant, pi);
  }

  async void(merchant: Merchant, req: { transactionId: string; reference: string }): Promise<ProcessorTransaction> {
    const pi = await this.#stripe.paymentIntents.cancel(req.transactionId, { expand: EXPAND }, this.#as(merchant, req.reference)).catch(translate);
    return transactionOf(merchant, pi);
  }

  async refund(merchant: Merchant, req: { transactionId: string; amount: number; reference: string }): Promise<ProcessorRefund> {
    const r = await this.#stripe.refunds
      .create({ payment_intent: req.transactionId, amount: req.amount, metadata: { [REFERENCE_KEY]: req.reference } }, this.#as(merchant, req.reference))
      .catch(translate);
    return refundOf(r, req.reference, req.transactionId);
  }

  /** A refund by the engine's reference. Stripe has no refund search: its PaymentIntent's refunds are listed. */
  async refundLookup(merchant: Merchant, reference: string, transactionId: string): Promise<ProcessorRefund | null> {
    const list = await this.#stripe.refunds.list({ payment_intent: transactionId, limit: 100 }, this.#as(merchant)).catch(translate);
    const r = list.data.find((x) => x.metadata?.[REFERENCE_KEY] === reference);
    return r ? refundOf(r, reference, transactionId) : null;
  }

  /**
   * A browser form (card_element): a PaymentIntent for stripe.js to confirm, not confirmed here. Its
   * client secret is what `init` hands the browser; the session is in its metadata.
   */
  async openForm(merchant: Merchant, session: SessionRecord): Promise<Stripe.PaymentIntent> {
    return this.#stripe.paymentIntents
      .create(
        {
          amount: session.amount,
          currency: session.currency.toLowerCase(),
          capture_method: session.captureMethod === 'manual' ? 'manual' : 'automatic',
          metadata: { [SESSION_KEY]: session.id },
          // Charge and save (engine/payments/charge/save-card.ts): the card this form pays with is kept for the buyer.
          ...(session.setupForFutureUse !== null && session.buyerId !== null ? { setup_future_usage: 'on_session' as const } : {}),
        },
        this.#as(merchant),
      )
      .catch(translate);
  }

  /**
   * How many charges of a PaymentIntent failed: one per declined confirmation (Stripe's
   * `GET /v1/charges?payment_intent=`; the real API lists them the same way).
   */
  async failedCharges(merchant: Merchant, id: string): Promise<number> {
    const list = await this.#stripe.charges.list({ payment_intent: id, limit: 100 }, this.#as(merchant)).catch(translate);
    return list.data.filter((ch) => ch.status === 'failed').length;
  }

  /** A PaymentIntent as it stands, the card expanded; null when Stripe does not know it. */
  async paymentIntent(merchant: Merchant, id: string): Promise<Stripe.PaymentIntent | null> {
    try {
      return await this.#stripe.paymentIntents.retrieve(id, { expand: EXPAND }, this.#as(merchant));
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
      return translate(err);
    }
  }

  /** Cancels a PaymentIntent (a form closed, with FORM_CLOSED; a bank check abandoned, a hold released). */
  async cancel(merchant: Merchant, id: string, reason?: typeof FORM_CLOSED): Promise<Stripe.PaymentIntent> {
    return this.#stripe.paymentIntents.cancel(id, { expand: EXPAND, ...(reason ? { cancellation_reason: reason } : {}) }, this.#as(merchant)).catch(translate);
  }
}

/** A Stripe refund as the engine knows it, for the engine's reference and the refunded PaymentIntent (server calls and webhooks). */
export function refundOf(r: Stripe.Refund, reference: string, transactionId: string): ProcessorRefund {
  const status = r.status === 'succeeded' ? 'succeeded' : r.status === 'failed' || r.status === 'canceled' ? 'failed' : 'pending';
  return { id: r.id, reference, transactionId, amount: r.amount, currency: r.currency.toUpperCase(), status, failureCode: status === 'failed' ? (r.failure_reason ?? 'refund_declined') : null };
}
