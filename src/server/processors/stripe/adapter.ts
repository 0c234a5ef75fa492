/**
 * The Stripe adapter (issue 19; Doc 3 "Provider adapters"): the `Processor` interface for
 * `card_element` merchants, made with the real `stripe` SDK (./stripe-calls.ts). A browser form is
 * an unconfirmed PaymentIntent: `init` hands stripe.js its client secret, stripe.js confirms it
 * with the card the buyer typed in Stripe's own fields, and the service reads the outcome back by
 * the PaymentIntent (`verifyTransaction`, or `lookup` by the client secret it handed out).
 *
 * What Stripe cannot do here, said plainly rather than faked:
 * - card data through svcpay's own fields (`charge`), wallets (`chargeWallet`, Apple Pay sessions):
 *   refused `unsupported`; for Stripe merchants they go through stripe.js;
 * - a refund cannot be fenced (Stripe cannot cancel a card refund): one without an answer stays
 *   `requested` while the service watches (`fencesLateCalls.refund` false).
 *
 * A server charge (`chargeVaulted`: a saved card, or `agent_hosted_fields`' confirmation) is a
 * PaymentIntent made unconfirmed, then confirmed; `fence` cancels it while it is unconfirmed, so a
 * charge the engine gave up on cannot land later (issue 34, "No false final state";
 * docs/operator.md). What still slips through (confirmed between the look-up and the cancel) is
 * recorded by the next look-up, or reversed by the second watch (issue 17).
 *
 * Made by Stripe's registry entry (./index.ts).
 */
import type Stripe from 'stripe';
import type { InitResponse } from '../../../api/checkout.ts';
import type { Merchant, SessionRecord } from '../../domain/index.ts';
import { ProcessorConflictError, ProcessorRejectedError, type ProcessorTransaction } from '../types.ts';
import { ProviderAdapter } from '../provider-adapter.ts';
import { FORM_CLOSED, neverConfirmed, StripeCalls, transactionOf, type StripeCallsOptions } from './stripe-calls.ts';

export interface StripeAdapterOptions extends StripeCallsOptions {
  /** The platform's publishable key, for stripe.js. */
  publishableKey: string;
  environment: 'sandbox' | 'production';
  /** The stripe.js stand-in's address, handed to the browser in `environment: sandbox` only. */
  scriptUrl?: string;
}

/** A client secret names its PaymentIntent: `pi_…_secret_…`. */
export const intentOfClientSecret = (secret: string) => /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9_]+$/.exec(secret)?.[1] ?? null;

/** The PaymentIntent states a fence cancels: no card confirmed yet, or a bank check still open. */
const FENCEABLE = new Set<Stripe.PaymentIntent.Status>(['requires_payment_method', 'requires_confirmation', 'requires_action']);

export class StripeProcessorAdapter extends ProviderAdapter {
  readonly #calls: StripeCalls;
  readonly #opts: StripeAdapterOptions;

  constructor(opts: StripeAdapterOptions) {
    const calls = new StripeCalls(opts);
    super(calls, 'stripe.js');
    this.#calls = calls;
    this.#opts = opts;
  }

  async clientInit(merchant: Merchant, session: SessionRecord): Promise<InitResponse> {
    const pi = await this.#calls.openForm(merchant, session);
    const { environment, publishableKey, scriptUrl } = this.#opts;
    return {
      type: 'card_element',
      token: pi.client_secret!,
      environment,
      publishableKey,
      ...this.accountOf(merchant),
      // Stripe's own script (js.stripe.com) in production; the sandbox's stand-in otherwise.
      ...(environment === 'sandbox' && scriptUrl ? { scriptUrl } : {}),
    };
  }

  /** The account stripe.js acts for: the connected account at the platform's keys; the merchant's own keys act for themselves. */
  protected accountOf(merchant: Merchant): { accountId?: string } {
    return this.#opts.ownAccount ? {} : { accountId: merchant.id };
  }

