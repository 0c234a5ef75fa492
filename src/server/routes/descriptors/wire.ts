/** The wire shapes of this resource: domain records shaped as the spec spells them (STYLE.md, habit 7). */
import { DescriptorConfig } from '../../../api/descriptors.ts';
import { descriptorConnectionOf } from '../../engine/descriptors/descriptors.ts';
import type { Merchant } from '../../domain/index.ts';

/** The configuration in snake_case; a field that is not configured reads as null. */
export function toDescriptorConfig(merchant: Merchant, passthrough: boolean): DescriptorConfig {
  const d = merchant.settings.descriptor;
  return {
    descriptor: d && {
      name: d.name,
      city: d.city ?? null,
      country: d.country ?? null,
      phone: d.phone ?? null,
      url: d.url ?? null,
      postal_code: d.postalCode ?? null,
      suffix: { source: d.suffix.source, key: d.suffix.key ?? null, fallback: d.suffix.fallback, literal: d.suffix.literal ?? null },
    },
    passthrough: passthrough ? 'on' : 'off',
    connection: descriptorConnectionOf(merchant.processor),
  };
}
