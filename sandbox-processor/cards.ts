/**
 * The sandbox test-card table (Doc 3, "The sandbox processor"). Only the outcome is kept here;
 * brand comes from the card number itself.
 */
import type { DeclineCode } from '../src/vocab/declines.ts';

export type CardBehaviour = { outcome: 'approve' } | { outcome: 'decline'; code: DeclineCode; ruleCode?: string | null };

const declines: Record<string, DeclineCode> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000036': 'incorrect_zip',
  '4000000000009987': 'lost_card',
  '4000000000009979': 'stolen_card',
  '4100000000000019': 'fraudulent',
  '4000000000000119': 'processing_error',
  '4000000000006975': 'card_velocity_exceeded',
  '4000000000110017': 'do_not_honor',
  '4000000000110025': 'issuer_unavailable',
  '4000000000110033': 'blocked_by_rule',
  '4000000000110041': 'blocked_by_rule',
  '4000000000110058': 'generic_decline',
};

const ruleCodes: Record<string, string | null> = { '4000000000110033': 'sandbox_block', '4000000000110041': null };

/**
 * Behaviour of a card number. Cards of the table with a special flow (bank challenge, delayed
 * settlement, refund outcomes, disputes, unknown outcome, provider down) are approved plainly
 * until those flows are built; every other Luhn-valid number is approved.
 */
export function behaviourOf(number: string): CardBehaviour {
  const code = declines[number];
  if (code) return { outcome: 'decline', code, ruleCode: number in ruleCodes ? ruleCodes[number] : undefined };
  return { outcome: 'approve' };
}
