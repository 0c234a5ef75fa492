/** Identifier shapes of Doc 1, "Identifier shapes". Random parts come from the CSPRNG. */
import { randomBytes, randomUUID } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomChars(n: number): string {
  // 62 does not divide 256: reject bytes >= 248 so every character is equally likely.
  let out = '';
  while (out.length < n) {
    for (const b of randomBytes(n * 2)) {
      if (b < 248 && out.length < n) out += ALPHABET[b % 62];
    }
  }
  return out;
}

export type Env = 'test' | 'live';
export const envOf = (livemode: boolean): Env => (livemode ? 'live' : 'test');

export const newId = {
  session: (livemode: boolean) => `vp_cs_${envOf(livemode)}_${randomChars(16)}`,
  paymentIntent: (livemode: boolean) => `vpi_${envOf(livemode)}_${randomChars(24)}`,
  transaction: (livemode: boolean) => `vp_tx_${envOf(livemode)}_${randomChars(24)}`,
  event: (livemode: boolean) => `vp_evt_${envOf(livemode)}_${randomChars(24)}`,
  secretKey: (livemode: boolean) => `vp_sk_${envOf(livemode)}_${randomChars(32)}`,
  publishableKey: (livemode: boolean) => `vp_pk_${envOf(livemode)}_${randomChars(32)}`,
  merchant: () => randomUUID(),
  requestId: () => `req_${randomChars(20)}`,
};
