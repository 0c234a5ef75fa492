/** Merchant accounts and their keys (Doc 3, `POST /_sandbox/merchants`). */
import type { Deps } from '../context.ts';
import { newId } from '../ids.ts';
import { MerchantSettings, type Merchant, type ProcessorKind } from './types.ts';

export interface NewMerchant {
  environment?: 'sandbox' | 'live';
  processor?: ProcessorKind;
  settings?: Partial<MerchantSettings>;
}

export interface MerchantKeys {
  secret: string;
  publishable: string;
}

export function createMerchant(deps: Pick<Deps, 'store' | 'clock'>, input: NewMerchant): { merchant: Merchant; keys: MerchantKeys } {
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
  const keys = { secret: newId.secretKey(livemode), publishable: newId.publishableKey(livemode) };
  deps.store.tx(() => {
    deps.store.merchants.insert(merchant);
    deps.store.merchants.addKey(keys.secret, merchant.id, 'secret', livemode, now);
    deps.store.merchants.addKey(keys.publishable, merchant.id, 'publishable', livemode, now);
  });
  return { merchant, keys };
}
