/**
 * The decline catalogue (Doc 2, Payment intent: `decline_code`, `action`, `decline_message`).
 * Each code once, with its `action`, the locale key of its buyer-safe wording, and the code a
 * browser may see. The wording itself lives in src/locales/<lang>.json (English is what the
 * server sends as `decline_message`); declines.test.ts checks every key exists in every locale.
 *
 * Browser bundles do not import this table: src/locales/index.ts finds a decline's wording as
 * `decline.<code>`, falling back to `decline.default`, and the test proves that lookup gives
 * the catalogue's key for every code.
 */
export const declineCodes = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'incorrect_zip',
  'card_velocity_exceeded',
  'fraudulent',
  'stolen_card',
  'lost_card',
  'do_not_honor',
  'issuer_unavailable',
  'processing_error',
  'blocked_by_rule',
  'generic_decline',
] as const;
export type DeclineCode = (typeof declineCodes)[number];

export const declineActions = ['soft', 'hard', 'fix_and_retry', 'generic'] as const;
export type DeclineAction = (typeof declineActions)[number];

/** `decline.<code>` where the buyer is told why, else the generic `decline.default`. */
export type DeclineKey = `decline.${DeclineCode}` | 'decline.default';

export interface DeclineEntry {
  action: DeclineAction;
  key: DeclineKey;
  /** The code browser-facing answers carry. */
  browser: DeclineCode;
}

const entry = (action: DeclineAction, key: DeclineKey, browser: DeclineCode): DeclineEntry => ({ action, key, browser });
/** Wording of its own, shown to the buyer under its own code. */
const told = (code: DeclineCode, action: DeclineAction) => entry(action, `decline.${code}`, code);
/** Generic wording: telling a buyer their card is reported lost or stolen helps a fraudster. */
const untold = (code: DeclineCode, action: DeclineAction) => entry(action, 'decline.default', code);
/**
 * Hidden from the browser altogether: the buyer's page sees a plain `card_declined` with generic
 * wording, as the large providers do, so the fields cannot be used to test stolen cards or guess
 * security codes. The merchant's server still reads the real code.
 */
const hidden = (action: DeclineAction) => entry(action, 'decline.default', 'card_declined');

export const declines: Record<DeclineCode, DeclineEntry> = {
  insufficient_funds: told('insufficient_funds', 'soft'),
  issuer_unavailable: told('issuer_unavailable', 'soft'),
  processing_error: told('processing_error', 'soft'),
  card_velocity_exceeded: told('card_velocity_exceeded', 'soft'),
  stolen_card: hidden('hard'),
  lost_card: hidden('hard'),
  fraudulent: hidden('hard'),
  do_not_honor: untold('do_not_honor', 'hard'),
  // Doc 2: the merchant's own routing rule; browser-facing answers show `card_declined`.
  blocked_by_rule: entry('hard', 'decline.default', 'card_declined'),
  expired_card: told('expired_card', 'fix_and_retry'),
  incorrect_cvc: hidden('fix_and_retry'),
  incorrect_zip: told('incorrect_zip', 'fix_and_retry'),
  card_declined: untold('card_declined', 'generic'),
  generic_decline: untold('generic_decline', 'generic'),
};

export const isDeclineCode = (code: string): code is DeclineCode => Object.prototype.hasOwnProperty.call(declines, code);

