/**
 * The sandbox's Apple Pay association file (Doc 1, "Wallet-domain verification"; docs/merchant.md,
 * Wallet domains): fixed per merchant and mode. Pure: no I/O. Verification itself is the
 * domain-registration provider's (the sandbox processor, asked over its API: ./wallet-domains.ts).
 */
import { createHash } from 'node:crypto';
import { envOf } from '../../ids.ts';

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
