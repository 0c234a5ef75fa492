/**
 * The fault switchboard on the Braintree stand-in (issue 19; Doc 3 "Faults and the processor's
 * ledger"): the sandbox's door (../server/fault-door.ts) with Braintree's gateway calls named as
 * the switchboard's operations, and `down` answered as Braintree answers when it cannot serve
 * (503, which the SDK reads as ServiceUnavailableError: the reconciler asks).
 */
import type { Door } from '../server/fault-door.ts';

/** Which switchboard operation a call of the `braintree` SDK is; null for calls no fault touches. */
export function braintreeOperationOf(method: string, path: string): Door | null {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] !== 'merchants' || parts[2] === 'client_api') return null;
  const [resource, id, action] = parts.slice(2);
  if (resource === 'customers' || resource === 'payment_methods') return 'vault';
  if (resource === 'client_token') return 'other';
  if (resource === 'merchant_accounts') return 'lookup';
  if (resource !== 'transactions') return null;
  if (method === 'GET' || id === 'advanced_search_ids' || id === 'advanced_search') return 'lookup';
  if (id === undefined) return 'charge';
  if (action === 'submit_for_settlement') return 'capture';
  if (action === 'void') return 'void';
  if (action === 'refund') return 'refund';
  return null;
}

export const braintreeDown = () => new Response(null, { status: 503 });
