/**
 * The fault switchboard on the Stripe stand-in (issue 19; Doc 3 "Faults and the processor's
 * ledger"): the same door as the sandbox's own API (../server/fault-door.ts), with Stripe's calls
 * named as the switchboard's operations, and `down` answered as Stripe answers when it cannot serve
 * (a 503 `api_error`, which a Stripe client cannot tell from one that acted: the reconciler asks).
 */
import type { Door } from '../server/fault-door.ts';
import { parseStripeForm } from './form.ts';
import { stripeError } from './objects.ts';

/** Which switchboard operation a call of the `stripe` SDK is; null for calls no fault touches. */
export function stripeOperationOf(method: string, path: string, body: string): Door | null {
  const [v1, resource, id, action] = path.split('/').filter(Boolean);
  if (v1 !== 'v1') return null;
  if (resource === 'payment_methods') return method === 'POST' ? 'vault' : null;
  if (resource === 'refunds') return method === 'GET' ? 'lookup' : 'refund';
  if (resource !== 'payment_intents') return null;
  if (method === 'GET') return 'lookup';
  // A PaymentIntent made with confirm charges; one without (a browser form being opened, or a
  // server charge made unconfirmed, then confirmed) moves no money: `any` alone reaches it.
  if (id === undefined) return parseStripeForm(body).confirm === 'true' ? 'charge' : 'other';
  if (action === 'confirm') return 'charge';
  if (action === 'capture') return 'capture';
  if (action === 'cancel') return 'void';
  return null;
}

/** stripe.js's calls: its confirmation with the buyer's card is the switchboard's `browser_charge`. */
export const stripeBrowserOperationOf = (method: string, path: string): Door | null => (method === 'POST' && path.endsWith('/confirm') ? 'browser_charge' : null);

/** The merchant of a stripe.js call: `_stripe_account` in its form. */
export const browserAccount = (body: string, query: string) => {
  const account = parseStripeForm(body || query)._stripe_account;
  return typeof account === 'string' ? account : null;
};

export const stripeDown = (fault: string) =>
  new Response(JSON.stringify(stripeError('api_error', `Stripe is unavailable (sandbox fault ${fault}).`)), { status: 503, headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' } });
