/**
 * The signed merchant redirect `complete` answers with (Doc 1, internal checkout endpoints):
 * the success URL plus the session id and an HMAC over it, so a merchant can tell a real return
 * from a hand-typed one. The key is generated once per installation and kept in the store.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { keptValue } from '../store/kept-value.ts';
import type { Store } from '../store/types.ts';

export async function redirectSigner(store: Store) {
  const key = await keptValue(store, 'redirect_secret', () => randomBytes(32).toString('hex'));
  const sign = (sessionId: string) => createHmac('sha256', key).update(`svcpay-redirect.${sessionId}`).digest('hex');
  return {
    url(successUrl: string | null, sessionId: string): string | null {
      if (!successUrl) return null;
      const u = new URL(successUrl);
      u.searchParams.set('session_id', sessionId);
      u.searchParams.set('svcpay_signature', sign(sessionId));
      return u.toString();
    },
    verify(sessionId: string, signature: string): boolean {
      const expected = Buffer.from(sign(sessionId), 'hex');
      const got = Buffer.from(signature, 'hex');
      return got.length === expected.length && timingSafeEqual(got, expected);
    },
  };
}
export type RedirectSigner = Awaited<ReturnType<typeof redirectSigner>>;
