/** The embedded checkout's public endpoints (Doc 1, Public endpoints; shapes in src/api/embed.ts). */
import { call } from './http.ts';
import { EmbedTokenResponse, PublicCompleteResponse } from './schemas/embed.ts';

const sessionPath = (sessionId: string) => `/v1/public/sessions/${encodeURIComponent(sessionId)}`;

export const getEmbedToken = (sessionId: string, publishableKey: string, base = '') =>
  call(`${sessionPath(sessionId)}/embed-token`, EmbedTokenResponse, { base, publishableKey });

export const completeSession = (sessionId: string, transactionId: string, publishableKey: string, opts: { cancel?: boolean } = {}, base = '') =>
  call(`${sessionPath(sessionId)}/complete`, PublicCompleteResponse, { base, publishableKey, body: { transactionId, ...(opts.cancel ? { cancel: true } : {}) } });
