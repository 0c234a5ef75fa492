/**
 * A merchant's buyer as a Braintree customer (issue 19, Drop-in for `vault_hosted_fields`): one
 * customer per merchant, mode and buyer reference, whose id is a hash of the three. Braintree's
 * rules for an id (at most 36 letters, digits, `-`, `_`) hold whatever the buyer reference is (up to
 * 200 characters of any kind), the same buyer always finds the same customer, and Braintree never
 * learns the merchant's own reference.
 */
import { createHash } from 'node:crypto';

export function braintreeCustomerId(merchantId: string, livemode: boolean, buyerId: string): string {
  const digest = createHash('sha256').update(JSON.stringify([merchantId, livemode, buyerId])).digest('hex');
  return `svc_${digest.slice(0, 32)}`;
}
