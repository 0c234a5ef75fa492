/**
 * The Stripe stand-in's browser API: what stripe.js (here, the stand-in's own, browser/stripe-v3.js)
 * calls with the platform's publishable key and a PaymentIntent's client secret, as Stripe's
 * `api.stripe.com` answers it:
 * - `POST /v1/payment_intents/{id}/confirm` with `payment_method_data[card][…]`: the card the buyer
 *   typed in the card element's frame, sent from that frame (the stand-in's origin) and nowhere
 *   else. It is vaulted as a PaymentMethod (brand, last four, expiry; never the number or CVC) and
 *   charged through the sandbox's rules;
 * - `POST /v1/payment_methods` (publishable key and account only): stripe.js's createPaymentMethod;
 * - `POST /v1/payment_intents/{id}/source_cancel`: the buyer closed the bank check; it fails;
 * - `GET /v1/payment_intents/{id}`: the PaymentIntent as a browser may see it (no metadata).
 *
 * The publishable key and the client secret are the only credentials: a wrong key is 401, a secret
 * of another PaymentIntent is refused as Stripe refuses it. Answers carry `Access-Control-Allow-Origin: *`,
 * as Stripe's do: any merchant page runs stripe.js.
 */
import { Hono, type Context } from 'hono';
import { ChargeCard } from '../../src/api/checkout.ts';
import { ChargeRefused, ProviderDown, type SandboxProcessorCore } from '../processor.ts';
import { parseStripeForm } from './form.ts';
import { invalid, str, StripeRefusal, velocityRefusal, type Body, type IntentOps } from './intent-ops.ts';
import type { Radar } from '../radar.ts';
import { paymentMethodObject, stripeError } from './objects.ts';
import type { FaultBoard } from '../faults.ts';
import { faultDoor } from '../server/fault-door.ts';
import { browserAccount, stripeBrowserOperationOf, stripeDown } from './faults.ts';

export interface StripeBrowserApiOptions {
  core: SandboxProcessorCore;
  ops: IntentOps;
  /** The platform's publishable key, the one stripe.js is made with. */
  publishableKey: string;
  /** The fault switchboard: a confirmation is its `browser_charge`. */
  faults: FaultBoard;
  /** Card tries per browser address (../radar.ts): a confirmation and a createPaymentMethod are each one. */
  radar: Radar;
}

/** Stripe's card_error for a card it cannot take, by the sandbox's reason. */
const CARD_ERRORS: Record<string, { code: string; message: string }> = {
  invalid_number: { code: 'incorrect_number', message: 'Your card number is incorrect.' },
  invalid_cvc: { code: 'invalid_cvc', message: "Your card's security code is invalid." },
  invalid_expiry: { code: 'expired_card', message: 'Your card has expired.' },
};

const cardError = (reason: string) => {
  const e = CARD_ERRORS[reason] ?? { code: 'card_declined', message: 'Your card was declined.' };
  return new StripeRefusal(402, stripeError('card_error', e.message, { code: e.code }));
};

/** `payment_method_data` as stripe.js sends it, read into the sandbox's card; a 402 as Stripe answers a bad card. */
function cardOf(b: Body): { card: ChargeCard; postalCode: string | null } {
  const data = (b.payment_method_data ?? {}) as Body;
  const card = (data.card ?? {}) as Body;
  const address = (((data.billing_details ?? {}) as Body).address ?? {}) as Body;
  if (data.type !== 'card') throw invalid('Send the card as payment_method_data[type]=card.', 'payment_method_data[type]');
  const year = Number(card.exp_year);
  const postalCode = str(address.postal_code)?.trim() || null;
  const parsed = ChargeCard.safeParse({
    number: str(card.number)?.replace(/\s/g, ''),
    expMonth: Number(card.exp_month),
    expYear: year < 100 ? 2000 + year : year,
    cvc: str(card.cvc),
    ...(postalCode ? { postalCode } : {}),
  });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    throw cardError(field === 'cvc' ? 'invalid_cvc' : field === 'number' ? 'invalid_number' : 'invalid_expiry');
  }
  return { card: parsed.data, postalCode };
}

