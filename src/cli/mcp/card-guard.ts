/**
 * Card numbers never enter through a tool (Doc 2: raw card numbers are never sent; Doc 3: card
 * data goes only to the charge route, from the frames). A server names a test card by its token
 * (`tok_sandbox_visa_4242`, `POST /v1/tokens`), so an argument that holds a card number, in any
 * field, key or script of digits, is refused before anything is sent. The refusal names where
 * the number was, never the number.
 */
import { asciiDigits } from '../../card/digits.ts';
import { cardNumberProblem } from '../../card/number.ts';

// Digits with at most one space, dash, dot or no-break space between groups, as people write them.
const RUN = /\p{Nd}(?:[ \-.\u00a0]?\p{Nd})+/gu;

/** Whether a text holds a card number: 12 to 19 digits of a brand's length that pass Luhn. */
export function holdsCardNumber(text: string): boolean {
  for (const [run] of text.matchAll(RUN)) {
    const digits = asciiDigits(run.replace(/[^\p{Nd}]/gu, ''));
    if (digits.length >= 12 && digits.length <= 19 && cardNumberProblem(digits) === null) return true;
  }
  return false;
}

/** Where in the arguments a card number is (`body.metadata.note`), or null when there is none. */
export function cardNumberAt(value: unknown, at = ''): string | null {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return holdsCardNumber(String(value)) ? at || '(the arguments)' : null;
  if (!value || typeof value !== 'object') return null;
  for (const [key, v] of Object.entries(value)) {
    const here = Array.isArray(value) ? `${at}[${key}]` : at ? `${at}.${key}` : key;
    if (holdsCardNumber(key)) return at || '(a key of the arguments)';
    const found = cardNumberAt(v, here);
    if (found) return found;
  }
  return null;
}
