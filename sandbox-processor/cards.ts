/**
 * The sandbox test-card table (Doc 3, "The sandbox processor"): every card number with what it does.
 * A card's behaviour is what the processor keeps about it (with brand, last four and expiry), never
 * its number: a vaulted card or a transaction carries the behaviour, so later steps (capture,
 * refunds, disputes) follow the table without the number.
 */
import type { DeclineCode } from '../src/vocab/declines.ts';
import type { CardBrand } from '../src/vocab/elements.ts';

export type CardBehaviour =
  | { outcome: 'approve' }
  | { outcome: 'decline'; code: DeclineCode; ruleCode?: string | null }
  /** Bank challenge (3-D Secure) required; `declineAfter`: declined whatever the buyer does. */
  | { outcome: 'challenge'; declineAfter: boolean }
  /** 3-D Secure frictionless: approved, authenticated, no challenge. */
  | { outcome: 'frictionless' }
  /** Capture is `pending` until a `capture.settled` event. */
  | { outcome: 'async_capture' }
  /** Approved; not settled (refunds refused) for one hour of clock after capture. */
  | { outcome: 'unsettled_1h' }
  /** Refunds answer `pending`; `succeed` on a refund.succeeded event, or fail 60 s later. */
  | { outcome: 'async_refund'; succeed: boolean }
  /** Approved; a dispute opens 60 s of clock after capture. */
  | { outcome: 'dispute' }
  /** The charge or capture is recorded, but the answer is lost (502). */
  | { outcome: 'outcome_unknown' }
  /** The processor is unavailable: 503, nothing recorded. */
  | { outcome: 'unavailable' };

interface TableCard {
  number: string;
  brand: Exclude<CardBrand, 'unknown'>;
  behaviour: CardBehaviour;
}

const approve: CardBehaviour = { outcome: 'approve' };
const decline = (code: DeclineCode, ruleCode?: string | null): CardBehaviour => (ruleCode === undefined ? { outcome: 'decline', code } : { outcome: 'decline', code, ruleCode });
const visa = (number: string, behaviour: CardBehaviour): TableCard => ({ number, brand: 'visa', behaviour });

export const testCards: readonly TableCard[] = [
  visa('4242424242424242', approve),
  visa('4000056655665556', approve),
  { number: '5555555555554444', brand: 'mastercard', behaviour: approve },
  { number: '2223003122003222', brand: 'mastercard', behaviour: approve },
  { number: '378282246310005', brand: 'amex', behaviour: approve },
  { number: '6011111111111117', brand: 'discover', behaviour: approve },
  { number: '3056930009020004', brand: 'diners', behaviour: approve },
  { number: '3566002020360505', brand: 'jcb', behaviour: approve },
  { number: '6200000000000005', brand: 'unionpay', behaviour: approve },
  visa('4000000000000002', decline('card_declined')),
  visa('4000000000009995', decline('insufficient_funds')),
  visa('4000000000000069', decline('expired_card')),
  visa('4000000000000127', decline('incorrect_cvc')),
  visa('4000000000000036', decline('incorrect_zip')),
  visa('4000000000009987', decline('lost_card')),
  visa('4000000000009979', decline('stolen_card')),
  visa('4100000000000019', decline('fraudulent')),
  visa('4000000000000119', decline('processing_error')),
  visa('4000000000006975', decline('card_velocity_exceeded')),
  visa('4000000000110017', decline('do_not_honor')),
  visa('4000000000110025', decline('issuer_unavailable')),
  visa('4000000000110033', decline('blocked_by_rule', 'sandbox_block')),
  visa('4000000000110041', decline('blocked_by_rule', null)),
  visa('4000000000110058', decline('generic_decline')),
  visa('4000000000003220', { outcome: 'challenge', declineAfter: false }),
  visa('4000000000110116', { outcome: 'challenge', declineAfter: true }),
  visa('4000000000110124', { outcome: 'frictionless' }),
  visa('4000000000110066', { outcome: 'async_capture' }),
  visa('4000000000110074', { outcome: 'unsettled_1h' }),
  visa('4000000000110082', { outcome: 'async_refund', succeed: true }),
  visa('4000000000005126', { outcome: 'async_refund', succeed: false }),
  visa('4000000000000259', { outcome: 'dispute' }),
  visa('4000000000110090', { outcome: 'outcome_unknown' }),
  visa('4000000000110108', { outcome: 'unavailable' }),
];

const byNumber = new Map(testCards.map((c) => [c.number, c]));
const byReference = new Map(testCards.map((c) => [providerReferenceOf(c), c]));

/** `tok_sandbox_<brand>_<last four>`: how a server names a card of the table without its number. */
export function providerReferenceOf(card: Pick<TableCard, 'brand' | 'number'>): string {
  return `tok_sandbox_${card.brand}_${card.number.slice(-4)}`;
}

/** Behaviour of a card number: the table's, or approved for every other valid number. */
export function behaviourOf(number: string): CardBehaviour {
  return byNumber.get(number)?.behaviour ?? approve;
}

/** The table card a provider reference names, without its number; undefined for any other reference. */
export function cardForReference(reference: string): { brand: TableCard['brand']; last4: string; behaviour: CardBehaviour } | undefined {
  const card = byReference.get(reference);
  return card && { brand: card.brand, last4: card.number.slice(-4), behaviour: card.behaviour };
}

/**
 * The issuer's raw ISO 8583 response code of each decline of the table (docs/qa.md, test cards), as
 * a processor passes it on (Doc 2, `charge.failed` `network_decline_code`). A merchant rule's block
 * never reached the issuer: no code.
 */
const ISO_8583: Record<DeclineCode, string | null> = {
  card_declined: '05',
  generic_decline: '05',
  do_not_honor: '05',
  incorrect_zip: '05',
  insufficient_funds: '51',
  expired_card: '54',
  incorrect_cvc: 'N7',
  lost_card: '41',
  stolen_card: '43',
  fraudulent: '59',
  card_velocity_exceeded: '65',
  issuer_unavailable: '91',
  processing_error: '96',
  blocked_by_rule: null,
};

/** The raw issuer code of a transaction's decline code; null when approved or not the issuer's answer. */
export const networkDeclineCodeOf = (declineCode: string | null): string | null =>
  declineCode !== null && Object.hasOwn(ISO_8583, declineCode) ? ISO_8583[declineCode as DeclineCode] : null;
