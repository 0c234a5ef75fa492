/** Wallet-domain vocabulary (Doc 1, "Wallet-domain verification"; docs/merchant.md, Wallet domains). */
export const walletTypes = ['apple_pay', 'google_pay'] as const;
export type WalletType = (typeof walletTypes)[number];

/**
 * `pending`: registered, not verified yet (an Apple Pay row waits for the merchant to host the
 * association file and call verify); `verified`; `failed` (see `last_verification_error`).
 */
export const walletDomainStatuses = ['pending', 'verified', 'failed'] as const;
export type WalletDomainStatus = (typeof walletDomainStatuses)[number];

/** Where Apple Pay fetches the association file on the merchant's domain. */
export const appleAssociationPath = '/.well-known/apple-developer-merchantid-domain-association';
