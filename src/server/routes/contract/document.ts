/**
 * The merchant contract (Doc 1, Capabilities and discovery: OpenAPI 3.1.0): generated from the
 * zod route definitions, then completed with what those do not say: servers, key schemes, a tag
 * per resource, the one error envelope and the error codes each operation can answer. Never the
 * `/_sandbox/` control API (Doc 3).
 */
import { z } from 'zod';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../../api/errors.ts';
import { catalogue, type ErrorCode } from '../../domain/errors.ts';
import { httpStatus } from '../../middleware/error-status.ts';
import { API_VERSION } from '../../middleware/version.ts';
import { keyRuleOf, security, securitySchemes, type KeyRule } from './security.ts';
import { idempotencyKeyParameter, withIdempotency, withUnavailable } from './layers.ts';

import type { ContractDocument, Operation, Response, Schema } from './shapes.ts';

export type { ContractDocument, Operation } from './shapes.ts';

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const DESCRIPTION = [
  'svcpay accepts card and wallet payments for merchants: hosted checkout (create a session on your server, redirect the buyer to `checkoutUrl`), embedded card fields in cross-origin iframes served by the service (`/js/v1/svcpay.js`), and a payment-intent engine for authorize, capture, void and refund.',
  'Requests and responses are JSON; writes send `Content-Type: application/json`. Amounts are integers in minor units; currencies are ISO 4217 and uppercase on responses. Sessions use camelCase; payment intents, tokens, refunds, buyers and capabilities use snake_case.',
  'Every POST takes an optional `Idempotency-Key`: a retry with the same key returns the original (201 first, 200 on replay); the same key with a different body is 422 `idempotency_replay_incompatible`.',
].join('\n\n');

/** Doc 1, Authentication 2 and 8: the key rule of a route that does not declare its `security`. */
export function doc1KeyRule(method: string, path: string): KeyRule {
  if (path.startsWith('/v1/public/')) return 'publishable';
  if (!path.startsWith('/v1/')) return 'none';
  const either = (method === 'post' && path === '/v1/sessions') || (method === 'get' && path === '/v1/capabilities');
  return either ? 'either' : 'secret';
}

/** A tag per resource: the path segment that names it (`/v1/public/*` is one browser-safe group). */
export function tagOf(path: string): string {
  const [first, second] = path.split('/').filter(Boolean);
  if (first === 'v1') return second === 'public' ? 'public' : second!;
  if (first === 'api') return second!;
  return 'discovery';
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  sessions: 'Checkout sessions: create one on your server, redirect to `checkoutUrl` or mount fields with its id.',
  public: 'Browser-safe endpoints: publishable key only; a secret key is refused.',
  capabilities: "What the merchant's processor supports.",
  telemetry: 'Events from server SDKs and the browser script; nothing is stored.',
  webhooks: "Events coming in from the payment providers (signed the provider's way, not for merchants) and the delivery-transcript stream this server does not offer; subscribe your own endpoint under webhook_subscriptions.",
  webhook_subscriptions: 'Your webhook endpoints: subscribe a URL to event types, rotate its signing secret, send a signed test event. Verify every delivery with `x-svc-signature`.',
  webhook_events: 'One event as webhooks deliver it (`{ id, type, created, livemode, merchant_id, data }`), to re-read or confirm it.',
  payment_intents: 'Charges of a vaulted card from your server: authorize, capture, void. Every outcome, a decline included, is a 201 to read by `status`; send an `Idempotency-Key`.',
  payment_methods: "A buyer's saved cards, newest first.",
  tokens: 'Vaulted cards (`vp_pmt_*`): vault from a provider reference, set the billing address, revoke. No card number is ever sent or stored.',
  refunds: 'Refunds of a succeeded payment, in full or in part, and the list with its totals. Always send an `Idempotency-Key`: a retry without one is a second refund.',
  'wallet-domains': 'Domains registered for Apple Pay and Google Pay, their verification and the Apple Pay association file.',
  buyers: 'Buyer profiles: upsert by your own reference or email, exact lookup, read and sparse update.',
  mirror: 'Connected-store order mirroring: price a basket against a connected store.',
  descriptor_config: 'The statement-descriptor configuration: what each charge asks the processor to print on the card statement.',
  checkout: 'Internal endpoints of the hosted checkout page; origin-checked, not for merchant integration.',
  health: 'Liveness and deep health; no key.',
  discovery: 'Discovery document, this contract and llms.txt; no key.',
};

const AUTH_PREFIX = 'auth_';
/**
 * Codes no contract route answers: the router's own (paths the contract does not have) and key
 * issuance (Doc 1, Authentication 7), which this server does only through `/_sandbox/`.
 */
const NOT_ROUTE_CODES = new Set<string>(['route_not_found', 'method_not_allowed', 'merchant_not_onboarded', 'live_keys_need_processor']);
/**
 * Every write passes the app-wide size cap and JSON-only check (Doc 1, Global conventions), whether
 * or not its route reads a body: a write with an oversized or non-JSON body answers 413 or 415.
 */
const BODY_CODES: ErrorCode[] = ['unsupported_media_type', 'payload_too_large'];
const WRITES = new Set(['post', 'put', 'patch', 'delete']);
const envelopeRef = { $ref: '#/components/schemas/ErrorEnvelope' };
const BODY_RESPONSES: Record<string, Response> = {
  413: { description: 'Body over the size cap (payload_too_large)', content: { 'application/json': { schema: envelopeRef } } },
  415: { description: 'Body not sent as application/json (unsupported_media_type)', content: { 'application/json': { schema: envelopeRef } } },
};
const codes = Object.keys(catalogue) as ErrorCode[];

