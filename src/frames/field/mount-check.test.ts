import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountRefusal } from './mount-check.ts';

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('mountRefusal', () => {
  it('reads the public session with the mount key, never with cookies', async () => {
    const fetch = answer(200, { status: 'pending' });
    expect(await mountRefusal('vp_cs_test_a/b', 'vp_pk_test_abcdefgh')).toBeNull();
    expect(fetch).toHaveBeenCalledWith('/v1/public/sessions/vp_cs_test_a%2Fb', expect.objectContaining({ credentials: 'omit', headers: expect.objectContaining({ Authorization: 'Bearer vp_pk_test_abcdefgh' }) }));
  });

  it("answers the API's code and message when the key or session is refused", async () => {
    answer(401, { code: 'auth_invalid_key_publishable', error: 'Invalid publishable key.' });
    expect(await mountRefusal('vp_cs_test_a', 'vp_pk_test_abcdefgh')).toEqual({ code: 'auth_invalid_key_publishable', message: 'Invalid publishable key.' });
    answer(404, { code: 'session_not_found', error: 'No such session.' });
    expect(await mountRefusal('vp_cs_test_a', 'vp_pk_test_abcdefgh')).toMatchObject({ code: 'session_not_found' });
  });

  it('refuses a session that is paid or expired with the code the charge would answer', async () => {
    answer(200, { status: 'expired' });
    expect(await mountRefusal('vp_cs_test_a', 'vp_pk_test_abcdefgh')).toMatchObject({ code: 'session_expired' });
    answer(200, { status: 'succeeded' });
    expect(await mountRefusal('vp_cs_test_a', 'vp_pk_test_abcdefgh')).toMatchObject({ code: 'session_already_completed' });
  });

  it('refuses nothing on no answer, a rate limit or a server error (Pay tells those)', async () => {
    answer(429, { code: 'rate_limit_exceeded', error: 'Slow down.' });
    expect(await mountRefusal('vp_cs_test_a', 'vp_pk_test_abcdefgh')).toBeNull();
    answer(503, { code: 'auth_service_unavailable', error: 'Try again.' });
    expect(await mountRefusal('vp_cs_test_a', 'vp_pk_test_abcdefgh')).toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    expect(await mountRefusal('vp_cs_test_a', 'vp_pk_test_abcdefgh')).toBeNull();
  });
});
