/**
 * Decline detail on the server (Doc 2, Payment intent: `action`, buyer-safe `decline_message`).
 * Codes, actions and wording keys come from the one catalogue in src/vocab/declines.ts; the
 * English wording from src/vocab/decline-wording.ts, the same text an English browser shows.
 */
import { englishDeclineWording } from '../../../vocab/decline-wording.ts';
import { declines, isDeclineCode, type DeclineAction, type DeclineEntry } from '../../../vocab/declines.ts';

export type { DeclineAction };

/** A code a processor invented after the catalogue: no reason, so generic (Doc 2). */
const unknown: Omit<DeclineEntry, 'browser'> = { action: 'generic', key: 'decline.default' };
const entryOf = (code: string) => (isDeclineCode(code) ? declines[code] : unknown);

export const actionOf = (code: string): DeclineAction => entryOf(code).action;

/** Keyed by any string: vocab/declines.test.ts proves every catalogue key has its English wording. */
const english: Partial<Record<string, string>> = englishDeclineWording;
export const declineMessage = (code: string): string => english[entryOf(code).key] ?? englishDeclineWording['decline.default'];

/** The decline code a browser may see (Doc 2: `blocked_by_rule` shows as `card_declined`). */
export const browserDeclineCode = (code: string): string => (isDeclineCode(code) ? declines[code].browser : code);
