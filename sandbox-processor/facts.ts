/**
 * What the sandbox processor's rules share (./processor.ts, ./authorize.ts, ./wallets.ts,
 * ./refunds.ts): a refusal before any money moved, the provider being down, ids, the expiry a
 * referenced card reports, and what it reads of a card.
 */
import { randomBytes } from 'node:crypto';
import type { CardBehaviour } from './cards.ts';

export const newId = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/** Card 0108: the processor is down; nothing was recorded (answered 503). */
export class ProviderDown extends Error {}

/** The expiry a server-referenced card reports: the reference carries none. */
export const REFERENCE_EXPIRY = { expMonth: 12, expYear: 2034 } as const;

export type RefusalStatus = 400 | 404 | 409;

/** The processor refused the request before any money moved; `reason` is its wire code. */
export class ChargeRefused extends Error {
  constructor(
    readonly reason: string,
    message: string,
    readonly status: RefusalStatus = 400,
  ) {
    super(message);
  }
}

/** What the processor reads of a card, from its data or from the vault. */
export interface CardFacts {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
  cvvResult: string | null;
  avsResult: string | null;
  vaultId: string | null;
}
