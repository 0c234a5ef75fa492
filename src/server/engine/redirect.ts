/**
 * The signed merchant redirect `complete` answers with (Doc 1, internal checkout endpoints; format
 * in platform/redirect-signature.ts): the success URL plus the session's id, amount, currency and
 * payment status, the whole return (path and query) signed with the merchant's redirect key, which is derived from its current secret
 * API key and kept sealed beside it (engine/merchants/merchants.ts). A merchant verifies with that secret key
 * (`verifyRedirect` in `svcpay/webhooks`, docs/merchant.md, "After a hosted-page payment").
 */
import type { Store } from '../store/types.ts';
import type { SessionRecord } from '../domain/index.ts';
import { sealedIn, type Sealer } from './sealed.ts';
import { signedRedirectUrl } from '../../platform/redirect-signature.ts';

export function redirectSigner(store: Store, sealer: Sealer) {
  return {
    /** The signed return URL for a paid or held session, or a setup session that saved its card; null without a success URL. */
    async url(session: SessionRecord): Promise<string | null> {
      if (!session.successUrl) return null;
      const sealed = await store.read.merchants.redirectKey(session.merchantId);
      // Keys made before redirect keys existed have none (rotating the keys makes one): the buyer
      // still goes back, with the session id alone and nothing a merchant could take as proof.
      if (!sealed) {
        const u = new URL(session.successUrl);
        u.searchParams.set('session_id', session.id);
        return u.toString();
      }
      const key = Buffer.from(sealer.open(sealed, sealedIn.redirectKey(session.merchantId)) as string, 'base64');
      // A setup session saved a card and charged nothing: its return says so (`unpaid`), never `paid`.
      const paymentStatus = session.mode === 'setup' ? 'unpaid' : session.paymentStatus === 'held' ? 'held' : 'paid';
      // Wall-clock time, as a webhook's `t`: the merchant's server judges its age with its own clock.
      const issuedAt = Math.floor(Date.now() / 1000);
      return signedRedirectUrl(session.successUrl, key, { sessionId: session.id, amount: session.amount, currency: session.currency, paymentStatus, issuedAt });
    },
  };
}
export type RedirectSigner = ReturnType<typeof redirectSigner>;
