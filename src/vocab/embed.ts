/**
 * Embedded checkout vocabulary (Doc 1, `GET /v1/public/sessions/{id}/embed-token`): why an `embed`
 * session is not ready to mount yet. Each reason is transient; the caller polls again.
 */
export const embedWaitReasons = [
  /** A payment for the session is running; a second form could pay twice (Doc 1, Idempotency 5). */
  'payment_in_progress',
  /** The session changed while its form was prepared (another tab, a webhook); the next poll tells. */
  'session_changed',
  /** The payment provider did not answer; no form was handed out. */
  'provider_unavailable',
] as const;
export type EmbedWaitReason = (typeof embedWaitReasons)[number];
