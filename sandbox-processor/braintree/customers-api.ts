/**
 * The Braintree stand-in's customer routes (its vault of a buyer; Drop-in lists their cards):
 * `customers` create (with an id the caller chooses, and a card from a nonce or none) and find, and
 * `payment_methods` create (a card from a nonce, filed under an existing customer). Registered by
 * app.ts behind its Basic auth and fault door; refusals are Braintree's validation errors.
 */
import type { Context, Hono } from 'hono';
import { newId } from '../facts.ts';
import type { SandboxProcessorCore } from '../processor.ts';
import type { VaultRecord } from '../store/repo.ts';
import { CUSTOMER_ID, type CustomerRepo } from './customers.ts';
import { creditCardObject } from './objects.ts';
import { accountOf } from './sales.ts';
import { list, type XmlObject } from './xml.ts';

type Body = Record<string, unknown>;
const obj = (v: unknown): Body => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Body) : {});
const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

export interface CustomerRouteDeps {
  core: SandboxProcessorCore;
  gatewayId: string;
  customers: CustomerRepo;
  body(c: Context): Promise<Body>;
  /** The card a nonce names, vaulted for the svcpay merchant (app.ts). */
  vaultNonce(merchantId: string, nonce: string): { vault: VaultRecord };
  invalid(message: string, code: string, attribute: string, on?: string): Error;
  notFound(): Error;
  xml(c: Context, root: string, value: XmlObject, status?: 200 | 201 | 422): Response;
}

export function customerRoutes(app: Hono, base: string, d: CustomerRouteDeps) {
  /** The customer as Braintree shows it: its cards, the default first. */
  const customerXml = (id: string, createdAt: string): XmlObject => {
    const cards = d.customers
      .cards(id)
      .map((vaultId) => d.core.repo.getVaulted(vaultId))
      .filter((v): v is VaultRecord => v !== undefined)
      .map((v, i) => creditCardObject(v, id, i === 0));
    return { id, merchantId: d.gatewayId, createdAt: new Date(createdAt), updatedAt: new Date(createdAt), creditCards: list('credit-card', cards) };
  };
  /** A nonce's card filed under the customer, for the merchant account that verifies it. */
  const fileCard = (customerId: string, nonce: string, account: string | undefined) => {
    // Verified in the gateway's default merchant account when none is named, as at Braintree.
    const v = d.vaultNonce(accountOf(account ?? d.gatewayId).merchantId, nonce).vault;
    d.customers.addCard(customerId, v.id, d.core.now());
    return v;
  };

  app.post(`${base}/customers`, async (c) => {
    const b = obj((await d.body(c)).customer);
    const given = str(b.id);
    if (given !== undefined && !CUSTOMER_ID.test(given)) throw d.invalid('Customer ID is invalid.', '91610', 'id', 'customer');
    const nonce = str(b.payment_method_nonce);
    const account = str(obj(obj(b.credit_card).options).verification_merchant_account_id);
    const id = given ?? `cus_${newId('').slice(0, 20)}`;
    // One transaction: a card refused leaves no customer behind, as at Braintree.
    d.core.tx(() => {
      if (!d.customers.create(id, d.core.now())) throw d.invalid('Customer ID has already been taken.', '91609', 'id', 'customer');
      if (nonce) fileCard(id, nonce, account);
    });
    return d.xml(c, 'customer', customerXml(id, d.core.now().toISOString()), 201);
  });

  app.get(`${base}/customers/:id`, (c) => {
    const found = d.customers.get(c.req.param('id'));
    if (!found) throw d.notFound();
    return d.xml(c, 'customer', customerXml(found.id, found.createdAt));
  });

  app.post(`${base}/payment_methods`, async (c) => {
    const b = obj((await d.body(c)).payment_method);
    const customerId = str(b.customer_id);
    const nonce = str(b.payment_method_nonce);
    if (!customerId) throw d.invalid('Customer ID is required.', '93104', 'customer_id', 'payment_method');
    if (!d.customers.get(customerId)) throw d.invalid('Customer ID is invalid.', '93105', 'customer_id', 'payment_method');
    if (!nonce) throw d.invalid('Nonce is required.', '93103', 'payment_method_nonce', 'payment_method');
    const v = fileCard(customerId, nonce, str(obj(b.options).verification_merchant_account_id));
    return d.xml(c, 'credit-card', creditCardObject(v, customerId, d.customers.cards(customerId)[0] === v.id), 201);
  });
}
