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
 * Every POST replays its first answer by `Idempotency-Key` for 24 hours, as Stripe's do (idempotency.ts).
 */
import { Hono, type Context } from 'hono';
import { ChargeRefused, ProviderDown, type SandboxProcessorCore } from '../processor.ts';
import { refund } from '../refunds.ts';
import { newId } from '../facts.ts';
import { bearerCheck } from '../server/http.ts';
import { parseStripeForm } from './form.ts';
import type { IntentRepo, StoredIntent } from './intents.ts';
import { stripeBrowserApi } from './browser-api.ts';
import type { FaultBoard } from '../faults.ts';
import { faultDoor } from '../server/fault-door.ts';
import { stripeDown, stripeOperationOf } from './faults.ts';
import { intentOps, invalid, metadataOf, positiveInt, str, StripeRefusal, type Body } from './intent-ops.ts';
import { chargeObject, intentStatus, paymentMethodObject, refundObject, stripeError } from './objects.ts';
import { searchMatches } from './search.ts';
import type { Radar } from '../radar.ts';
import { stripeIdempotency, type IdempotencyRepo } from './idempotency.ts';
import { checkedMetadata, descriptorSuffix } from './intent-params.ts';

/** The reasons a caller may give Stripe for a cancel. */
const CANCELLATION_REASONS = ['abandoned', 'duplicate', 'fraudulent', 'requested_by_customer'];

type Vars = { Variables: { account: string } };

export interface StripeStandInOptions {
  core: SandboxProcessorCore;
  intents: IntentRepo;
  /** The key the service presents (the processor's API secret). */
  apiSecret: string;
  /** The platform's publishable key: stripe.js's credential, with a PaymentIntent's client secret (browser-api.ts). */
  publishableKey: string;
  /** The sandbox's fault switchboard: armed faults act on the stand-in's calls as on the sandbox's own. */
  faults: FaultBoard;
  /** Card tries per browser address (../radar.ts), counted on stripe.js's calls. */
  radar: Radar;
  /** The answers kept per idempotency key (idempotency.ts). */
  idempotency: IdempotencyRepo;
}

export function stripeStandIn(opts: StripeStandInOptions) {
  const { core, intents } = opts;
  const app = new Hono<Vars>();
  const authorized = bearerCheck(opts.apiSecret);
  const ops = intentOps(core, intents);
  const browser = stripeBrowserApi({ core, ops, publishableKey: opts.publishableKey, faults: opts.faults, radar: opts.radar });

  app.use('/v1/*', async (c, next) => {
    // stripe.js sends no Authorization: its publishable key rides in the request (browser-api.ts).
    // The connection goes along: radar counts card tries by the browser's address.
    if (c.req.header('authorization') === undefined) return browser.fetch(c.req.raw, c.env);
    if (!authorized(c.req.header('authorization'))) {
      return c.json(stripeError('authentication_error', 'Invalid API Key provided.'), 401);
    }
    const account = c.req.header('stripe-account');
    if (!account) return c.json(stripeError('invalid_request_error', 'This stand-in needs the merchant account in Stripe-Account.'), 400);
    c.set('account', account);
    await next();
  });
  app.use('/v1/*', faultDoor(opts.faults, (c) => c.get('account'), { operationOf: stripeOperationOf, refuse: stripeDown }));
  // Behind the door: a call refused `down` never ran, and a lost answer is kept as it was given.
  app.use('/v1/*', stripeIdempotency<Vars>(opts.idempotency, core.now));

  const body = async (c: Context): Promise<Body> => parseStripeForm(await c.req.text());
  const { intentOr404, transactionOf, show, confirm, answer } = ops;
  const queryExpand = (c: Context) => parseStripeForm(new URL(c.req.url).search.slice(1)).expand;

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
    const amount = positiveInt(b.amount, 'amount');
    const currency = str(b.currency)?.toLowerCase();
    if (!currency || !/^[a-z]{3}$/.test(currency)) throw invalid('Missing required param: currency.', 'currency');
    const captureMethod = str(b.capture_method) ?? 'automatic';
    if (captureMethod !== 'automatic' && captureMethod !== 'manual') throw invalid(`Invalid capture_method: ${captureMethod}`, 'capture_method');
    const id = newId('pi_');
    const intent: StoredIntent = {
      id,
      merchantId,
      transactionId: null,
      livemode: false,
      amount,
      currency,
      captureMethod,
      metadata: checkedMetadata(b.metadata),
      statementDescriptorSuffix: descriptorSuffix(b.statement_descriptor_suffix),
      description: str(b.description) ?? null,
      paymentMethod: str(b.payment_method) ?? null,
      returnUrl: str(b.return_url) ?? null,
      clientSecret: newId(`${id}_secret_`),
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
    const reason = str(b.cancellation_reason) ?? null;
    if (reason !== null && !CANCELLATION_REASONS.includes(reason)) throw invalid(`Invalid cancellation_reason: must be one of ${CANCELLATION_REASONS.join(', ')}`, 'cancellation_reason');
    const t = transactionOf(i);
    const status = intentStatus(i, t);
    if (status === 'requires_capture' && t) {
      core.void(i.merchantId, t.id, { reference: `${i.id}.cancel` });
      intents.update({ ...i, cancellationReason: reason });
    } else if (status === 'requires_payment_method' || status === 'requires_confirmation' || status === 'requires_action') {
      // A bank check left open ends as failed authentication: nothing is charged.
      if (status === 'requires_action' && t) core.resolveChallenge(i.merchantId, t.id, 'fail');
      core.tx(() => {
        intents.update({ ...i, canceledAt: core.now().toISOString(), cancellationReason: reason });
        // A declined intent canceled: Stripe tells the platform (payment_intent.canceled, events.ts).
        if (status === 'requires_payment_method' && t) core.outbox.enqueue({ type: 'transaction.updated', transaction: core.wire(t) });
      });
      core.outbox.kick();
    } else throw invalid(`You cannot cancel this PaymentIntent because it has a status of ${status}.`, undefined, 'payment_intent_unexpected_state');
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

  // A PaymentIntent's charges, one per confirmation, newest first (Stripe's list, filtered by
  // payment_intent): how the service counts the declines a form took (issue 32, finding 3).
  app.get('/v1/charges', (c) => {
    const id = c.req.query('payment_intent');
    if (!id) throw invalid('This stand-in lists charges by payment_intent.', 'payment_intent');
    const data = ops.chargesOf(intentOr404(c.get('account'), id)).reverse().map(chargeObject);
    return c.json({ object: 'list', data, has_more: false, url: '/v1/charges' });
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
