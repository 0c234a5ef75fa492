/**
 * Values stored encrypted (Doc 2: a saved card's billing address is "stored encrypted, never
 * returned"; issue 18, finding 4: the webhook signing secrets, the redirect keys and the processor's
 * secrets too): AES-256-GCM under the installation's sealing key, which never sits in the database
 * (src/server/sealing-keys.ts says where it comes from).
 *
 * A row holds `v2.<kid>.<iv>.<tag>.<ciphertext>` in base64url. `kid` names the key that sealed it,
 * so after a rotation the old keys still open what they sealed. The place a value belongs to (its
 * table, column and row id) is the cipher's associated data: a sealed value copied to another row or
 * column fails to open there rather than reading back as that row's, and so does a tampered one.
 *
 * `v1.<iv>.<tag>.<ciphertext>` is the format before issue 18 (no key id, no associated data, under
 * the key that used to be kept in the `meta` table). It still opens; the start-up re-seal
 * (engine/reseal.ts) turns every one into v2.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

import type { SealedAt, Store } from '../store/types.ts';

export type { SealedAt };

export interface Sealer {
  seal(value: unknown, at: SealedAt): string;
  open(sealed: string, at: SealedAt): unknown;
  /** True when a value is not sealed as `seal` would seal it today (old format or an older key): the re-seal rewrites those. */
  stale(sealed: string): boolean;
}

/** The keys a sealer holds: the one it seals with, and older ones it still opens with. */
export interface SealingKeys {
  current: Buffer;
  previous: Buffer[];
}

/** A key's public name in sealed values: 8 bytes of its SHA-256, never the key. */
export const keyId = (key: Buffer) => createHash('sha256').update('svcpay sealing key id').update(key).digest().subarray(0, 8).toString('base64url');

/** How every value `seal` makes under `key` begins: what the re-seal looks for to find the others. */
export const sealedPrefix = (key: Buffer) => `v2.${keyId(key)}.`;

/** A stored value in one of the sealed formats (v1 or v2), as opposed to a secret kept in plain text before issue 18. */
export const looksSealed = (value: string) => /^v[12]\./.test(value);

const aad = (at: SealedAt) => Buffer.from(JSON.stringify(['svcpay.sealed.v2', at.table, at.column, at.id]), 'utf8');

function decrypt(key: Buffer, iv: string, tag: string, body: string, associated: Buffer | null): unknown {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  if (associated) decipher.setAAD(associated);
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8'));
}

export function sealerFromKeys(keys: SealingKeys): Sealer {
  for (const k of [keys.current, ...keys.previous]) if (k.length !== 32) throw new Error('a sealing key is 32 bytes');
  const prefix = sealedPrefix(keys.current);
  const byId = new Map([keys.current, ...keys.previous].map((k) => [keyId(k), k]));
  return {
    seal(value, at) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys.current, iv);
      cipher.setAAD(aad(at));
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return prefix + [iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url')).join('.');
    },
    open(sealed, at) {
      const parts = sealed.split('.');
      if (parts[0] === 'v2' && parts.length === 5) {
        const key = byId.get(parts[1]!);
        if (!key) throw new Error('sealed with a key this installation no longer has');
        return decrypt(key, parts[2]!, parts[3]!, parts[4]!, aad(at));
      }
      if (parts[0] === 'v1' && parts.length === 4) {
        // v1 named no key: any key of the ring may have sealed it (the legacy one is among the previous).
        for (const key of byId.values()) {
          try {
            return decrypt(key, parts[1]!, parts[2]!, parts[3]!, null);
          } catch {
            // the next key
          }
        }
        throw new Error('no sealing key opens this value');
      }
      throw new Error('not a sealed value');
    },
    stale: (sealed) => !sealed.startsWith(prefix),
  };
}

/** A sealer over one key: tests, and tools that make a throwaway one. */
export const sealerFromKey = (key: Buffer): Sealer => sealerFromKeys({ current: key, previous: [] });

/** Where a kept secret of the `meta` table is bound. */
export const metaSealedAt = (key: string): SealedAt => ({ table: 'meta', column: 'value', id: key });

/** A secret made once and kept sealed in the meta table: read it, or make and keep it, in one transaction. */
export function keptSecret(store: Store, sealer: Sealer, key: string, make: () => string): Promise<string> {
  return store.tx(async (r) => {
    const saved = await r.meta.get(key);
    if (saved) return sealer.open(saved, metaSealedAt(key)) as string;
    const fresh = make();
    await r.meta.set(key, sealer.seal(fresh, metaSealedAt(key)));
    return fresh;
  });
}

/** Where each sealed field is bound; store/sqlite/sealed-values.ts lists the same places for the re-seal. */
export const sealedIn = {
  sessionBuyer: (sessionId: string): SealedAt => ({ table: 'sessions', column: 'buyerSealed', id: sessionId }),
  sessionContact: (sessionId: string): SealedAt => ({ table: 'sessions', column: 'buyerContactSealed', id: sessionId }),
  cardAddress: (paymentMethodId: string): SealedAt => ({ table: 'payment_methods', column: 'billingAddressSealed', id: paymentMethodId }),
  webhookSecret: (subscriptionId: string): SealedAt => ({ table: 'webhook_subscriptions', column: 'secretSealed', id: subscriptionId }),
  webhookPreviousSecret: (subscriptionId: string): SealedAt => ({ table: 'webhook_subscriptions', column: 'previousSecretSealed', id: subscriptionId }),
  redirectKey: (merchantId: string): SealedAt => ({ table: 'api_keys', column: 'redirect_key', id: merchantId }),
  providerAccount: (merchantId: string): SealedAt => ({ table: 'merchants', column: 'providerAccount', id: merchantId }),
  sessionMirror: (sessionId: string): SealedAt => ({ table: 'sessions', column: 'mirrorSealed', id: sessionId }),
  intentMirror: (intentId: string): SealedAt => ({ table: 'payment_intents', column: 'mirrorSealed', id: intentId }),
  storeOrderStatusUrl: (intentId: string): SealedAt => ({ table: 'mirror_orders', column: 'statusUrlSealed', id: intentId }),
  orderFirstStatusUrl: (purchaseId: string): SealedAt => ({ table: 'order_first_purchases', column: 'statusUrlSealed', id: purchaseId }),
};
