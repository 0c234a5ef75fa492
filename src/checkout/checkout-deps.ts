/** What the checkout store (checkout-store.ts) is given: every outside effect it has comes in here. */
import type { completeCheckout, initCheckout, reportClientError, saveBuyerDetails } from '../client/checkout.ts';
import type { getPublicSession } from '../client/public.ts';

/** How the bank challenge dialog closed: the bank sent the buyer back, or the buyer closed it. */
export type ChallengeOutcome = 'returned' | 'canceled';

export interface CheckoutApi {
  getPublicSession: typeof getPublicSession;
  initCheckout: typeof initCheckout;
  completeCheckout: typeof completeCheckout;
  /**
   * Issue 22: the hosted page saves the buyer's details on the session before the card is charged
   * (`POST /api/checkout/buyer-details`). The embedded checkout shows no buyer inputs and has none.
   */
  saveBuyerDetails?: typeof saveBuyerDetails;
  reportClientError: typeof reportClientError;
}

/**
 * Which session the checkout is for, and in which language: the hosted page's boot data
 * (hosted-page/boot.ts, written by the service), or what the embedded checkout frame's hash says.
 */
export interface CheckoutBoot {
  sessionId: string;
  /** Null when the session does not exist. */
  publishableKey: string | null;
  locale?: string | null;
}

export interface CheckoutDeps {
  boot: CheckoutBoot | null;
  api: CheckoutApi;
  /** This page's origin: the fields page may only talk back to it. */
  origin: string;
  now?(): number;
  /** The browser's languages, most wanted first (default navigator.languages). */
  languages?: readonly string[];
  assign(url: string): void;
  randomId?(): string;
  /** How long the success panel shows before leaving (ms). */
  redirectDelay?: number;
  /** How long to wait for the fields frame's answer to a submit (ms). */
  submitTimeout?: number;
  /** Pauses between `complete` retries after a network failure (ms). */
  completeBackoff?: readonly number[];
  /**
   * Shows the buyer's bank page (3-D Secure) in a modal dialog over the page and calls `done`
   * once, when it closes (hosted-page/main.tsx: embed/challenge.ts's dialog). Without it a
   * challenge cannot run, and the attempt ends as a failure the buyer can retry.
   */
  challenge?(url: string, done: (outcome: ChallengeOutcome) => void): void;
}
