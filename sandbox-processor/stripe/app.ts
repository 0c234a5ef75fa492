/**
 * The Stripe stand-in (issue 19, Doc 3 "Provider adapters"): the subset of Stripe's server API the
 * svcpay Stripe adapter uses, spoken over the sandbox processor's own records, so the sandbox test
 * cards behave the same through it (declines, the bank challenge, async capture, refunds) and its
 * charges show in the sandbox ledger. The `stripe` Node SDK is pointed at it by its `host`/`port`
 * settings (or its `httpClient`); it is Stripe's test mode only.
 *
 * Auth as a Connect platform: the bearer key is the service's processor secret, and the merchant's
 * account at the sandbox comes in `Stripe-Account` (the SDK's `stripeAccount` option).
 *
 * Routes: `POST /v1/payment_methods` (a `tok_sandbox_*` card reference), `POST /v1/payment_intents`
 * (with `confirm`), `GET /v1/payment_intents/search` (by metadata), `GET /v1/payment_intents/{id}`,
 * `POST /v1/payment_intents/{id}/confirm|capture|cancel`, `POST /v1/refunds`, `GET /v1/refunds/{id}`.
 */
import { Hono, type Context } from 'hono';
import { ChargeRefused, ProviderDown, type SandboxProcessorCore } from '../processor.ts';
import { refund } from '../refunds.ts';
import { newId } from '../facts.ts';
import type { TransactionRecord } from '../store/repo.ts';
import { bearerCheck } from '../server/http.ts';
import { parseStripeForm } from './form.ts';
import type { IntentRepo, StoredIntent } from './intents.ts';
import { chargeObject, intentStatus, paymentIntentObject, paymentMethodObject, refundObject, stripeError, vaultIdOf } from './objects.ts';
import { searchMatches } from './search.ts';

type Vars = { Variables: { account: string } };
type Body = Record<string, unknown>;

export interface StripeStandInOptions {
  core: SandboxProcessorCore;
  intents: IntentRepo;
  /** The key the service presents (the processor's API secret). */
  apiSecret: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const metadataOf = (v: unknown): Record<string, string> =>
  typeof v === 'object' && v !== null ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};

class StripeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: ReturnType<typeof stripeError>,
  ) {
    super(body.error.message);
  }
}
const invalid = (message: string, param?: string, code?: string) =>
  new StripeRefusal(400, stripeError('invalid_request_error', message, { ...(param ? { param } : {}), ...(code ? { code } : {}) }));
const missing = (what: string, id: string) => new StripeRefusal(404, stripeError('invalid_request_error', `No such ${what}: '${id}'`, { code: 'resource_missing' }));

function positiveInt(v: unknown, param: string): number {
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d{1,12}$/.test(v) || n < 1) throw invalid(`Invalid integer: ${String(v)}`, param);
  return n;
}

