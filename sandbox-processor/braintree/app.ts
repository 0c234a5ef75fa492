/**
 * The Braintree stand-in (issue 19, Doc 3 "Provider adapters"): the subset of Braintree's gateway
 * API the svcpay Braintree adapter uses, spoken over the sandbox processor's own records so the test
 * cards behave the same through it. The `braintree` Node SDK reaches it through a custom
 * `Environment` (host, port, no TLS): JSON in, XML out, as Braintree's gateway answers.
 *
 * Auth as a platform: one gateway (`/merchants/{gatewayId}`, the sandbox's `gatewayInstanceId`) with
 * Basic auth (its public key, and the service's processor secret as private key). A merchant account
 * has one currency, as Braintree's do: `<merchant>_<currency>` (`m_1_eur`) is svcpay merchant `m_1`
 * charging in EUR; a bare `<merchant>` charges in USD (accountOf). The gateway's own accounts
 * (merchant-accounts.ts: `merchant_accounts`, listed as Braintree lists them) are its default, the bare
 * gateway id, which takes a call naming no account, and `<gateway>_<currency>`.
 *
 * Routes: `client_token` (for a customer too); `customers` and `payment_methods` (customers-api.ts:
 * vault a card from a nonce; `tok_sandbox_*` are its fake nonces, as Braintree's `fake-valid-*-nonce`);
 * `transactions` (sale by nonce or vaulted token, with `order_id`, saving the card under a customer
 * with `store_in_vault_on_success`), find, `submit_for_settlement`, `void`, `refund`, and
 * `advanced_search_ids` / `advanced_search` by `order_id` within merchant accounts. A sale or refund
 * repeating an `order_id` is gateway-rejected as a duplicate (never charged twice, nor answered with the first).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { majorAmount } from '../../src/vocab/currencies.ts';
import { Hono, type Context } from 'hono';
import { ChargeRefused, ProviderDown, type SandboxProcessorCore } from '../processor.ts';
import { refund } from '../refunds.ts';
import { newId } from '../facts.ts';
import { creditObject, DECLINES, errorResponse, minorOf, saleObject } from './objects.ts';
import { list, xmlDocument, type XmlObject } from './xml.ts';
import { clientToken } from './client-token.ts';
import type { NonceRepo } from './nonces.ts';
import type { CustomerRepo } from './customers.ts';
import { customerRoutes } from './customers-api.ts';
import { merchantAccountRoutes, suspendedAccount } from './merchant-accounts.ts';
import type { FaultBoard } from '../faults.ts';
import { faultDoor } from '../server/fault-door.ts';
import { braintreeDown, braintreeOperationOf } from './faults.ts';
import { accountName, accountOf, transactionXml as readTransaction, type SalesRepo } from './sales.ts';
import type { VaultRecord } from '../store/repo.ts';
import { DECLINES_PER_SESSION, type Radar } from '../radar.ts';
import { isDescriptorError, saleExtras } from './sale-extras.ts';

type Body = Record<string, unknown>;
const digest = (s: string) => createHash('sha256').update(s).digest();
const obj = (v: unknown): Body => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Body) : {});
const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

/** The sandbox's one gateway, and its public key (the private key is the processor secret). */
export const SANDBOX_GATEWAY_ID = 'svcpay_sandbox';
export const SANDBOX_PUBLIC_KEY = 'svcpay_sandbox_public';

export interface BraintreeStandInOptions {
  core: SandboxProcessorCore;
  /** The gateway's merchant id (`gatewayInstanceId`) and public key; its private key is the processor secret. */
  gatewayId: string;
  publicKey: string;
  apiSecret: string;
  /** Where browsers reach the stand-in (its client API and braintree-web stand-in). */
  publicUrl: string;
  /** The nonces its Hosted Fields tokenized (client-api.ts). */
  nonces: NonceRepo;
  /** Its customers and the cards filed under each (customers.ts). */
  customers: CustomerRepo;
  /** Its sales, whose events are Braintree's webhooks. */
  sales: SalesRepo;
  /** The sandbox's fault switchboard: armed faults act on the stand-in's calls as on the sandbox's own. */
  faults: FaultBoard;
  /** Card tries per browser address (../radar.ts), counted on the client API's tokenizations. */
  radar: Radar;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: XmlObject | null,
    readonly root = 'api-error-response',
  ) {
    super('refused');
  }
}
const invalid = (message: string, code: string, attribute: string, on = 'transaction') => new Refusal(422, errorResponse(message, [{ code, attribute, message, on }]));
const notFound = () => new Refusal(404, null);
const xml = (c: Context, root: string, value: XmlObject, status: 200 | 201 | 422 = 200) => c.body(xmlDocument(root, value), status, { 'Content-Type': 'application/xml; charset=utf-8' });

