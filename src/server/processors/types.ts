/**
 * The interface every payment provider adapter implements (ARCHITECTURE.md, processors/).
 * The engine talks to providers only through it; the sandbox processor is the first adapter.
 */
import type { ChargeCard, InitResponse } from '../../api/checkout.ts';
import type { Merchant, SessionRecord } from '../engine/types.ts';

export interface ProcessorTransaction {
  id: string;
  status: 'approved' | 'declined';
  declineCode: string | null;
  amount: number;
  currency: string;
  /** The session the client token was issued for; null for server-side charges without one. */
  sessionId: string | null;
  merchantId: string;
  card: { brand: string; last4: string; expMonth: number; expYear: number };
  avsResult: string | null;
  cvvResult: string | null;
}

export interface Processor {
  /** What `POST /api/checkout/init` hands the browser to mount the provider's fields. */
  clientInit(merchant: Merchant, session: SessionRecord): Promise<InitResponse>;
  /** Reads a transaction back from the provider; null when the provider does not know it. */
  verifyTransaction(merchant: Merchant, transactionId: string): Promise<ProcessorTransaction | null>;
  /**
   * Server-side charge of card data collected by the service's own fields (charge at submit).
   * `reference` is the caller's name for the charge (the engine's attempt id): a provider charges
   * one reference once, so a retry after a lost answer cannot charge twice (ARCHITECTURE.md, Engine).
   */
  charge(merchant: Merchant, session: SessionRecord, card: ChargeCard, opts?: { reference?: string }): Promise<ProcessorTransaction>;
  /** The transaction a charge with this reference made; null when none was made (the reconciler asks this). */
  lookup(merchant: Merchant, reference: string): Promise<ProcessorTransaction | null>;
}

/** The provider did not answer (unreachable, timed out, unusable reply); nothing is known to have moved. */
export class ProcessorUnavailableError extends Error {}

/** The provider refused the request before any money moved (bad card data, bad token). */
export class ProcessorRejectedError extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}
