/** Identifier shapes of Doc 1, "Identifier shapes". Random parts come from the CSPRNG. */
import { randomFillSync, randomUUID } from 'node:crypto';
import { idPrefixes as p, type IdEnv } from '../vocab/keys.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * CSPRNG bytes drawn from a pool refilled 8 KB at a time: every request takes an id, and one
 * system call per id showed in the read profile (bench/profile-api.ts). Each byte is used once.
 */
const pool = Buffer.alloc(8192);
let next = pool.length;

function randomByte(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++]!;
}

export function randomChars(n: number): string {
  // 62 does not divide 256: reject bytes >= 248 so every character is equally likely.
  let out = '';
  while (out.length < n) {
    const b = randomByte();
    if (b < 248) out += ALPHABET[b % 62];
  }
  return out;
}

export type Env = IdEnv;
export const envOf = (livemode: boolean): Env => (livemode ? 'live' : 'test');

export const newId = {
  session: (livemode: boolean) => `${p.session}${envOf(livemode)}_${randomChars(16)}`,
  paymentIntent: (livemode: boolean) => `${p.paymentIntent}${envOf(livemode)}_${randomChars(24)}`,
  transaction: (livemode: boolean) => `${p.transaction}${envOf(livemode)}_${randomChars(24)}`,
  event: (livemode: boolean) => `${p.event}${envOf(livemode)}_${randomChars(24)}`,
  walletDomain: (livemode: boolean) => `${p.walletDomain}${envOf(livemode)}_${randomChars(24)}`,
  paymentMethod: (livemode: boolean) => `${p.paymentMethod}${envOf(livemode)}_${randomChars(24)}`,
  refund: (livemode: boolean) => `${p.refund}${envOf(livemode)}_${randomChars(24)}`,
  buyer: (livemode: boolean) => `${p.buyer}${envOf(livemode)}_${randomChars(24)}`,
  /** The engine's own name for one processor call (a payment attempt); the processor receives it as the reference. */
  attempt: () => `att_${randomChars(24)}`,
  webhookSubscription: (livemode: boolean) => `${p.webhookSubscription}${envOf(livemode)}_${randomChars(24)}`,
  /** Doc 1: webhook signing secrets are `whsec_*`. */
  webhookSecret: () => `whsec_${randomChars(40)}`,
  secretKey: (livemode: boolean) => `${p.secretKey}${envOf(livemode)}_${randomChars(32)}`,
  publishableKey: (livemode: boolean) => `${p.publishableKey}${envOf(livemode)}_${randomChars(32)}`,
  merchant: () => randomUUID(),
  requestId: () => `req_${randomChars(20)}`,
};
