/**
 * Wallet domains (Doc 1, "Other merchant endpoints"): register, list, read, remove, re-verify and
 * the Apple Pay file, secret key only. Doc 1's rate-limit table has no wallet bucket; these are
 * secret-key merchant operations, so they share the `paymentOps` buckets (docs/merchant.md, Rate limits).
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  ListWalletDomainsQuery,
  RegisterWalletDomainBody,
  RemovedWalletDomain,
  WalletDomain,
  WalletDomainList,
} from '../../../api/wallet-domains.ts';
import type { Deps } from '../../context.ts';
import {
  associationFile,
  listWalletDomains,
  readWalletDomain,
  registerWalletDomain,
  removeWalletDomain,
  verifyWalletDomain, type WalletDomainOutcome } from '../../engine/wallets/wallet-domains.ts';
import { DomainError } from '../../domain/errors.ts';
import { guard } from '../../middleware/guard.ts';
import { replayKept } from '../../middleware/idempotency.ts';
import { LIMITS } from '../../middleware/rate-limit.ts';
import { body, errorResponses, json, newRouter } from '../../router.ts';
import { isMissingIssue, validationError } from '../../validation.ts';
import { toWalletDomain } from './wire.ts';

const IdParam = z.object({ id: z.string().min(1).max(100) });
const FIELDS = new Set(['domain', 'wallet_type']);

const LIMIT_CODES = ['rate_limit_exceeded', 'rate_limit_exceeded_per_key'];
const KEYED_POST_CODES = ['idempotency_replay_incompatible', 'charge_already_in_flight', 'validation_error'];
/** A replayed registration answers the row it kept, 200 (Doc 1, Idempotency 2). */
const replay = replayKept<WalletDomainOutcome>((c, o) => c.json(toWalletDomain(o.record), 200));
const policy = (deps: Deps) => guard(deps, { key: 'secret', limits: LIMITS.paymentOps, replay });

/**
 * Doc 1's table: a bad `domain` or `wallet_type` is 422 `wallet_domain_invalid`, not the 400 a
 * schema failure gets elsewhere. A missing or unknown field is still a 400 (Doc 1, Errors).
 */
function registerHook(result: { success: true } | { success: false; error: z.ZodError }): undefined {
  if (result.success) return undefined;
  const issues = result.error.issues;
  if (issues.every((i) => FIELDS.has(String(i.path[0])) && !isMissingIssue(i))) {
    throw new DomainError('wallet_domain_invalid', issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  throw validationError(result.error);
}

export function walletDomainRoutes(deps: Deps) {
  const r = newRouter();

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/wallet-domains',
      summary: 'Register a domain for Apple Pay or Google Pay; registering one already registered answers it with 200',
      description: 'Registers a bare hostname for one wallet. Safe to call from every deploy: a domain already registered for that wallet answers 200 with the existing row. A Google Pay domain is verified at once; an Apple Pay domain stays `pending` until you host the association file and call verify.',
      'x-error-codes': ['validation_missing_field', 'validation_unknown_field', 'wallet_domain_invalid', 'wallet_domain_no_binder', 'wallet_domain_provider_unavailable', ...KEYED_POST_CODES, ...LIMIT_CODES],
      middleware: policy(deps),
      request: body(RegisterWalletDomainBody),
      responses: {
        201: json(WalletDomain, 'Registered'),
        200: json(WalletDomain, 'Already registered, or an idempotent replay'),
        // 503 wallet_domain_provider_unavailable: a Google Pay registration, whose provider is asked at once.
        ...errorResponses(400, 401, 403, 409, 422, 429, 503),
      },
    }),
    async (c) => {
      const idem = c.get('idempotency');
      const status = (created: boolean) => (created ? 201 : 200);
      const { record, created } = await registerWalletDomain(deps, c.get('auth'), c.req.valid('json'), idem);
      return c.json(toWalletDomain(record), status(created));
    },
    registerHook,
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/wallet-domains',
      summary: 'List registered wallet domains, newest first',
      description: 'Lists the registered domains of this mode as `{ data, has_more }`, newest first; page with `starting_after`. Removed domains are left out.',
      'x-error-codes': ['validation_error', ...LIMIT_CODES],
      middleware: policy(deps),
      request: { query: ListWalletDomainsQuery },
      responses: { 200: json(WalletDomainList), ...errorResponses(400, 401, 403, 429) },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const page = await listWalletDomains(deps, c.get('auth'), { limit: q.limit, startingAfter: q.starting_after });
      return c.json({ data: page.data.map(toWalletDomain), has_more: page.hasMore }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/wallet-domains/{id}',
      summary: 'Read one wallet-domain registration and its verification status',
      description: "Reads a registration, its `status` (`pending`, `verified`, `failed`) and the reason of a failed verification in `last_verification_error`. A removed, another merchant's or the other mode's domain is 404 `wallet_domain_not_found`.",
      'x-error-codes': ['wallet_domain_not_found', ...LIMIT_CODES],
      middleware: policy(deps),
      request: { params: IdParam },
      responses: { 200: json(WalletDomain), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => c.json(toWalletDomain(await readWalletDomain(deps, c.get('auth'), c.req.valid('param').id)), 200),
  );

  r.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/wallet-domains/{id}',
      summary: 'Remove a wallet-domain registration; it is kept on record but answers 404 from then on',
      description: 'Apple Pay and Google Pay stop opening on that domain. Answers `{ id, deleted: true }`; every later read, verify or delete of that id is 404, and the domain may be registered again under a new id.',
      'x-error-codes': ['wallet_domain_not_found', ...LIMIT_CODES],
      middleware: policy(deps),
      request: { params: IdParam },
      responses: { 200: json(RemovedWalletDomain, 'Removed'), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const w = await removeWalletDomain(deps, c.get('auth'), c.req.valid('param').id);
      return c.json({ id: w.id, deleted: true as const }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/wallet-domains/{id}/verify',
      summary: 'Re-run verification of a wallet domain (once per domain per 30 seconds)',
      description: 'Call after hosting the Apple Pay association file on the domain; the answer carries the new `status`. Runs once per registration per 30 seconds: sooner is 429 `wallet_domain_rate_limited` with `Retry-After`.',
      'x-error-codes': ['wallet_domain_not_found', 'wallet_domain_no_binder', 'wallet_domain_rate_limited', 'wallet_domain_provider_unavailable', ...KEYED_POST_CODES, ...LIMIT_CODES],
      middleware: policy(deps),
      request: { params: IdParam },
      responses: { 200: json(WalletDomain), ...errorResponses(401, 403, 404, 409, 429, 503) },
    }),
    async (c) => c.json(toWalletDomain(await verifyWalletDomain(deps, c.get('auth'), c.req.valid('param').id)), 200),
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/wallet-domains/{id}/file',
      summary: 'Download the Apple Pay domain-association file to host at /.well-known/apple-developer-merchantid-domain-association',
      description: 'The `text/plain` file Apple fetches to verify a domain; it is the same for every domain of one merchant and mode. Host it unchanged at that path on the domain, then call verify.',
      'x-error-codes': ['wallet_domain_not_found', 'wallet_domain_wrong_type', ...LIMIT_CODES],
      middleware: policy(deps),
      request: { params: IdParam },
      responses: { 200: { content: { 'text/plain': { schema: z.string() } }, description: 'The file' }, ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const file = await associationFile(deps, c.get('auth'), c.req.valid('param').id);
      c.header('Content-Disposition', 'attachment; filename="apple-developer-merchantid-domain-association"');
      return c.text(file, 200);
    },
  );
  return r;
}
