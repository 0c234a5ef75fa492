/**
 * The merchant tools, read from the contract (./contract.ts): one tool per operation a secret key
 * may call, named by its `operationId`, its arguments the operation's path and query parameters,
 * its request body and, where the route takes one, an `Idempotency-Key`. Browser-only routes
 * (publishable key, the hosted page's own) are not the merchant API and are left out, as is what
 * EXCLUDED lists with its reason.
 */
import type { ContractDocument, Operation } from '../../server/routes/contract/document.ts';
import { BODY_ARG, KEY_ARG, idempotencyKeyArg, type HttpMethod, type JsonSchema, type ToolSpec } from './tool-spec.ts';

/** Secret-key operations that are no merchant action, with why. */
export const EXCLUDED_OPERATIONS: Record<string, string> = {
  post_v1_sdk_telemetry: "the server SDKs' own reports of their retries, sent by the SDK itself",
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };

/** A `#/components/…` reference, followed. */
function follow(doc: ContractDocument, ref: string): unknown {
  const parts = ref.replace(/^#\//, '').split('/');
  let node: unknown = doc;
  for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (node === undefined) throw new Error(`the contract names ${ref}, which it does not hold`);
  return node;
}

/** A schema with every `$ref` replaced by what it names: a tool's input schema stands alone. */
export function inlineRefs(doc: ContractDocument, node: unknown, trail: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => inlineRefs(doc, n, trail));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Record<string, unknown>;
  if (typeof $ref === 'string') {
    // A schema that holds itself is left open at the second visit rather than unrolled forever.
    if (trail.includes($ref)) return {};
    const target = inlineRefs(doc, follow(doc, $ref), [...trail, $ref]) as Record<string, unknown>;
    return { ...target, ...(inlineRefs(doc, rest, trail) as Record<string, unknown>) };
  }
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inlineRefs(doc, v, trail)]));
}

const usesSecretKey = (op: Operation) => (op.security ?? []).some((s) => 'secretKey' in s);

function describe(op: Operation, method: string, path: string): string {
  const head = [op.summary, op.description].filter(Boolean).join('. ');
  return `${head}${head ? ' ' : ''}(${method.toUpperCase()} ${path})`;
}

function toolOf(doc: ContractDocument, path: string, method: (typeof METHODS)[number], op: Operation): ToolSpec {
  const params = (op.parameters ?? []).map((p) => inlineRefs(doc, p) as Parameter);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const take = (p: Parameter) => {
    if (p.name === BODY_ARG || p.name === KEY_ARG) throw new Error(`${op.operationId}: a parameter named ${p.name} would hide the tool's own argument`);
    properties[p.name] = { ...(p.schema ?? { type: 'string' }), ...(p.description ? { description: p.description } : {}) };
    if (p.required || p.in === 'path') required.push(p.name);
  };
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  [...pathParams, ...queryParams].forEach(take);
  const idempotent = params.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  if (bodySchema) {
    properties[BODY_ARG] = inlineRefs(doc, bodySchema) as JsonSchema;
    if ((op.requestBody as { required?: boolean }).required) required.push(BODY_ARG);
  }
  if (idempotent) properties[KEY_ARG] = idempotencyKeyArg;
  return {
    name: op.operationId!,
    description: describe(op, method, path),
    inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}) },
    api: 'merchant',
    method: method.toUpperCase() as HttpMethod,
    path,
    pathParams: pathParams.map((p) => p.name),
    queryParams: queryParams.map((p) => p.name),
    body: Boolean(bodySchema),
    idempotent,
  };
}

/** Every operation of the contract a merchant's server calls with its secret key, as a tool. */
export function merchantTools(doc: ContractDocument): ToolSpec[] {
  const tools: ToolSpec[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op || !usesSecretKey(op)) continue;
      // A tool is named by its operationId: an operation without one would be a route left out.
      if (!op.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId, so it cannot be a tool`);
      if (op.operationId in EXCLUDED_OPERATIONS) continue;
      tools.push(toolOf(doc, path, method, op));
    }
  }
  return tools.sort((a, b) => a.name.localeCompare(b.name));
}
