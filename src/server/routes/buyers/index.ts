/**
 * Buyers (Doc 2, "Buyers"): upsert, exact lookup, read and sparse update, secret key only.
 * Doc 1's rate-limit table puts `/v1/buyers` and `/{id}` in the shared `paymentOpsPerKey` bucket.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { Buyer, BuyerList, BuyerLookupQuery, PatchBuyerBody, UpsertBuyerBody } from '../../../api/buyers.ts';
import type { Deps } from '../../context.ts';
import { lookupBuyer, patchBuyer, readBuyer, upsertBuyer, type BuyerOutcome } from '../../engine/buyers/buyers.ts';
import { DomainError } from '../../domain/errors.ts';
import { guard } from '../../middleware/guard.ts';
import { replayKept } from '../../middleware/idempotency.ts';
import { LIMITS } from '../../middleware/rate-limit.ts';
import { body, errorResponses, json, newRouter } from '../../router.ts';
import { validationError } from '../../validation.ts';
import { toBuyer } from './wire.ts';

const IdParam = z.object({ id: z.string().min(1).max(255) });

const LIMIT_CODES = ['rate_limit_exceeded', 'rate_limit_exceeded_per_key'];
const KEYED_POST_CODES = ['idempotency_replay_incompatible', 'charge_already_in_flight', 'validation_error'];
/** A replayed upsert answers the buyer it kept, 200 (Doc 1, Idempotency 2). */
const replay = replayKept<BuyerOutcome>((c, o) => c.json(toBuyer(o.record), 200));
const policy = (deps: Deps) => guard(deps, { key: 'secret', limits: LIMITS.paymentOps, replay });

/** Fields PATCH refuses by name (Doc 2): a clear `validation_error`, not an unknown-field one. */
const NOT_PATCHABLE: Record<string, string> = {
  external_id: 'external_id cannot be changed; it is the buyer\'s reference. Create or upsert with POST /v1/buyers instead.',
  first_name: 'first_name belongs to a charge, not to the buyer profile; send it on POST /v1/payment_intents, or set name here.',
  last_name: 'last_name belongs to a charge, not to the buyer profile; send it on POST /v1/payment_intents, or set name here.',
};

function patchHook(result: { success: true } | { success: false; error: z.ZodError }): undefined {
  if (result.success) return undefined;
  const named = result.error.issues.flatMap((i) => (i.code === 'unrecognized_keys' && i.path.length === 0 ? i.keys.filter((k) => k in NOT_PATCHABLE) : []));
  if (named.length) throw new DomainError('validation_error', named.map((k) => NOT_PATCHABLE[k]).join(' '));
  throw validationError(result.error);
}

export function buyerRoutes(deps: Deps) {
  const r = newRouter();

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/buyers',
      summary: 'Create or update a buyer, keyed on external_id, else email (201 created, 200 updated)',
      description: 'Upserts by your own `external_id`, else by `email` (compared case-insensitively): 201 when a buyer is made, 200 when one is updated, and an email-only buyer with that email gets the reference attached. An email that belongs to a buyer with another `external_id` is 409 `buyer_email_conflict` and nothing changes. A field sent as null is cleared.',
      'x-error-codes': ['validation_missing_field', 'validation_unknown_field', 'buyer_email_conflict', ...KEYED_POST_CODES, ...LIMIT_CODES],
      middleware: policy(deps),
      request: body(UpsertBuyerBody),
      responses: {
        201: json(Buyer, 'Created'),
        200: json(Buyer, 'Updated, or an idempotent replay'),
        ...errorResponses(400, 401, 403, 409, 422, 429),
      },
    }),
    async (c) => {
      const idem = c.get('idempotency');
      const status = (created: boolean) => (created ? 201 : 200);
      const { record, created } = await upsertBuyer(deps, c.get('auth'), c.req.valid('json'), idem);
      return c.json(toBuyer(record), status(created));
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/buyers',
      summary: 'Look a buyer up exactly by external_id or email (external_id wins); an empty list is a miss',
      description: 'Exact lookup by `external_id` or `email` (when both are sent `external_id` wins). Answers `{ data: [] }` with zero or one buyer: a miss is an empty list, not a 404.',
      'x-error-codes': ['validation_error', ...LIMIT_CODES],
      middleware: policy(deps),
      request: { query: BuyerLookupQuery },
      responses: { 200: json(BuyerList), ...errorResponses(400, 401, 403, 429) },
    }),
    async (c) => {
      const found = await lookupBuyer(deps, c.get('auth'), c.req.valid('query'));
      return c.json({ data: found ? [toBuyer(found)] : [] }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/buyers/{id}',
      summary: 'Read one buyer',
      description: "Reads one buyer; every key is present, null when nothing is stored. Another merchant's buyer, or one of the other mode, is 404 `buyer_not_found`.",
      'x-error-codes': ['buyer_not_found', 'validation_error', ...LIMIT_CODES],
      middleware: policy(deps),
      request: { params: IdParam },
      responses: { 200: json(Buyer), ...errorResponses(400, 401, 403, 404, 429) },
    }),
    async (c) => c.json(toBuyer(await readBuyer(deps, c.get('auth'), c.req.valid('param').id)), 200),
  );

  r.openapi(
    createRoute({
      method: 'patch',
      path: '/v1/buyers/{id}',
      summary: 'Update some fields of a buyer; omitted fields are kept, metadata merges, email null erases the email',
      description: 'Send only the keys you mean to change: omitted fields are kept, `metadata` merges (keys are never removed), a field sent as null is cleared and `email: null` frees the email for good. `external_id`, `first_name` and `last_name` cannot be changed here (400 `validation_error`).',
      'x-error-codes': ['buyer_not_found', 'buyer_email_conflict', 'validation_error', 'validation_unknown_field', ...LIMIT_CODES],
      middleware: policy(deps),
      request: { params: IdParam, ...body(PatchBuyerBody) },
      responses: { 200: json(Buyer), ...errorResponses(400, 401, 403, 404, 409, 429) },
    }),
    async (c) => c.json(toBuyer(await patchBuyer(deps, c.get('auth'), c.req.valid('param').id, c.req.valid('json'))), 200),
    patchHook,
  );
  return r;
}
