/**
 * The mount's check (issue 36): the public session read with the mount's key, so a key or session
 * the service refuses is told to the merchant at mount, through the group's `error` event, rather
 * than at the buyer's Pay. Only a refusal counts: no answer, a 5xx or a rate limit leaves the
 * element as it was, and Pay says what went wrong then.
 */
import { browserCode } from '../../protocol/errors.ts';

export interface Refusal {
  code: string;
  message: string;
}

/** Sessions no card can pay here, with the code the charge and the vault answer them (Doc 1). */
const closed: Record<string, Refusal> = {
  succeeded: { code: 'session_already_completed', message: 'This session is already paid: create a new session for a new payment.' },
  expired: { code: 'session_expired', message: 'This session has expired: create a new session.' },
};

/** Same origin as the frame: the page's key and session, never its cookies. */
export async function mountRefusal(sessionId: string, publishableKey: string): Promise<Refusal | null> {
  try {
    const res = await fetch(`/v1/public/sessions/${encodeURIComponent(sessionId)}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${publishableKey}` },
      credentials: 'omit',
    });
    const body = (await res.json()) as { status?: string; code?: unknown; error?: unknown };
    if (res.ok) return (body.status && closed[body.status]) || null;
    if (res.status === 429 || res.status >= 500 || typeof body.code !== 'string') return null;
    return { code: browserCode(body.code).slice(0, 64), message: String(body.error).slice(0, 500) };
  } catch {
    return null;
  }
}
