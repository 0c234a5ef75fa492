/** Merchant accounts and their keys (Doc 3, `POST /_sandbox/merchants`, `PATCH`, `rotate_keys`). */
import type { EngineDeps } from '../deps.ts';
import { sealedIn } from '../sealed.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../ids.ts';
import { redirectKey } from '../../../platform/redirect-signature.ts';
import { MerchantSettings, type Merchant, type ProcessorKind } from '../../domain/index.ts';

type MerchantDeps = Pick<EngineDeps, 'store' | 'clock' | 'sealer'>;

/** A secret key's redirect key, sealed for the store (engine/redirect.ts). */
const sealedRedirectKey = (deps: MerchantDeps, merchantId: string, secret: string) =>
  deps.sealer.seal(redirectKey(secret).toString('base64'), sealedIn.redirectKey(merchantId));

export interface NewMerchant {
  environment?: 'sandbox' | 'live';
  processor?: ProcessorKind;
  settings?: Partial<MerchantSettings>;
}

export interface MerchantKeys {
  secret: string;
  publishable: string;
}

/** Doc 3: rotated keys keep working for this long of service clock. */
export const KEY_GRACE_MS = 24 * 3600 * 1000;

const newKeys = (livemode: boolean): MerchantKeys => ({ secret: newId.secretKey(livemode), publishable: newId.publishableKey(livemode) });

export async function createMerchant(deps: MerchantDeps, input: NewMerchant): Promise<{ merchant: Merchant; keys: MerchantKeys }> {
  const settings = MerchantSettings.parse(input.settings ?? {});
  const now = deps.clock.iso();
  const merchant: Merchant = {
    id: newId.merchant(),
    environment: input.environment ?? 'sandbox',
    processor: input.processor ?? 'sandbox',
    status: 'active',
    name: settings.displayName,
    settings,
    createdAt: now,
  };
  const livemode = merchant.environment === 'live';
  const keys = newKeys(livemode);
  await deps.store.tx(async (r) => {
    await r.merchants.insert(merchant);
    await r.merchants.addKey(keys.secret, merchant.id, 'secret', livemode, now, sealedRedirectKey(deps, merchant.id, keys.secret));
    await r.merchants.addKey(keys.publishable, merchant.id, 'publishable', livemode, now);
  });
  return { merchant, keys };
}

/** Doc 3, `PATCH /_sandbox/merchants/{id}`: the settings sent are merged; those left out keep their value. */
export async function updateMerchant(
  deps: MerchantDeps,
  id: string,
  change: { settings?: Partial<MerchantSettings>; status?: Merchant['status'] },
): Promise<Merchant> {
  return deps.store.tx(async (r) => {
    const m = await r.merchants.get(id);
    if (!m) throw new DomainError('route_not_found', 'No such merchant.');
    const settings = MerchantSettings.parse({ ...m.settings, ...change.settings });
    const updated: Merchant = { ...m, settings, name: settings.displayName, status: change.status ?? m.status };
    await r.merchants.update(updated);
    return updated;
  });
}

/** New keys; the current ones keep working for the grace window, then answer `auth_key_expired`. */
export async function rotateKeys(deps: MerchantDeps, id: string) {
  const m = await deps.store.read.merchants.get(id);
  if (!m) throw new DomainError('route_not_found', 'No such merchant.');
  const livemode = m.environment === 'live';
  // Doc 1, Authentication 7: live keys need onboarding and a connected processor.
  if (livemode && !m.settings.onboarded) throw new DomainError('merchant_not_onboarded');
  if (livemode && !m.settings.processorConnected) throw new DomainError('live_keys_need_processor');
  const keys = newKeys(livemode);
  const now = deps.clock.iso();
  const previousKeysExpireAt = new Date(deps.clock.nowMs() + KEY_GRACE_MS).toISOString();
  await deps.store.tx(async (r) => {
    await r.merchants.expireCurrentKeys(m.id, previousKeysExpireAt);
    await r.merchants.addKey(keys.secret, m.id, 'secret', livemode, now, sealedRedirectKey(deps, m.id, keys.secret));
    await r.merchants.addKey(keys.publishable, m.id, 'publishable', livemode, now);
  });
  return { keys, previousKeysExpireAt };
}
