/** Answers in the processor's own format, as a third-party provider would: `{ error, code }`. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { z } from 'zod';

/**
 * Whether an `Authorization` header is `Bearer <secret>`, compared in constant time: digests have
 * one length, so the comparison takes the same time whatever was sent. The server API and the
 * Stripe stand-in both take the service's processor secret this way.
 */
export function bearerCheck(secret: string): (header: string | undefined) => boolean {
  const expected = digest(`Bearer ${secret}`);
  return (header) => timingSafeEqual(digest(header ?? ''), expected);
}
const digest = (s: string) => createHash('sha256').update(s).digest();

export type FailStatus = 400 | 401 | 404 | 409 | 413 | 415 | 500 | 502 | 503;

export const fail = (status: FailStatus, code: string, error: string) =>
  new Response(JSON.stringify({ error, code }), { status, headers: { 'Content-Type': 'application/json' } });

const isJson = (header: string | undefined) => {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
};

/** Parses a JSON body with `schema`; a Response when the body is not acceptable. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S, invalid: string): Promise<z.infer<S> | Response> {
  if (!isJson(c.req.header('content-type'))) return fail(415, 'unsupported_media_type', 'Send JSON.');
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return fail(400, 'invalid_json', 'The body is not valid JSON.');
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : fail(400, 'invalid_request', invalid);
}

/** Card 0090: the processor recorded the outcome, but the answer never reaches the caller. */
export const lostAnswer = () => new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502, headers: { 'Content-Type': 'text/html' } });
