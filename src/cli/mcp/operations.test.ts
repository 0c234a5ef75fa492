/**
 * How a contract becomes merchant tools: a route added to the contract is a tool with no other
 * change, its references stand inlined, and an operation that could not be named fails loudly
 * rather than being left out.
 */
import { describe, expect, it } from 'vitest';
import type { ContractDocument } from '../../server/routes/contract/document.ts';
import { merchantTools } from './operations.ts';

const secret = [{ secretKey: [] }];
const doc = (paths: ContractDocument['paths']): ContractDocument => ({
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths,
  components: {
    schemas: { Money: { type: 'object', properties: { amount: { type: 'integer' }, child: { $ref: '#/components/schemas/Money' } }, required: ['amount'] } },
    parameters: { Key: { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } } },
  },
});

describe('merchantTools', () => {
  it('makes a tool of a new secret-key operation, with its parameters, inlined body and idempotency key', () => {
    const [tool, ...rest] = merchantTools(
      doc({
        '/v1/payouts/{id}/send': {
          post: {
            operationId: 'post_v1_payouts_id_send',
            summary: 'Sends a payout',
            security: secret,
            parameters: [{ name: 'id', in: 'path', required: true }, { name: 'expand', in: 'query' }, { $ref: '#/components/parameters/Key' }],
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Money' } } } },
            responses: { 200: { description: 'ok' } },
          },
        },
        '/v1/public/things': { get: { operationId: 'get_v1_public_things', security: [{ publishableKey: [] }], responses: { 200: { description: 'ok' } } } },
      }),
    );
    expect(rest).toEqual([]);
    expect(tool).toMatchObject({ name: 'post_v1_payouts_id_send', method: 'POST', path: '/v1/payouts/{id}/send', pathParams: ['id'], queryParams: ['expand'], body: true, idempotent: true });
    expect(tool!.description).toBe('Sends a payout (POST /v1/payouts/{id}/send)');
    expect(tool!.inputSchema.required).toEqual(['id']);
    expect(Object.keys(tool!.inputSchema.properties)).toEqual(['id', 'expand', 'body', 'idempotencyKey']);
    // The schema that holds itself is inlined once and left open where it recurs: finite, no $ref.
    expect(tool!.inputSchema.properties.body).toEqual({ type: 'object', properties: { amount: { type: 'integer' }, child: {} }, required: ['amount'] });
    expect(JSON.stringify(tool)).not.toContain('$ref');
  });

  it('fails on a secret-key operation without an operationId instead of leaving it out', () => {
    expect(() => merchantTools(doc({ '/v1/things': { get: { security: secret, responses: { 200: { description: 'ok' } } } } }))).toThrow(/GET \/v1\/things has no operationId/);
  });
});
