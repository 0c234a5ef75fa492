import { describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';

const BODY = { amount: 1999, currency: 'usd' };

describe('POST /v1/sessions with the deprecated stringified metadata.mirror (Doc 1, Versioning 7)', () => {
  it('still creates the session, with Deprecation, Sunset and a Link to the replacement that resolves', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const res = await t.json('POST', '/v1/sessions', { ...BODY, metadata: { mirror: '{"platform":"platform_a"}' } }, bearer(keys.secret));
    expect(res.status).toBe(201);
    expect(res.headers.get('deprecation')).toBe('true');
    expect(new Date(res.headers.get('sunset')!).toUTCString()).toBe(res.headers.get('sunset'));
    const link = /^<([^>]+)>; rel="deprecation"$/.exec(res.headers.get('link') ?? '');
    expect(link, res.headers.get('link') ?? 'no Link').not.toBeNull();
    // The replacement is documented where the link points: the API reference's session create.
    const target = new URL(link![1]!);
    expect(target.hash).toBe('#operation/post_v1_sessions');
    const page = await t.app.request(target.pathname);
    expect(page.status).toBe(200);
    const contract = (await (await t.app.request('/openapi.json')).json()) as { paths: Record<string, { post?: { operationId?: string } }> };
    expect(contract.paths['/v1/sessions']?.post?.operationId).toBe('post_v1_sessions');
  });

  it('reserves the key: the string is never kept as the session’s metadata, read back or made an order (Doc 1, Metadata privacy; issue 35)', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const sk = bearer(keys.secret);
    const metadata = { order_id: 'A1', mirror: '{"destination":"platform_b","shop":"b.example.com"}' };
    const res = await t.json('POST', '/v1/sessions', { ...BODY, metadata }, sk);
    expect(res.status).toBe(201);
    const made = (await res.json()) as { id: string; metadata: Record<string, string> };
    expect(made.metadata).toEqual({ order_id: 'A1' });
    expect(((await (await t.json('GET', `/v1/sessions/${made.id}`, undefined, sk)).json()) as { metadata: unknown }).metadata).toEqual({ order_id: 'A1' });
    const stored = (await t.store.read.sessions.get(made.id))!;
    expect([stored.metadata, stored.mirrorSealed]).toEqual([{ order_id: 'A1' }, null]);
  });

  it('sends none of them for the current shape', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const res = await t.json('POST', '/v1/sessions', BODY, bearer(keys.secret));
    expect(res.status).toBe(201);
    expect([res.headers.get('deprecation'), res.headers.get('sunset'), res.headers.get('link')]).toEqual([null, null, null]);
  });
});