export function stripeStandIn(opts: StripeStandInOptions) {
  const { core, intents } = opts;
  const app = new Hono<Vars>();
  const authorized = bearerCheck(opts.apiSecret);

  app.use('/v1/*', async (c, next) => {
    if (!authorized(c.req.header('authorization'))) {
      return c.json(stripeError('authentication_error', 'Invalid API Key provided.'), 401);
    }
    const account = c.req.header('stripe-account');
    if (!account) return c.json(stripeError('invalid_request_error', 'This stand-in needs the merchant account in Stripe-Account.'), 400);
    c.set('account', account);
    await next();
  });

  const body = async (c: Context): Promise<Body> => parseStripeForm(await c.req.text());
  const intentOr404 = (merchantId: string, id: string) => intents.get(merchantId, id) ?? (() => { throw missing('payment_intent', id); })();
  const transactionOf = (i: StoredIntent): TransactionRecord | undefined => (i.transactionId ? core.transaction(i.merchantId, i.transactionId) : undefined);
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
  /** The intent's card as a PaymentMethod; undefined without one (or one of another account). */
  const paymentMethodOf = (i: StoredIntent) => {
    const vault = i.paymentMethod ? core.repo.getVaulted(vaultIdOf(i.paymentMethod) ?? '') : undefined;
    return vault && vault.merchantId === i.merchantId ? paymentMethodObject(vault) : undefined;
  };
  const statusOf = (i: StoredIntent) => intentStatus(i, transactionOf(i));
  const queryExpand = (c: Context) => parseStripeForm(new URL(c.req.url).search.slice(1)).expand;

  /** Charges the intent's card; the sandbox reference is the intent id and its attempt number. */
  function confirm(i: StoredIntent, b: Body): { intent: StoredIntent; lost: boolean } {
    const paymentMethod = str(b.payment_method) ?? i.paymentMethod;
    const vaultId = paymentMethod ? vaultIdOf(paymentMethod) : null;
    if (!paymentMethod || !vaultId) throw invalid('You must provide a payment method to confirm this PaymentIntent.', 'payment_method', 'payment_intent_unexpected_state');
    const prior = transactionOf(i);
    if (i.canceledAt || (prior && prior.status !== 'declined')) {
      throw invalid(`You cannot confirm this PaymentIntent because it has a status of ${statusOf(i)}.`, undefined, 'payment_intent_unexpected_state');
    }
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
        billingPostalCode: null,
        merchantInitiated: str(b.off_session) === 'true',
      },
      { vaultId },
    );
    const next = { ...i, paymentMethod, returnUrl, transactionId: result.transaction.id };
    intents.update(next);
    return { intent: next, lost: result.lost };
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

  app.post('/v1/payment_methods', async (c) => {
    const b = await body(c);
    const card = b.card as Body | undefined;
    const token = str(card?.token);
    if (b.type !== 'card' || !token) throw invalid('The stand-in makes card payment methods from a test card reference: type=card and card[token]=tok_sandbox_<brand>_<last4>.', 'card[token]');
    return c.json(paymentMethodObject(core.vault(c.get('account'), { providerReference: token, livemode: false })));
  });

  app.post('/v1/payment_intents', async (c) => {
    const b = await body(c);
    const merchantId = c.get('account');
    const key = c.req.header('idempotency-key') ?? null;
    const amount = positiveInt(b.amount, 'amount');
    const currency = str(b.currency)?.toLowerCase();
    if (!currency || !/^[a-z]{3}$/.test(currency)) throw invalid('Missing required param: currency.', 'currency');
    const again = key ? intents.byIdempotencyKey(merchantId, key) : undefined;
    if (again) {
      if (again.amount !== amount || again.currency !== currency) {
        throw new StripeRefusal(400, stripeError('idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.'));
      }
      return answer(c, { intent: again, lost: false }, b.expand);
    }
    const captureMethod = str(b.capture_method) ?? 'automatic';
    if (captureMethod !== 'automatic' && captureMethod !== 'manual') throw invalid(`Invalid capture_method: ${captureMethod}`, 'capture_method');
    const intent: StoredIntent = {
      id: newId('pi_'),
      merchantId,
      transactionId: null,
      idempotencyKey: key,
      livemode: false,
      amount,
      currency,
      captureMethod,
      metadata: metadataOf(b.metadata),
      description: str(b.description) ?? null,
      paymentMethod: str(b.payment_method) ?? null,
      returnUrl: str(b.return_url) ?? null,
      canceledAt: null,
      createdAt: core.now().toISOString(),
    };
    intents.insert(intent);
    return str(b.confirm) === 'true' ? answer(c, confirm(intent, b), b.expand) : c.json(show(intent, b.expand));
  });

  app.get('/v1/payment_intents/search', (c) => {
    const query = c.req.query('query') ?? '';
    const matches = searchMatches(query);
    if (!matches) throw invalid(`This stand-in searches by metadata only: metadata['key']:'value'.`, 'query');
    const expand = queryExpand(c);
    const data = intents.all(c.get('account')).filter((i) => matches(i.metadata)).map((i) => show(i, expand));
    return c.json({ object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' });
  });

  app.get('/v1/payment_intents/:id', (c) => c.json(show(intentOr404(c.get('account'), c.req.param('id')), queryExpand(c))));

  app.post('/v1/payment_intents/:id/confirm', async (c) => {
    const b = await body(c);
    return answer(c, confirm(intentOr404(c.get('account'), c.req.param('id')), b), b.expand);
  });

  app.post('/v1/payment_intents/:id/capture', async (c) => {
    const i = intentOr404(c.get('account'), c.req.param('id'));
    const t = transactionOf(i);
    const status = intentStatus(i, t);
    if (!t || status !== 'requires_capture') throw invalid(`This PaymentIntent could not be captured because it has a status of ${status}.`, undefined, 'payment_intent_unexpected_state');
    const b = await body(c);
    const amount = b.amount_to_capture === undefined ? i.amount : positiveInt(b.amount_to_capture, 'amount_to_capture');
    core.capture(i.merchantId, t.id, { amount, reference: `${i.id}.capture` });
    return c.json(show(i, b.expand));
  });

  app.post('/v1/payment_intents/:id/cancel', async (c) => {
    const b = await body(c);
    const i = intentOr404(c.get('account'), c.req.param('id'));
    const t = transactionOf(i);
    const status = intentStatus(i, t);
    if (status === 'requires_capture' && t) core.void(i.merchantId, t.id, { reference: `${i.id}.cancel` });
    else if (status === 'requires_payment_method' || status === 'requires_confirmation' || status === 'requires_action') {
      // A bank check left open ends as failed authentication: nothing is charged.
      if (status === 'requires_action' && t) core.resolveChallenge(i.merchantId, t.id, 'fail');
      intents.update({ ...i, canceledAt: core.now().toISOString() });
    }
    else throw invalid(`You cannot cancel this PaymentIntent because it has a status of ${status}.`, undefined, 'payment_intent_unexpected_state');
    return c.json(show(intents.get(i.merchantId, i.id)!, b.expand));
  });

  app.post('/v1/refunds', async (c) => {
    const b = await body(c);
    const id = str(b.payment_intent);
    if (!id) throw invalid('This stand-in refunds by payment_intent.', 'payment_intent');
    const i = intentOr404(c.get('account'), id);
    const t = transactionOf(i);
    if (!t || t.status !== 'approved') throw invalid(`This PaymentIntent (${id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_already_refunded');
    const metadata = metadataOf(b.metadata);
    // The sandbox refunds once per reference: the svcpay reference when sent, else the idempotency key.
    const reference = metadata.svcpay_reference ?? c.req.header('idempotency-key') ?? newId('re_ref_');
    const amount = b.amount === undefined ? t.capturedAmount : positiveInt(b.amount, 'amount');
    return c.json(refundObject(refund(core, i.merchantId, { transactionId: t.id, amount, reference }).refund, i.id, { svcpay_reference: reference }));
  });

  // A PaymentIntent's refunds, newest first (Stripe's list, filtered by payment_intent).
  app.get('/v1/refunds', (c) => {
    const id = c.req.query('payment_intent');
    if (!id) throw invalid('This stand-in lists refunds by payment_intent.', 'payment_intent');
    const i = intentOr404(c.get('account'), id);
    const data = i.transactionId ? core.repo.refundsOf(i.transactionId).map((r) => refundObject(r, i.id, { svcpay_reference: r.reference })) : [];
    return c.json({ object: 'list', data, has_more: false, url: '/v1/refunds' });
  });

  app.onError((err, c) => {
    if (err instanceof StripeRefusal) return c.json(err.body, err.status as 400);
    if (err instanceof ChargeRefused) {
      const status = err.status === 404 ? 404 : err.status >= 500 ? 500 : 400;
      return c.json(stripeError('invalid_request_error', err.message, { code: err.reason }), status);
    }
    if (err instanceof ProviderDown) return c.json(stripeError('api_error', err.message), 500);
    return c.json(stripeError('api_error', 'The stand-in failed.'), 500);
  });
  app.notFound((c) => c.json(stripeError('invalid_request_error', `Unrecognized request URL (${c.req.method}: ${new URL(c.req.url).pathname}).`), 404));
  return app;
}
