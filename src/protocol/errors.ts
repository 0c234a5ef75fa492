/**
 * The browser error catalogue (STYLE.md habit 3): every code the embed script or a frame may put
 * in `error.code`, with whose fault it is and the locale key of the buyer-safe wording.
 *
 * Fault types decide the wording: BUYER and NETWORK errors are shown to the buyer, so they get
 * locale text; MERCHANT and INTERNAL errors keep the developer-facing message they came with.
 * Codes the service invents later fall back by HTTP status (see `faultOf`).
 */
import type { MessageKey } from '../locales/index.ts';

export type FaultType = 'BUYER' | 'MERCHANT' | 'NETWORK' | 'INTERNAL';

export interface CatalogueEntry {
  type: FaultType;
  key: MessageKey;
}

export const browserErrors = {
  /** The card details in the fields are incomplete or invalid; no API call was made. */
  validation_error: { type: 'BUYER', key: 'error.incomplete_number' },
  card_declined: { type: 'BUYER', key: 'decline.default' },
  /** The processor refused the card itself (charge at submit, saving it): nothing moved; another card may do. */
  provider_request_rejected: { type: 'BUYER', key: 'decline.default' },
  session_expired: { type: 'BUYER', key: 'status.expired.body' },
  network_error: { type: 'NETWORK', key: 'status.pay_error' },
  /** The controller frame did not answer in time (blocked, offline, or slow). */
  controller_unavailable: { type: 'NETWORK', key: 'status.pay_error' },
  timeout: { type: 'NETWORK', key: 'status.pay_error' },
  session_not_found: { type: 'MERCHANT', key: 'status.not_found.body' },
  session_already_completed: { type: 'MERCHANT', key: 'status.pay_error' },
  /**
   * Doc 2, 422 `buyer_required_for_saved_card` as the browser names it (`browserCode`): the session
   * asks to save the card, its provider saves only with the charge under a buyer, and it has none.
   * Nothing was charged; the merchant must create a new session with `buyerId`. Thrown (an error).
   */
  frame_buyer_required_for_saved_card: { type: 'MERCHANT', key: 'status.pay_error' },
  /**
   * Not thrown, and distinct from the one above: a guest session that asked to save the card pays
   * once and saves nothing (Doc 1); the browser only warns the merchant.
   */
  frame_consent_requires_buyer: { type: 'MERCHANT', key: 'status.pay_error' },
  charge_at_submit_not_enabled: { type: 'MERCHANT', key: 'status.pay_error' },
  origin_forbidden: { type: 'MERCHANT', key: 'status.pay_error' },
  /** A feature of the browser API this version does not ship yet (mountCheckout). */
  not_available: { type: 'MERCHANT', key: 'status.pay_error' },
  /** confirmPayment with no element mounted, or while another confirm is running. */
  elements_not_mounted: { type: 'MERCHANT', key: 'status.pay_error' },
  payment_in_progress: { type: 'MERCHANT', key: 'status.pay_error' },
  /** The buyer closed the bank's challenge (3-D Secure): nothing was charged. */
  authentication_canceled: { type: 'BUYER', key: 'status.pay_error' },
  /** The session was declined with no retry left: later confirms answer this without a call. */
  session_failed: { type: 'MERCHANT', key: 'status.pay_error' },
  /** `error` events: a frame never said it was ready, or failed unexpectedly. */
  frame_load_failed: { type: 'NETWORK', key: 'status.pay_error' },
  /** `error` event: a part of svcpay.js loaded on demand (the bank challenge dialog) did not load. */
  script_load_failed: { type: 'NETWORK', key: 'status.pay_error' },
  frame_error: { type: 'INTERNAL', key: 'status.pay_error' },
  /** A field frame did not hand over its values (it was removed or never loaded). */
  fields_unavailable: { type: 'INTERNAL', key: 'status.pay_error' },
  unexpected_response: { type: 'INTERNAL', key: 'status.pay_error' },
  internal_error: { type: 'INTERNAL', key: 'status.pay_error' },
} as const satisfies Record<string, CatalogueEntry>;

export type BrowserErrorCode = keyof typeof browserErrors;

function isCatalogued(code: string): code is BrowserErrorCode {
  return Object.prototype.hasOwnProperty.call(browserErrors, code);
}

/** Service error codes the browser reports under a name of its own (Doc 2's error table says which). */
const BROWSER_NAMES: Record<string, BrowserErrorCode> = {
  buyer_required_for_saved_card: 'frame_buyer_required_for_saved_card',
};

/** The code the browser reports for a service error `code`: its browser name, or the code itself. */
export function browserCode(code: string): string {
  return Object.prototype.hasOwnProperty.call(BROWSER_NAMES, code) ? BROWSER_NAMES[code]! : code;
}

/** The catalogue entry for `code`; an unknown code is the merchant's below 500, ours above. */
export function faultOf(code: string, httpStatus = 400): CatalogueEntry {
  if (isCatalogued(code)) return browserErrors[code];
  if (code.startsWith('http_5') || httpStatus >= 500) return browserErrors.internal_error;
  if (httpStatus === 0) return browserErrors.network_error;
  return { type: 'MERCHANT', key: 'status.pay_error' };
}
