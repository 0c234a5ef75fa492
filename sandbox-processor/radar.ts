/**
 * The provider stand-ins' card-testing checks, where the card is tried (issue 32, finding 3), as a
 * real provider's fraud tools apply them (Stripe Radar, Braintree's fraud tools): a browser
 * credential stops taking cards after repeated declines, and one browser address tries a bounded
 * number of cards a minute, whatever credential it holds. The numbers are the service's own for its
 * sandbox path (Doc 1, Rate limits: `cardTokenizePerIp`; issue 18: a session takes 6 declines), so a
 * merchant sees the same limits on every provider path; the service's tests keep them equal.
 */
import type { Context } from 'hono';

/** Declined charges one checkout session may make at a stand-in (over all its Stripe client secrets, all its Braintree sales); the next try is refused. */
export const DECLINES_PER_SESSION = 6;
/** Cards one browser address may try a minute at a stand-in (Doc 1's `cardTokenizePerIp`). */
export const TRIES_PER_ADDRESS = 20;
const WINDOW_MS = 60_000;

/** The browser's address as the stand-in sees it: the socket's peer, never a header; in-process calls share one. */
export function peerOf(c: Context): string {
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket;
  return socket?.remoteAddress ?? 'in-process';
}

/** Card tries per browser address, a fixed minute of the sandbox clock each. */
export class Radar {
  readonly #tries = new Map<string, { start: number; n: number }>();

  constructor(
    private readonly now: () => Date,
    /** Off with the service's rate limits (SVCPAY_RATE_LIMITS=off: load tests and the browser suite). */
    private readonly perAddress = true,
  ) {}

  /** Counts one card try from the request's address: false past TRIES_PER_ADDRESS this minute. */
  tryFrom(c: Context): boolean {
    if (!this.perAddress) return true;
    const address = peerOf(c);
    const ms = this.now().getTime();
    const seen = this.#tries.get(address);
    const current = seen && ms - seen.start < WINDOW_MS ? seen : { start: ms, n: 0 };
    current.n += 1;
    this.#tries.set(address, current);
    if (this.#tries.size > 10_000) this.#forgetOld(ms);
    return current.n <= TRIES_PER_ADDRESS;
  }

  #forgetOld(ms: number) {
    for (const [address, w] of this.#tries) if (ms - w.start >= WINDOW_MS) this.#tries.delete(address);
  }
}
