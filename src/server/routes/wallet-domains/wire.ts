/** The wire shapes of this resource: domain records shaped as the spec spells them (STYLE.md, habit 7). */
import { WalletDomain } from '../../../api/wallet-domains.ts';
import type { WalletDomainRecord } from '../../domain/index.ts';

export const toWalletDomain = (w: WalletDomainRecord): WalletDomain => ({
  id: w.id,
  domain: w.domain,
  wallet_type: w.walletType,
  status: w.status,
  verified_at: w.verifiedAt,
  last_verification_error: w.lastVerificationError,
  created_at: w.createdAt,
  livemode: w.livemode,
});
