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

/**
 * The sandbox domain-registration provider's rule (the sandbox processor applies it; docs/merchant.md,
 * Wallet domains), deterministic so tests and merchants can reach every outcome: a domain verifies
 * unless public DNS can never resolve it. Top-level names public DNS never delegates, with the RFC
 * that reserves each.
 */
const NEVER_PUBLIC: readonly (readonly [suffix: string, rfc: string])[] = [
  ['test', 'RFC 6761'],
  ['example', 'RFC 2606'],
  ['invalid', 'RFC 6761'],
  ['localhost', 'RFC 6761'],
  ['local', 'RFC 6762'],
  ['onion', 'RFC 7686'],
  ['home.arpa', 'RFC 8375'],
];

/** Why verification of a (normalised) domain fails, or null when it verifies. */
export function sandboxVerificationError(domain: string, walletType: WalletType): string | null {
  const hit = NEVER_PUBLIC.find(([suffix]) => domain === suffix || domain.endsWith(`.${suffix}`));
  if (!hit) return null;
  const [suffix, rfc] = hit;
  const reach = walletType === 'apple_pay' ? `Apple Pay cannot fetch https://${domain}${appleAssociationPath}` : 'Google Pay cannot reach it';
  return `${domain} is under .${suffix}, a name public DNS never resolves (${rfc}), so ${reach}. Register the public domain the checkout runs on.`;
}