export function braintreeStandIn(opts: BraintreeStandInOptions) {
  const { core } = opts;
  const app = new Hono();
  const expected = digest(`Basic ${Buffer.from(`${opts.publicKey}:${opts.apiSecret}`).toString('base64')}`);
  const base = `/merchants/${opts.gatewayId}`;

  app.use(`${base}/*`, async (c, next) => {
    // Basic auth, compared in constant time (digests have one length).
    if (!timingSafeEqual(digest(c.req.header('authorization') ?? ''), expected)) return c.body(null, 401);
    await next();
  });
  // The merchant a call is for: its merchant account (a sale, a vault), or the transaction it names.
  const merchantOfCall = (c: Context, body: string): string | null => {
    try {
      const b = obj(body ? JSON.parse(body) : {});
      const account = str(obj(b.transaction).merchant_account_id) ?? str(obj(obj(obj(b.customer).credit_card).options).verification_merchant_account_id) ?? str(obj(obj(b.payment_method).options).verification_merchant_account_id);
      if (account) return accountOf(account).merchantId;
    } catch {
      // Not JSON: the route refuses it; the door names no merchant.
    }
    const id = c.req.path.split('/')[4];
    return (id && (core.repo.getTransaction(id)?.merchantId ?? core.repo.getRefund(id)?.merchantId)) || null;
  };
  app.use(`${base}/*`, faultDoor(opts.faults, merchantOfCall, { operationOf: braintreeOperationOf, refuse: braintreeDown }));
  const body = async (c: Context): Promise<Body> => {
    try {
      return obj(await c.req.json());
    } catch {
      return {};
    }
  };

  const transactionXml = (id: string) => readTransaction(core, id);
  const saleOr404 = (id: string) => core.repo.getTransaction(id) ?? (() => { throw notFound(); })();

  /**
   * A nonce's card: one its Hosted Fields tokenized for this account (used up now), or one of the
   * sandbox's fake nonces (`tok_sandbox_<brand>_<last4>`), vaulted for this account.
   */
  const vaultNonce = (merchantAccountId: string, nonce: string): { vault: VaultRecord; postalCode: string | null; threeDSecure?: 'authenticated' | 'failed' | null } => {
    if (!nonce.startsWith('tok_sandbox_')) {
      const used = opts.nonces.use(nonce, merchantAccountId, core.now());
      if (used === 'consumed') throw invalid('Cannot use a payment_method_nonce more than once.', '91564', 'payment_method_nonce');
      const vault = used === 'unknown' ? undefined : core.repo.getVaulted(used.vaultId);
      if (used === 'unknown' || !vault) throw invalid('Unknown or expired payment_method_nonce.', '91565', 'payment_method_nonce');
      // A bank check started and never answered counts as failed, as a challenge abandoned does.
      const threeDSecure = used.threeDSecure === 'pending' ? 'failed' : used.threeDSecure;
      return { vault, postalCode: used.postalCode, threeDSecure };
    }
    try {
      return { vault: core.vault(merchantAccountId, { providerReference: nonce, livemode: false }), postalCode: null };
    } catch (err) {
      if (err instanceof ChargeRefused) throw invalid('Unknown or expired payment_method_nonce.', '91565', 'payment_method_nonce');
      throw err;
    }
  };

  app.post(`${base}/client_token`, async (c) => {
    const b = obj((await body(c)).client_token);
    // Naming no merchant account: the gateway's default, as at Braintree (merchant-accounts.ts).
    const account = str(b.merchant_account_id) ?? opts.gatewayId;
    const customerId = str(b.customer_id) ?? null;
    if (customerId && !opts.customers.get(customerId)) throw invalid('Customer specified by customer_id does not exist.', '92804', 'customer_id', 'client_token');
    return xml(c, 'client-token', { value: clientToken({ ...opts, merchantAccountId: accountOf(account).merchantId, customerId, now: core.now() }) }, 201);
  });

  customerRoutes(app, base, { core, gatewayId: opts.gatewayId, customers: opts.customers, body, vaultNonce, invalid, notFound, xml });
  merchantAccountRoutes(app, base, opts.gatewayId);

  app.post(`${base}/transactions`, async (c) => {
    const b = obj((await body(c)).transaction);
    // Naming no merchant account: the gateway's default, in its currency whatever the sale's (issue 34, finding 4).
    const account = str(b.merchant_account_id) ?? opts.gatewayId;
    if (suspendedAccount(opts.gatewayId, account)) throw invalid('Merchant account is suspended.', '91514', 'merchant_account_id');
    const { merchantId, currency } = accountOf(account);
    const amount = minorOf(b.amount, currency);
    if (amount === null) throw invalid('Amount is an invalid format.', '81503', 'amount');
    const token = str(b.payment_method_token);
    const nonce = str(b.payment_method_nonce);
    const fromNonce = nonce ? vaultNonce(merchantId, nonce) : undefined;
    const vaultId = token ?? fromNonce?.vault.id;
    if (!vaultId) throw invalid('Cannot determine payment method.', '91508', 'base');
    const options = obj(b.options);
    const source = str(b.transaction_source);
    const reference = str(b.order_id) ?? null;
    const customFields = obj(b.custom_fields);
    const sessionId = str(customFields.svcpay_session) ?? null;
    const customerId = str(b.customer_id); // with `store_in_vault_on_success`, the card is filed under it once the sale succeeds
    if (customerId && !opts.customers.get(customerId)) throw invalid('Customer ID is invalid.', '91510', 'customer_id');
    const store = customerId && (options.store_in_vault_on_success === true || options.store_in_vault_on_success === 'true');
    const sent = saleExtras(b);
    if (isDescriptorError(sent)) throw invalid(sent.message, sent.code, sent.attribute, 'descriptor');
    // The fraud tools' answer to card testing (issue 32, finding 3): a checkout whose sales were
    // declined DECLINES_PER_SESSION times takes no further card; gateway-rejected, nothing charged.
    if (sessionId && opts.sales.declinedForSession(merchantId, sessionId) >= DECLINES_PER_SESSION) throw gatewayRejected('fraud', amount, currency, account, reference);
    let result;
    try {
      // The sale and its mark as the stand-in's, in one transaction: its events are Braintree's.
      result = core.tx(() => {
        const r = core.chargeDirect(
        {
          merchantId,
          sessionId,
          livemode: false,
          amount,
          currency,
          reference,
          capture: options.submit_for_settlement === true || options.submit_for_settlement === 'true',
          returnUrl: null,
          billingPostalCode: str(obj(b.billing).postal_code) ?? fromNonce?.postalCode ?? null,
          merchantInitiated: source === 'recurring' || source === 'unscheduled' || source === 'merchant',
          threeDSecure: fromNonce?.threeDSecure ?? null,
          sent,
        },
        { vaultId });
        if (r.created) opts.sales.add(r.transaction.id);
        if (r.created && store && r.transaction.status === 'approved') opts.customers.addCard(customerId, vaultId, core.now());
        return r;
      });
    } catch (err) {
      if (!(err instanceof ChargeRefused)) throw err;
      if (err.reason === 'reference_reused') throw gatewayRejected('duplicate', amount, currency, account, reference);
      // A card whose bank wants the buyer: Braintree's 3-D Secure runs in the browser, before a sale.
      if (err.reason === 'missing_redirect_url') throw declined(amount, currency, account, reference, { code: '2099', text: 'Cardholder Authentication Required' });
      throw invalid(err.message, '91568', 'payment_method_token');
    }
    if (!result.created) throw gatewayRejected('duplicate', amount, currency, account, reference);
    const t = result.transaction;
    const shown = saleObject(t, { merchantAccountId: accountName(merchantId, currency), refunds: [], customFields: {} });
    if (result.lost) return c.body('<html><body><h1>502 Bad Gateway</h1></body></html>', 502, { 'Content-Type': 'text/html' });
    if (t.status === 'declined') {
      const d = DECLINES[t.declineCode ?? ''] ?? DECLINES.card_declined!;
      return xml(c, 'api-error-response', errorResponse(d.rejected ? `Gateway Rejected: ${d.rejected}` : d.text, [], shown), 422);
    }
    return xml(c, 'transaction', shown, 201);
  });

  /** Braintree's duplicate checking or its fraud tools: a gateway_rejected transaction, recorded nowhere; nothing charged. */
  function gatewayRejected(reason: 'duplicate' | 'fraud', amount: number, currency: string, account: string, reference: string | null) {
    return new Refusal(422, errorResponse(`Gateway Rejected: ${reason}`, [], { id: newId('').slice(0, 8), status: 'gateway_rejected', type: 'sale', amount: majorAmount(amount, currency), currencyIsoCode: currency, merchantAccountId: account, orderId: reference, gatewayRejectionReason: reason, processorResponseCode: null, processorResponseText: null, creditCard: {}, disputes: list('dispute', []) }));
  }
  function declined(amount: number, currency: string, account: string, reference: string | null, d: { code: string; text: string }) {
    return new Refusal(422, errorResponse(d.text, [], { id: newId('').slice(0, 8), status: 'processor_declined', type: 'sale', amount: majorAmount(amount, currency), currencyIsoCode: currency, merchantAccountId: account, orderId: reference, processorResponseCode: d.code, processorResponseText: d.text, processorResponseType: 'hard_declined', creditCard: {}, disputes: list('dispute', []) }));
  }

  app.get(`${base}/transactions/:id`, (c) => {
    const shown = transactionXml(c.req.param('id'));
    if (!shown) throw notFound();
    return xml(c, 'transaction', shown);
  });

  app.put(`${base}/transactions/:id/submit_for_settlement`, async (c) => {
    const t = saleOr404(c.req.param('id'));
    const requested = obj((await body(c)).transaction).amount;
    const amount = requested === undefined || requested === null ? t.amount : minorOf(requested, t.currency);
    if (amount === null) throw invalid('Amount is an invalid format.', '81503', 'amount');
    if (t.status !== 'approved' || t.captureState !== 'none') throw invalid(`Cannot submit for settlement unless status is authorized (it is ${saleObject(t, { merchantAccountId: t.merchantId, refunds: [], customFields: {} }).status}).`, '91507', 'base');
    if (amount > t.amount) throw invalid('Settlement amount is too large.', '91522', 'amount');
    core.capture(t.merchantId, t.id, { amount, reference: `${t.id}.capture` });
    return xml(c, 'transaction', transactionXml(t.id)!);
  });

  app.put(`${base}/transactions/:id/void`, (c) => {
    const t = saleOr404(c.req.param('id'));
    if (t.status !== 'approved' || t.captureState !== 'none') throw invalid('Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.', '91504', 'base');
    core.void(t.merchantId, t.id, { reference: `${t.id}.void` });
    return xml(c, 'transaction', transactionXml(t.id)!);
  });

  app.post(`${base}/transactions/:id/refund`, async (c) => {
    const t = saleOr404(c.req.param('id'));
    const b = obj((await body(c)).transaction);
    const amount = b.amount === undefined || b.amount === null ? t.capturedAmount - core.repo.refundedAmount(t.id) : minorOf(b.amount, t.currency);
    if (amount === null || amount < 1) throw invalid('Refund amount is too large.', '91521', 'amount');
    const reference = str(b.order_id) ?? newId('bt_refund_');
    try {
      const r = refund(core, t.merchantId, { transactionId: t.id, amount, reference });
      if (!r.created) throw invalid('Gateway Rejected: duplicate', '91549', 'order_id');
      return xml(c, 'transaction', creditObject(r.refund, t, t.merchantId), 201);
    } catch (err) {
      if (!(err instanceof ChargeRefused)) throw err;
      if (err.reason === 'not_settled') throw invalid('Cannot refund a transaction unless it is settled.', '91506', 'base');
      if (err.reason === 'amount_exceeds_captured') throw invalid('Refund amount is too large.', '91521', 'amount');
      if (err.reason === 'reference_reused') throw invalid('Gateway Rejected: duplicate', '91549', 'order_id');
      throw invalid(err.message, '91506', 'base');
    }
  });

  /** Sales and credits whose `order_id` is the one asked for, within the merchant accounts named. */
  const searchIds = (criteria: Body): string[] => {
    const orderId = str(obj(criteria.order_id).is);
    const accounts = Array.isArray(criteria.merchant_account_id) ? criteria.merchant_account_id.filter((a): a is string => typeof a === 'string') : [];
    if (!orderId || accounts.length === 0) throw invalid('The stand-in searches by order_id is, within merchant_account_id in.', '91500', 'search', 'search');
    const merchants = [...new Set(accounts.map((a) => accountOf(a).merchantId))];
    return merchants.flatMap((m) => [core.transactionByReference(m, orderId)?.id, core.repo.refundByReference(m, orderId)?.id]).filter((id): id is string => id !== undefined);
  };
  app.post(`${base}/transactions/advanced_search_ids`, async (c) => {
    const ids = searchIds(obj((await body(c)).search));
    return xml(c, 'search-results', { pageSize: 50, ids: list('item', ids) });
  });
  app.post(`${base}/transactions/advanced_search`, async (c) => {
    const criteria = obj((await body(c)).search);
    const ids = Array.isArray(criteria.ids) ? criteria.ids.filter((i): i is string => typeof i === 'string') : [];
    const found = ids.map(transactionXml).filter((t): t is XmlObject => t !== undefined);
    const collection = `<credit-card-transactions type="collection"><current-page-number type="integer">1</current-page-number><page-size type="integer">50</page-size><total-items type="integer">${found.length}</total-items>${found.map((t) => xmlDocument('transaction', t).split('\n')[1]).join('')}</credit-card-transactions>`;
    return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n${collection}\n`, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  });

  app.onError((err, c) => {
    if (err instanceof Refusal) return err.body ? xml(c, err.root, err.body, err.status as 422) : c.body(null, err.status as 404);
    if (err instanceof ProviderDown) return c.body(null, 503);
    if (err instanceof ChargeRefused) return err.status === 404 ? c.body(null, 404) : xml(c, 'api-error-response', errorResponse(err.message, [{ code: '91500', attribute: 'base', message: err.message }]), 422);
    return c.body(null, 500);
  });
  app.notFound((c) => c.body(null, 404));
  return app;
}
