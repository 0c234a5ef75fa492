/**
 * Doc 1, Global conventions: a write with a body must say `application/json` (else 415). A POST
 * or DELETE with no body needs no Content-Type (Doc 3, decisions table). Provider webhooks
 * (`/api/webhooks/{gatewayId}`) come in the provider's own format: their route checks the media
 * type its gateway posts (routes/provider-webhooks).
 */
import { createMiddleware } from 'hono/factory';
import { DomainError } from '../domain/errors.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function hasBody(req: Request): boolean {
  const length = req.headers.get('content-length');
  if (length !== null) return Number(length) > 0;
  // Node's server gives every POST a body stream, so only the headers tell an empty one apart.
  return req.headers.has('transfer-encoding');
}

/** `application/json`, any `+json` type, with or without parameters such as a charset. */
export function isJsonType(header: string | null | undefined): boolean {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

/** 415 unless the body (if any) is of `type`; JSON by default. */
export function checkMediaType(req: Request, type = 'application/json') {
  if (!WRITES.has(req.method) || !hasBody(req)) return;
  const header = req.headers.get('content-type');
  const ok = type === 'application/json' ? isJsonType(header) : (header ?? '').split(';')[0]!.trim().toLowerCase() === type;
  if (!ok) throw new DomainError('unsupported_media_type', header ? `Content-Type ${header} is not accepted; send ${type}.` : undefined);
}

const PROVIDER_WEBHOOKS = '/api/webhooks/';

export const jsonOnly = () =>
  createMiddleware(async (c, next) => {
    if (!c.req.path.startsWith(PROVIDER_WEBHOOKS)) checkMediaType(c.req.raw);
    await next();
  });
