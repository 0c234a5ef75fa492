/**
 * Wire shapes of wallet-domain verification (Doc 1, "Wallet-domain verification"). snake_case, as
 * Doc 1's global conventions give every resource but sessions. The record is "not shown" in
 * Doc 1; its fields are this server's (docs/merchant.md, Wallet domains).
 */
import { z } from 'zod';
import { walletDomainStatuses, walletTypes } from '../vocab/wallet-domains.ts';

export const WalletDomain = z.strictObject({
  id: z.string().describe('`vp_wd_test_*` or `vp_wd_live_*`'),
  domain: z.string().describe('as stored: lowercase ASCII (punycode for international names), no trailing dot'),
  wallet_type: z.enum(walletTypes),
  status: z
    .enum(walletDomainStatuses)
    .describe('`pending`: an Apple Pay row waiting for its verify call (host the file first); `verified`; `failed`: see `last_verification_error`'),
  verified_at: z.string().nullable().describe('ISO 8601 time of the verification that made the row `verified`; null otherwise'),
  last_verification_error: z.string().nullable().describe('why the latest verification failed; null unless `failed`'),
  created_at: z.string().describe('ISO 8601'),
  livemode: z.boolean(),
});
export type WalletDomain = z.infer<typeof WalletDomain>;

export const RegisterWalletDomainBody = z.strictObject({
  domain: z
    .string()
    .max(1000)
    .describe('bare RFC 1123 hostname: at most 253 characters, at least two labels, no scheme, path, port or IP address; case is ignored and one trailing dot dropped'),
  wallet_type: z.enum(walletTypes),
});

export const ListWalletDomainsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional().describe('1 to 100, default 10'),
  starting_after: z.string().min(1).max(100).optional().describe('the last `id` of the previous page'),
});

export const WalletDomainList = z.strictObject({
  data: z.array(WalletDomain).describe('newest first; removed registrations are left out'),
  has_more: z.boolean(),
});

export const RemovedWalletDomain = z.strictObject({
  id: z.string(),
  deleted: z.literal(true),
});
