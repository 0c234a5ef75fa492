/** A store order of one mug on platform B, as a MirrorSpec: what the unit tests of this folder vary. */
import type { MirrorSpec } from '../../../domain/mirror.ts';

export const MUG_SPEC: MirrorSpec = {
  model: 'order',
  platform: 'platform_b',
  store: 'b.example.com',
  lines: [{ name: 'Mug', quantity: 1, unitAmount: 1500, variantId: '7', sku: null, productRef: null }],
  shipping: null,
  coupon: null,
  voucher: null,
  customer: null,
  shippingAddress: null,
  billingAddress: null,
  parentOrderRef: null,
  upsellKey: null,
  skip: false,
  attribution: null,
  metadata: {},
  storeCheckedAtOrder: false,
};
