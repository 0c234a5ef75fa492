/**
 * Split fields each hold part of the card (number, expiry, CVC); the combined field holds all of
 * it. The controller merges what every mounted field handed over into one charge body.
 */
import { ChargeCardParser } from '../../client/parsers.ts';
import type { ChargeCard } from '../../client/schemas/charge.ts';
import type { MessageKey } from '../../locales/index.ts';
import type { CardValues, ElementType } from '../../protocol/messages.ts';

export interface FieldAnswer {
  elementId: string;
  elementType: ElementType;
  valid: boolean;
  values: CardValues;
}

export type MergeResult =
  | { ok: true; card: ChargeCard }
  | { ok: false; /** the field to blame, when one said it is invalid */ elementId?: string; key: MessageKey };

/** What a field of each type is missing when it cannot say more. */
export const incompleteKey: Record<ElementType, MessageKey> = {
  card: 'error.incomplete_number',
  cardNumber: 'error.incomplete_number',
  cardExpiry: 'error.incomplete_expiry',
  cardCvc: 'error.incomplete_cvc',
  address: 'error.incomplete_zip',
  wallet: 'error.incomplete_number',
};

export function mergeCard(answers: readonly FieldAnswer[]): MergeResult {
  const invalid = answers.find((a) => !a.valid);
  if (invalid) return { ok: false, elementId: invalid.elementId, key: incompleteKey[invalid.elementType] };
  const merged: CardValues = {};
  for (const a of answers) Object.assign(merged, stripUndefined(a.values));
  if (!merged.number) return { ok: false, key: 'error.incomplete_number' };
  if (merged.expMonth === undefined || merged.expYear === undefined) return { ok: false, key: 'error.incomplete_expiry' };
  if (!merged.cvc) return { ok: false, key: 'error.incomplete_cvc' };
  const card = ChargeCardParser.safeParse(merged);
  return card.success ? { ok: true, card: card.data } : { ok: false, key: 'error.invalid_number' };
}

function stripUndefined(values: CardValues): CardValues {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as CardValues;
}
