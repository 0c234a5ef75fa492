/**
 * Values stored encrypted (Doc 2: a saved card's billing address is "stored encrypted, never
 * returned"): AES-256-GCM with a key made once per installation and kept in the store. The row
 * holds `v1.<iv>.<tag>.<ciphertext>` in base64url; a tampered row fails to open rather than
 * reading back wrong.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Store } from '../store/types.ts';
import { keptValue } from '../store/kept-value.ts';

export interface Sealer {
  seal(value: unknown): string;
  open(sealed: string): unknown;
}

export function sealerFromKey(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('a sealing key is 32 bytes');
  return {
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [v, iv, tag, body] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8'));
    },
  };
}

/** The installation's sealer: its key is made on first start and kept. */
export async function storeSealer(store: Store): Promise<Sealer> {
  const key = await keptValue(store, 'seal_key', () => randomBytes(32).toString('base64'));
  return sealerFromKey(Buffer.from(key, 'base64'));
}
