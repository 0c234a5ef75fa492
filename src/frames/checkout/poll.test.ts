import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../client/http.ts';
import type { EmbedTokenResponse } from '../../client/schemas/embed.ts';
import { NOT_READY_CODE, pollEmbedToken } from './poll.ts';

type Answer = ApiResult<EmbedTokenResponse>;
const READY: Answer = { ok: true, status: 200, data: { ready: true, type: 'sandbox', token: 'sbx_tok_1', environment: 'sandbox', fieldsUrl: 'http://127.0.0.1:4243/fields' } };
const waiting = (retryAfterMs = 0): Answer => ({ ok: true, status: 200, data: { ready: false, reason: 'payment_in_progress', retryAfterMs } });
const failure = (status: number, code: string): Answer => ({
  ok: false,
  status,
  error: { error: code, code, fix: '', docs: '', selfHeal: { retryable: false, nextAction: '', llmHint: '' } },
});

/** A poll against scripted answers on a fake clock that moves only when the poller sleeps. */
async function run(answers: Answer[], timing = {}) {
  let clock = 0;
  const pauses: number[] = [];
  let calls = 0;
  const result = await pollEmbedToken({
    fetchToken: async () => answers[Math.min(calls++, answers.length - 1)]!,
    sleep: async (ms) => {
      pauses.push(ms);
      clock += ms;
    },
    now: () => clock,
    timing,
  });
  return { result, pauses, calls };
}

describe('pollEmbedToken', () => {
  it('mounts at once when the session is ready, without the ready flag', async () => {
    const { result, pauses } = await run([READY]);
    expect(result).toEqual({ ok: true, status: 200, data: { type: 'sandbox', token: 'sbx_tok_1', environment: 'sandbox', fieldsUrl: 'http://127.0.0.1:4243/fields' } });
    expect(pauses).toEqual([]);
  });

  it('backs off from 250 ms, doubling to 4 s, until the session is ready', async () => {
    const { result, pauses } = await run([...Array(7).fill(waiting()), READY]);
    expect(result.ok).toBe(true);
    expect(pauses).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
  });

  it("never polls sooner than the server's retryAfterMs", async () => {
    const { pauses } = await run([waiting(1000), waiting(1000), waiting(1000), READY]);
    expect(pauses).toEqual([1000, 1000, 1000]);
  });

  it('waits out a lost connection, a 429 and a 5xx like "not ready"', async () => {
    const { result, calls } = await run([failure(0, 'network_error'), failure(429, 'rate_limit_exceeded'), failure(503, 'service_unavailable'), READY]);
    expect(result.ok).toBe(true);
    expect(calls).toBe(4);
  });

  it('stops at the first refusal and passes its code on', async () => {
    for (const [status, code] of [[409, 'session_wrong_state'], [410, 'session_expired'], [404, 'session_not_found'], [401, 'auth_invalid_key_publishable']] as const) {
      const { result, calls } = await run([failure(status, code), READY]);
      expect(calls).toBe(1);
      expect(result).toMatchObject({ ok: false, status, error: { code } });
    }
  });

  it('gives up after the total timeout with checkout_not_ready', async () => {
    const { result, pauses } = await run([waiting()], { timeoutMs: 10_000 });
    expect(result).toMatchObject({ ok: false, error: { code: NOT_READY_CODE } });
    expect(pauses.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10_000);
    expect(pauses).toEqual([250, 500, 1000, 2000, 4000]);
  });
});
