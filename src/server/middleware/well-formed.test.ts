/** whenWellFormed: the wrapped middleware runs only for a call the route's schemas accept. */
import { z } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../context.ts';
import { body } from '../router.ts';
import { whenWellFormed } from './well-formed.ts';

function app() {
  const seen: string[] = [];
  const request = { params: z.object({ id: z.string().max(5) }), ...body(z.strictObject({ n: z.number() })) };
  const a = new Hono<AppEnv>();
  a.post(
    '/x/:id',
    whenWellFormed(request, async (c, next) => {
      seen.push(c.req.param('id') ?? '');
      await next();
    }),
    (c) => c.text('ok'),
  );
  const post = (id: string, raw: string) => a.request(`/x/${id}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: raw });
  return { seen, post };
}

describe('whenWellFormed', () => {
  it('runs the middleware for a well-formed call, and skips it (the call goes on) for any other', async () => {
    const { seen, post } = app();
    const calls: [string, string][] = [['a', '{"n":1}'], ['toolong', '{"n":1}'], ['b', '{"n":"1"}'], ['c', '{"n":1,"x":2}'], ['d', '{not json']];
    for (const [id, raw] of calls) expect((await post(id, raw)).status).toBe(200);
    expect(seen).toEqual(['a']);
  });
});
