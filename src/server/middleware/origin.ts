/**
 * Internal checkout endpoints and the card-carrying public endpoints are callable only from the
 * service's own pages and frames (Doc 3: `Origin` must be the public origin, else 403).
 */
import { createMiddleware } from 'hono/factory';
import { DomainError } from '../domain/errors.ts';

export const sameOriginOnly = (publicUrl: string) => {
  const allowed = new URL(publicUrl).origin;
  return createMiddleware(async (c, next) => {
    // Whole-string equality: a prefix, substring or case-folded match admits lookalike origins, and
    // two Origin headers arrive joined by a comma, which never equals the allowed origin.
    if (c.req.header('origin') !== allowed) throw new DomainError('origin_forbidden');
    await next();
  });
};
