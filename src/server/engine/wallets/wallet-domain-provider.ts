/**
 * The sandbox's domain-registration provider (Doc 1, "Wallet-domain verification"; docs/merchant.md, Wallet
 * domains). Deterministic, so tests and merchants can reach every outcome: a domain verifies
 * unless public DNS can never resolve it, and the Apple Pay association file is fixed per merchant
 * and mode. Pure: no I/O, so it may run inside a store transaction.
 */
import { createHash } from 'node:crypto';
import { appleAssociationPath, type WalletType } from '../../../vocab/wallet-domains.ts';
import { envOf } from '../../ids.ts';

/** Top-level names public DNS never delegates, with the RFC that reserves each. */
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

/**
 * The Apple Pay domain-association file: the same for every domain of one merchant in one mode
 * (as Apple's is per merchant identifier). Hex of a small JSON document, like the real file; the
 * merchant id only enters through a digest, since the file is published on the merchant's site.
 */
export function sandboxAssociationFile(merchantId: string, livemode: boolean): string {
  const env = envOf(livemode);
  const merchantIdentifier = createHash('sha256').update(`svcpay sandbox association\n${merchantId}\n${env}`).digest('hex');
  const doc = JSON.stringify({ issuer: 'svcpay-sandbox', merchantIdentifier, mode: env, version: 1 });
  return `${Buffer.from(doc, 'utf8').toString('hex').toUpperCase()}\n`;
}