  /** By the engine's reference, or by a form's client secret (with its declined tries): an unused form is no transaction. */
  async lookup(merchant: Merchant, reference: string): Promise<ProcessorTransaction | null> {
    const formIntent = intentOfClientSecret(reference);
    if (!formIntent) return this.#calls.lookup(merchant, reference);
    const pi = await this.#calls.paymentIntent(merchant, formIntent);
    if (!pi || neverConfirmed(pi)) return null;
    // Each declined confirmation of the client secret counts against the session (issue 32, finding 3).
    const declines = await this.#calls.failedCharges(merchant, pi.id);
    return { ...transactionOf(merchant, pi), ...(declines ? { declines } : {}) };
  }

  /**
   * Closes a form: its PaymentIntent is canceled while nothing is paid with it, unused or declined
   * (issue 32, finding 3: a declined form's client secret took more cards after the next form
   * opened). One paid, paying or at the bank is refused, never canceled, as the sandbox refuses a
   * used token; Stripe refuses to cancel one paid meanwhile, and the caller looks it up again.
   */
  async revokeClientToken(merchant: Merchant, token: string): Promise<void> {
    const id = intentOfClientSecret(token);
    const pi = id ? await this.#calls.paymentIntent(merchant, id) : null;
    if (!pi) throw new ProcessorRejectedError('token_not_found', 'Stripe does not know this form.');
    if (pi.status === 'canceled') return;
    if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_confirmation') throw new ProcessorRejectedError('token_used', 'This form was already used.');
    await this.#calls.cancel(merchant, pi.id, FORM_CLOSED).catch((err: unknown) => {
      // Confirmed between the read and the cancel: used, as above; the caller reads it back.
      throw err instanceof ProcessorConflictError ? new ProcessorRejectedError('token_used', 'This form was used meanwhile.') : err;
    });
  }

  /**
   * A server charge the engine gives up on (issue 34, "No false final state"): its PaymentIntent,
   * found by the reference, is canceled while no card is confirmed with it, so a confirmation still
   * on its way is refused when it lands. One that succeeded or is authorized is left alone: the
   * reconciler's next look-up records it. Stripe unreachable: the error goes up, and the reconciler
   * asks again rather than give up unfenced. A form's reference is `revokeClientToken`'s.
   */
  override async fence(merchant: Merchant, reference: string): Promise<void> {
    if (intentOfClientSecret(reference)) return;
    const pi = await this.#calls.find(merchant, reference);
    if (!pi || !FENCEABLE.has(pi.status)) return;
    await this.#calls.cancel(merchant, pi.id).catch((err: unknown) => {
      // Confirmed between the read and the cancel: the look-up after the fence reads it.
      if (!(err instanceof ProcessorConflictError)) throw err;
    });
  }
  override readonly fencesLateCalls = { charge: true, refund: false };

  /** The buyer left the bank check: the PaymentIntent is canceled, nothing charged. */
  async cancelChallenge(merchant: Merchant, transactionId: string): Promise<ProcessorTransaction> {
    const pi = await this.#calls.paymentIntent(merchant, transactionId);
    if (!pi) throw new ProcessorRejectedError('not_found', 'Stripe does not know this payment.');
    if (pi.status !== 'requires_action') return transactionOf(merchant, pi);
    // Answered by the bank between the read and the cancel: the PaymentIntent as it now stands.
    const canceled = await this.#calls.cancel(merchant, pi.id).catch(async (err: unknown) => {
      if (!(err instanceof ProcessorConflictError)) throw err;
      return (await this.#calls.paymentIntent(merchant, pi.id)) ?? pi;
    });
    return transactionOf(merchant, canceled);
  }

  /** Stripe is the Google Pay gateway for its merchants; the account is the merchant's. */
  googlePayGateway(merchant: Merchant) {
    return { gateway: 'stripe', gatewayMerchantId: merchant.id };
  }

  /**
   * The sandbox transaction under a PaymentIntent of the sandbox's Stripe stand-in (its charge is
   * `ch_<transaction>`), for the control API's provider events; null in production or without a charge.
   */
  async standInTransaction(merchant: Merchant, paymentIntentId: string): Promise<string | null> {
    if (this.#opts.environment !== 'sandbox') return null;
    const charge = (await this.#calls.paymentIntent(merchant, paymentIntentId))?.latest_charge;
    const id = typeof charge === 'string' ? charge : charge?.id;
    return id?.startsWith('ch_') ? id.slice(3) : null;
  }
}
