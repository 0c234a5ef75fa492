/**
 * Split fields each hold part of the card (number, expiry, CVC); the combined field holds all of
 * it. The controller merges what every mounted field handed over into one charge body, with a
 * billing address element's value as its `billingAddress` (src/elements/registry.ts, `collects`).
 */
import type { PublicChargeRequest } from '../../api/checkout.ts';
import { ChargeCardParser } from '../../client/parsers.ts';
import type { ChargeCard } from '../../client/schemas/charge.ts';
import { elementBehaviour } from '../../elements/registry.ts';
import type { MessageKey } from '../../locales/index.ts';
import type { BoundFieldToController, CardValues, ElementType } from '../../protocol/messages.ts';

export interface FieldAnswer {
  elementId: string;
  elementType: ElementType;
  valid: boolean;
  values: BoundFieldToController['values'];
}

export type MergeResult =
  | { ok: true; card: ChargeCard }
  | { ok: false; /** the field to blame, when one said it is invalid */ elementId?: string; key: MessageKey };

/** What a field of `type` is missing when it cannot say more. */
export const incompleteKey = (type: ElementType): MessageKey => elementBehaviour[type].incomplete ?? 'error.incomplete_number';

const isCard = (a: FieldAnswer) => elementBehaviour[a.elementType].collects === 'card';

/** Every answer checked (an invalid address blocks the payment too); the card from the card fields'. */
export function mergeCard(answers: readonly FieldAnswer[]): MergeResult {
  const invalid = answers.find((a) => !a.valid);
  if (invalid) return { ok: false, elementId: invalid.elementId, key: incompleteKey(invalid.elementType) };
  const merged: CardValues = {};
  for (const a of answers) if (isCard(a) && !('address' in a.values)) Object.assign(merged, stripUndefined(a.values));
  if (!merged.number) return { ok: false, key: 'error.incomplete_number' };
  if (merged.expMonth === undefined || merged.expYear === undefined) return { ok: false, key: 'error.incomplete_expiry' };
  if (!merged.cvc) return { ok: false, key: 'error.incomplete_cvc' };
  const card = ChargeCardParser.safeParse(merged);
  return card.success ? { ok: true, card: card.data } : { ok: false, key: 'error.invalid_number' };
}

function stripUndefined(values: CardValues): CardValues {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as CardValues;
}

/**
 * The charge's `billingAddress`: the value a billing address element handed over (a shipping one
 * hands none), its empty parts left out; undefined when there is none or it is blank.
 */
export function billingAddressOf(answers: readonly FieldAnswer[]): PublicChargeRequest['billingAddress'] {
  for (const a of answers) {
    if (elementBehaviour[a.elementType].collects !== 'address' || !a.valid || !('address' in a.values)) continue;
    const parts = Object.entries(a.values.address).filter(([, v]) => v !== '');
    if (parts.some(([k]) => k !== 'country')) return Object.fromEntries(parts);
  }
  return undefined;
}
