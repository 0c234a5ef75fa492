/**
 * Polls `GET /v1/public/sessions/{id}/embed-token` until the session is ready to mount (Doc 3,
 * Browser flows 2): pauses of 250 ms doubling to 4 s (never shorter than the server's
 * `retryAfterMs`), for at most a minute in all. A refusal (404, 409, 410, a bad key) ends it at
 * once; a lost connection, a 429 or a 5xx is waited out like "not ready".
 */
import type { ApiResult } from '../../client/http.ts';
import type { InitResponse } from '../../client/schemas/checkout.ts';
import type { EmbedTokenResponse } from '../../client/schemas/embed.ts';

export interface PollTiming {
  firstDelayMs: number;
  maxDelayMs: number;
  /** Total time, from the first request, after which the poll gives up. */
  timeoutMs: number;
}

export const POLL_TIMING: PollTiming = { firstDelayMs: 250, maxDelayMs: 4000, timeoutMs: 60_000 };

export interface PollDeps {
  fetchToken(): Promise<ApiResult<EmbedTokenResponse>>;
  sleep?(ms: number): Promise<void>;
  now?(): number;
  timing?: Partial<PollTiming>;
}

/** The code `mountCheckout` resolves with when the session never became ready. */
export const NOT_READY_CODE = 'checkout_not_ready';

const waitable = (status: number) => status === 0 || status === 429 || status >= 500;

export async function pollEmbedToken(deps: PollDeps): Promise<ApiResult<InitResponse>> {
  const { firstDelayMs, maxDelayMs, timeoutMs } = { ...POLL_TIMING, ...deps.timing };
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = deps.now ?? Date.now;
  const started = now();
  let delay = firstDelayMs;
  for (;;) {
    const res = await deps.fetchToken();
    if (!res.ok && !waitable(res.status)) return res;
    if (res.ok && res.data.ready) {
      const { ready: _ready, ...init } = res.data;
      return { ok: true, status: res.status, data: init };
    }
    const asked = res.ok && !res.data.ready ? res.data.retryAfterMs : 0;
    const pause = Math.min(maxDelayMs, Math.max(delay, asked));
    if (now() - started + pause > timeoutMs) {
      const message = 'The checkout was not ready in time. Reload the page to try again.';
      return {
        ok: false,
        status: 0,
        error: { error: message, code: NOT_READY_CODE, fix: 'Reload the page.', docs: '', selfHeal: { retryable: true, nextAction: 'retry', llmHint: message } },
      };
    }
    await sleep(pause);
    delay = Math.min(delay * 2, maxDelayMs);
  }
}
