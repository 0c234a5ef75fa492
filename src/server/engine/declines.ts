/**
 * Decline vocabulary (Doc 2, Payment intent: `decline_code`, `action` mapping, buyer-safe
 * `decline_message`). Browser-facing answers hide merchant routing rules (Doc 2: they show
 * `card_declined` with no rule code).
 */
export type DeclineAction = 'soft' | 'hard' | 'fix_and_retry' | 'generic';

const ACTION: Record<string, DeclineAction> = {
  insufficient_funds: 'soft',
  issuer_unavailable: 'soft',
  processing_error: 'soft',
  card_velocity_exceeded: 'soft',
  stolen_card: 'hard',
  lost_card: 'hard',
  fraudulent: 'hard',
  do_not_honor: 'hard',
  blocked_by_rule: 'hard',
  expired_card: 'fix_and_retry',
  incorrect_cvc: 'fix_and_retry',
  incorrect_zip: 'fix_and_retry',
  card_declined: 'generic',
  generic_decline: 'generic',
};

const BUYER_MESSAGE: Record<DeclineAction, string> = {
  soft: 'Your card could not be charged right now. Try again in a moment or use another card.',
  hard: 'Your card was declined. Use another card.',
  fix_and_retry: 'Your card was declined. Check the card details and try again.',
  generic: 'Your card was declined. Try another card.',
};

const FIX_MESSAGE: Record<string, string> = {
  expired_card: 'Your card has expired. Check the expiration date or use another card.',
  incorrect_cvc: 'The security code is incorrect. Check it and try again.',
  incorrect_zip: 'The postal code does not match your card. Check it and try again.',
  insufficient_funds: 'Your card has insufficient funds. Use another card.',
};

export const actionOf = (code: string): DeclineAction => ACTION[code] ?? 'generic';

export function declineMessage(code: string): string {
  return FIX_MESSAGE[code] ?? BUYER_MESSAGE[actionOf(code)];
}

/** The decline code a browser may see. */
export const browserDeclineCode = (code: string) => (code === 'blocked_by_rule' ? 'card_declined' : code);