export function stripeBrowserApi(opts: StripeBrowserApiOptions) {
  const { core, ops } = opts;
  const app = new Hono();
  app.use('/v1/*', faultDoor(opts.faults, (c, body) => browserAccount(body, new URL(c.req.url).search.slice(1)), { operationOf: stripeBrowserOperationOf, refuse: stripeDown }));

  /** The account a stripe.js call is for, once its publishable key is the platform's. */
  const accountOf = (c: Context, params: Body) => {
    c.header('Access-Control-Allow-Origin', '*');
    if (params.key !== opts.publishableKey) throw new StripeRefusal(401, stripeError('authentication_error', `Invalid API Key provided: ${String(params.key ?? '')}`.slice(0, 120)));
    const account = str(params._stripe_account);
    if (!account) throw invalid('This stand-in needs the merchant account in _stripe_account.', '_stripe_account');
    return account;
  };
  /** The request's publishable key, account and the PaymentIntent its client secret opens. */
  const authorize = (c: Context, params: Body) => {
    const intent = ops.intentOr404(accountOf(c, params), c.req.param('id') ?? '');
    if (params.client_secret !== intent.clientSecret) {
      throw invalid('The client_secret provided does not match the client_secret associated with the PaymentIntent.', 'client_secret');
    }
    return intent;
  };
  /** The buyer's card in the account's vault (brand, last four, expiry); a card Stripe refuses is its card_error. */
  const vaultCard = (account: string, card: ChargeCard, livemode: boolean) => {
    try {
      return core.vault(account, { card, livemode });
    } catch (err) {
      throw err instanceof ChargeRefused ? cardError(err.reason) : err;
    }
  };
  /** A browser sees neither the merchant's metadata nor its description. */
  const forBrowser = (pi: ReturnType<IntentOps['show']>) => ({ ...pi, metadata: {}, description: null });

  app.post('/v1/payment_intents/:id/confirm', async (c) => {
    const b = parseStripeForm(await c.req.text());
    const intent = authorize(c, b);
    // Stripe refuses a canceled or paid intent before it reads the card: none is kept, no try counted.
    ops.refuseUnconfirmable(intent);
    if (!opts.radar.tryFrom(c)) throw velocityRefusal(ops.show(intent, ['payment_method']));
    const { card, postalCode } = cardOf(b);
    const vaulted = vaultCard(intent.merchantId, card, intent.livemode);
    const r = ops.confirm(intent, { ...b, payment_method: `pm_${vaulted.id}` }, { billingPostalCode: postalCode });
    const res = ops.answer(c, r, ['payment_method']);
    if (res.status !== 200 && res.status !== 402) return res;
    const json = (await res.json()) as { error?: Body & { payment_intent: ReturnType<IntentOps['show']> } } & ReturnType<IntentOps['show']>;
    return json.error ? c.json({ error: { ...json.error, payment_intent: forBrowser(json.error.payment_intent) } }, 402) : c.json(forBrowser(json));
  });

  // stripe.js's createPaymentMethod: the card becomes a PaymentMethod of the account, which the
  // merchant's server (here the service, for agent_hosted_fields) confirms a PaymentIntent with.
  app.post('/v1/payment_methods', async (c) => {
    const b = parseStripeForm(await c.req.text());
    const account = accountOf(c, b);
    if (!opts.radar.tryFrom(c)) throw velocityRefusal();
    // The card's postal code (billing_details) is in `card` already: cardOf reads it.
    const { card } = cardOf({ payment_method_data: b });
    return c.json(paymentMethodObject(vaultCard(account, card, false)));
  });

  // The buyer closed the bank check (stripe.js's dialog): it ends as failed, nothing charged.
  app.post('/v1/payment_intents/:id/source_cancel', async (c) => {
    const intent = authorize(c, parseStripeForm(await c.req.text()));
    const t = ops.transactionOf(intent);
    if (t?.status === 'requires_action') core.resolveChallenge(intent.merchantId, t.id, 'fail');
    return c.json(forBrowser(ops.show(intent, ['payment_method'])));
  });

  app.get('/v1/payment_intents/:id', (c) => {
    const params = parseStripeForm(new URL(c.req.url).search.slice(1));
    return c.json(forBrowser(ops.show(authorize(c, params), ['payment_method'])));
  });

  app.onError((err, c) => {
    c.header('Access-Control-Allow-Origin', '*');
    if (err instanceof StripeRefusal) {
      const { payment_intent: pi, ...error } = err.body.error as typeof err.body.error & { payment_intent?: ReturnType<IntentOps['show']> };
      return c.json({ error: pi ? { ...error, payment_intent: forBrowser(pi) } : error }, err.status as 400);
    }
    if (err instanceof ChargeRefused) return c.json(stripeError('invalid_request_error', err.message, { code: err.reason }), err.status === 404 ? 404 : 400);
    if (err instanceof ProviderDown) return c.json(stripeError('api_error', err.message), 500);
    return c.json(stripeError('api_error', 'The stand-in failed.'), 500);
  });
  app.notFound((c) => c.json(stripeError('invalid_request_error', `Unrecognized request URL (${c.req.method}: ${new URL(c.req.url).pathname}). A publishable key reaches only stripe.js's routes.`), 404));
  return app;
}
