/**
 * `agent_hosted_fields` (issue 19; the decision in docs/merchant.md, Payment providers): Stripe, with the service as the
 * merchant's agent for the charge. `init` hands the page the publishable key, the account and the
 * `chargeEndpoint` (the service's complete); stripe.js makes a PaymentMethod of the card in Stripe's
 * card element, and the service confirms a PaymentIntent with it (`chargeNonce`), under the engine's
 * attempt reference as idempotency key, so the amount and capture are the server's, decided at the
 * charge. A form is an opaque token that pays nothing by itself.
 */
import { randomChars } from '../../ids.ts';
import type { InitResponse } from '../../../api/checkout.ts';
import type { Merchant, SessionRecord } from '../../domain/index.ts';
import type { ProcessorTransaction } from '../types.ts';
import { NO_EXTRAS } from '../charge-extras.ts';
import { StripeProcessorAdapter, type StripeAdapterOptions } from './adapter.ts';

const FORM_PREFIX = 'agent_form_';

export interface StripeAgentOptions extends StripeAdapterOptions {
  /** Where the page sends the PaymentMethod: the service's `POST /api/checkout/complete`. */
  chargeEndpoint: string;
}

export class StripeAgentAdapter extends StripeProcessorAdapter {
  readonly #agent: StripeAgentOptions;

  constructor(opts: StripeAgentOptions) {
    super(opts);
    this.#agent = opts;
  }

  override async clientInit(merchant: Merchant): Promise<InitResponse> {
    const { environment, publishableKey, scriptUrl, chargeEndpoint } = this.#agent;
    return {
      type: 'agent_hosted_fields',
      token: `${FORM_PREFIX}${randomChars(32)}`,
      environment,
      publishableKey,
      ...this.accountOf(merchant),
      chargeEndpoint,
      ...(environment === 'sandbox' && scriptUrl ? { scriptUrl } : {}),
    };
  }

  /** A form pays nothing by itself; an engine reference is looked up at Stripe. */
  override async lookup(merchant: Merchant, reference: string): Promise<ProcessorTransaction | null> {
    return reference.startsWith(FORM_PREFIX) ? null : super.lookup(merchant, reference);
  }

  /** A form's token reaches no PaymentIntent: nothing to fence; an engine reference is fenced at Stripe. */
  override async fence(merchant: Merchant, reference: string): Promise<void> {
    if (!reference.startsWith(FORM_PREFIX)) await super.fence(merchant, reference);
  }

  /** Nothing to revoke: a form token is no credential at Stripe. */
  override async revokeClientToken(): Promise<void> {}

  /** The PaymentIntent the service confirms with the page's PaymentMethod, once per engine reference. */
  chargeNonce(merchant: Merchant, session: SessionRecord, paymentMethod: string, opts: { reference: string; returnUrl?: string }): Promise<ProcessorTransaction> {
    return this.calls.chargeVaulted(merchant, {
      reference: opts.reference,
      vaultId: paymentMethod,
      amount: session.amount,
      currency: session.currency,
      livemode: session.livemode,
      capture: session.captureMethod !== 'manual',
      sessionId: session.id,
      returnUrl: opts.returnUrl ?? null,
      billingPostalCode: null,
      merchantInitiated: false,
      // A checkout's charge: what an intent carries beyond the money is an intent's (engine/payments/intents).
      extras: NO_EXTRAS,
    });
  }
}
