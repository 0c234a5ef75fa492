/**
 * The start-up re-seal (issue 18, finding 4): every sealed value not sealed under the current key
 * (an older key of a rotation, or the pre-issue-18 `v1` format under the key the `meta` table used
 * to hold) is opened and sealed again under the current one, in one transaction. After it the
 * previous keys open nothing and may be dropped (docs/operator.md, "Sealing key"). A value no key opens stops
 * the start with the place it was found: serving on would fail later, one buyer at a time.
 *
 * The legacy key in `meta.seal_key` joins the ring for this pass only, and is deleted in the same
 * transaction; `secure_delete` and a WAL checkpoint leave no copy of it in the file's free pages.
 */
import type { Store } from '../store/types.ts';
import { looksSealed, sealedPrefix, sealerFromKeys, type Sealer, type SealingKeys } from './sealed.ts';

const LEGACY_KEY = 'seal_key';

export interface ResealResult {
  sealer: Sealer;
  /** How many values were sealed again. */
  resealed: number;
  /** Whether the key the meta table used to keep was found, used and deleted. */
  legacyKeyDropped: boolean;
}

export async function resealStale(store: Store, keys: SealingKeys): Promise<ResealResult> {
  const legacy = await store.read.meta.get(LEGACY_KEY);
  const ring = legacy ? { ...keys, previous: [...keys.previous, Buffer.from(legacy, 'base64')] } : keys;
  const opener = sealerFromKeys(ring);
  const resealed = await store.tx(async (w) => {
    let n = 0;
    for (const v of await w.sealed.listNotStartingWith(sealedPrefix(keys.current))) {
      let plain: unknown;
      // The processor's secrets were kept in plain text before issue 18: they are sealed now.
      if (v.at.table === 'meta' && !looksSealed(v.value)) plain = v.value;
      else {
        try {
          plain = opener.open(v.value, v.at);
        } catch (e) {
          throw new Error(
            `svcpay: the sealed ${v.at.table}.${v.at.column} of ${v.at.id} opens with none of the sealing keys (${(e as Error).message}). Was an older key left out of SVCPAY_SEALING_KEY_PREVIOUS or the key file?`,
          );
        }
      }
      await w.sealed.put(v, opener.seal(plain, v.at));
      n++;
    }
    if (legacy) await w.meta.delete(LEGACY_KEY);
    return n;
  });
  // From here on only the keys the operator gave open anything.
  return { sealer: sealerFromKeys(keys), resealed, legacyKeyDropped: Boolean(legacy) };
}
