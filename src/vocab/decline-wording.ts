/**
 * The English wording of each decline key: the buyer-safe `decline_message` the server sends
 * (Doc 2, Payment intent). A browser shows the same text from src/locales/en.json, the source its
 * translators work from; the server reads it here so that it never imports a browser catalogue.
 * declines.test.ts keeps the two equal, key for key.
 */
import type { DeclineKey } from './declines.ts';

export const englishDeclineWording = {
  'decline.insufficient_funds': 'Your card has insufficient funds. Try another card.',
  'decline.expired_card': 'Your card has expired. Try another card.',
  'decline.incorrect_zip': 'Your postal code does not match your card. Check it and try again.',
  'decline.processing_error': 'An error occurred while processing your card. Try again in a moment.',
  'decline.issuer_unavailable': "Your card's bank could not be reached. Try again in a moment.",
  'decline.card_velocity_exceeded': 'Your card has been used too many times. Try another card.',
  'decline.default': 'Your card was declined. Try another card.',
} as const satisfies Partial<Record<DeclineKey, string>>;
