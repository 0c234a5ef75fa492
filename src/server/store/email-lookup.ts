/**
 * The lookup value of a buyer's email (Doc 2, Buyer `email`: unique per merchant, compared
 * case-insensitively; `email: null` erases "the email and its lookup hash"). Every backend keys
 * its uniqueness and its email lookups on this value, never on the email itself, so erasing the
 * email column and this value leaves nothing an email lookup can find.
 */
import { createHash } from 'node:crypto';

export function emailLookupKey(email: string): string {
  return createHash('sha256').update(`svcpay.buyer-email.v1\n${email.trim().toLowerCase()}`).digest('hex');
}
