/**
 * One function per internal checkout endpoint (Doc 1, "Internal checkout endpoints").
 * `reportClientError` lives in ./client-error.ts (the embedded checkout imports it from there);
 * the card frames send their reports with ./send-client-error.ts, which needs no API client.
 */
import type { BuyerDetails } from '../buyer/buyer-fields.ts';
import { call } from './http.ts';
// Hand-rolled twins of ./schemas/checkout.ts (parsers.ts): the hosted page carries no zod.
import { CompleteResponseParser as CompleteResponse, InitResponseParser as InitResponse, SaveBuyerDetailsResponseParser as SaveBuyerDetailsResponse } from './parsers.ts';

export { reportClientError } from './client-error.ts';

export const initCheckout = (sessionId: string, base = '') =>
  call('/api/checkout/init', InitResponse, { base, body: { sessionId } });

/** `buyer`: what the hosted page asked the buyer for (src/buyer/buyer-fields.ts); left out when nothing was asked. */
export const completeCheckout = (sessionId: string, transactionId: string, buyer?: BuyerDetails, base = '', opts: { cancel?: boolean } = {}) =>
  call('/api/checkout/complete', CompleteResponse, {
    base,
    body: { sessionId, transactionId, ...(buyer && Object.keys(buyer).length ? { buyer } : {}), ...(opts.cancel ? { cancel: true } : {}) },
  });

/** Issue 22: what the buyer typed reaches the session before the card is charged (hosted page). */
export const saveBuyerDetails = (sessionId: string, buyer: BuyerDetails, base = '') =>
  call('/api/checkout/buyer-details', SaveBuyerDetailsResponse, { base, body: { sessionId, buyer } });