/** The authentication codes a key rule can answer, read from the catalogue. */
export function authCodes(rule: KeyRule): ErrorCode[] {
  const auth = codes.filter((c) => c.startsWith(AUTH_PREFIX));
  const typed = (c: ErrorCode) => httpStatus[c] === 403;
  switch (rule) {
    case 'none':
      return [];
    case 'publishable':
      return auth.filter((c) => c.endsWith('_publishable') || !codes.includes(`${c}_publishable` as ErrorCode));
    case 'secret':
      return auth.filter((c) => !c.endsWith('_publishable'));
    case 'either':
      return auth.filter((c) => !c.endsWith('_publishable') && !typed(c));
  }
}

/**
 * Codes an operation can answer: its key rule's, the body checks' when it takes a body, and the
 * codes it declares in `x-error-codes` or, when it declares none, every catalogued code of the
 * error statuses it documents.
 */
function operationCodes(op: Operation, rule: KeyRule, write: boolean): string[] {
  const statuses = new Set(Object.keys(op.responses).map(Number).filter((s) => s >= 400));
  const own = op['x-error-codes'] ?? codes.filter((c) => !c.startsWith(AUTH_PREFIX) && !NOT_ROUTE_CODES.has(c) && statuses.has(httpStatus[c]));
  return [...new Set([...authCodes(rule), ...own, ...(write ? BODY_CODES : [])])];
}

function errorEnvelopeSchema(): Schema {
  const schema = z.toJSONSchema(ErrorEnvelope.extend({ code: z.enum(codes as [ErrorCode, ...ErrorCode[]]) }), { target: 'draft-2020-12' }) as Schema;
  delete schema.$schema;
  return { ...schema, description: 'Every failure, with header `X-Request-Id` (Doc 1, Errors). `selfHeal.nextAction` is what a client should do next.' };
}

/** Doc 1, Versioning 1-3. */
const versionParameter = {
  name: 'Svc-Pay-Version',
  in: 'header',
  required: false,
  // Any value is taken (Doc 1: an unknown one falls back), so the contract refuses none.
  schema: { type: 'string', default: API_VERSION, examples: [API_VERSION] },
  description: 'Pins the API version; omitted or unknown values fall back to the current one. Every response names the version applied (`Svc-Pay-Version`) and the newest (`Svc-Pay-Latest-Version`).',
};

/**
 * A nullable literal or enum: the generator writes `type: [string, null]` with an `enum` that
 * leaves out `null`, which refuses the `null` the service answers (issue 35: every session failed
 * an outside validator on `channel` and `setupForFutureUse`). Adds `null` to each such `enum`.
 */
export function allowNullInNullableEnums(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(allowNullInNullableEnums);
  const schema = node as Schema;
  if (Array.isArray(schema.type) && schema.type.includes('null') && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  Object.values(schema).forEach(allowNullInNullableEnums);
}

const isEnvelope = (s: Schema | undefined) => Boolean(s?.properties?.code && s.properties.selfHeal);

/** Builds the finished contract from an app's route registry. */
export function buildDocument(app: Pick<OpenAPIHono, 'getOpenAPI31Document'>, publicUrl: string): ContractDocument {
  const doc = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'svcpay API', version: API_VERSION, description: DESCRIPTION, contact: { name: 'svcpay', url: `${publicUrl}/docs` } },
    servers: [{ url: publicUrl, description: 'this server' }],
  }) as unknown as ContractDocument;
  // OpenAPI 3.1's SPDX `identifier`, which the generator's 3.0 types do not know.
  doc.info.license = { name: 'MIT', identifier: 'MIT' };

  const paths: ContractDocument['paths'] = {};
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    // Doc 3: the control API never appears in the merchant contract.
    if (path.startsWith('/_sandbox/') || path === '/_sandbox') continue;
    paths[path] = item;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const rule = keyRuleOf(op.security) ?? doc1KeyRule(method, path);
      op.security = security[rule];
      op.tags ??= [tagOf(path)];
      op.tags.forEach((t) => tags.add(t));
      op.operationId ??= `${method}_${path.replace(/[{}]/g, '').split(/[^A-Za-z0-9]+/).filter(Boolean).join('_')}`;
      for (const [status, res] of Object.entries(op.responses)) {
        const media = res.content?.['application/json'];
        if (Number(status) >= 400 && media && isEnvelope(media.schema)) media.schema = envelopeRef;
      }
      const write = WRITES.has(method);
      if (write) op.responses = { ...BODY_RESPONSES, ...op.responses };
      op['x-error-codes'] = operationCodes(op, rule, write);
      withUnavailable(op, rule, method, write);
      const keyed = withIdempotency(op, rule, method);
      op.parameters = [...(op.parameters ?? []), ...(keyed ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []), { $ref: '#/components/parameters/SvcPayVersion' }];
    }
  }
  doc.paths = paths;
  allowNullInNullableEnums(doc);
  doc.tags = [...tags].sort().map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) }));
  doc.components = {
    ...doc.components,
    securitySchemes: { ...securitySchemes },
    parameters: { ...doc.components?.parameters, SvcPayVersion: versionParameter, IdempotencyKey: idempotencyKeyParameter },
    schemas: { ...doc.components?.schemas, ErrorEnvelope: errorEnvelopeSchema() },
  };
  return doc;
}
