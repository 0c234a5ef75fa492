/** What the MCP server knows of one tool: what it shows the client and the HTTP call it makes. */
export type JsonSchema = Record<string, unknown>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ToolSpec {
  /** The contract's `operationId` for a merchant route; `sandbox_…` for the control API. */
  name: string;
  description: string;
  /** A JSON Schema object: path and query parameters by name, the request `body`, `idempotencyKey`. */
  inputSchema: JsonSchema & { type: 'object'; properties: Record<string, JsonSchema>; required?: string[] };
  /** `merchant`: through `svcpay/server` with the secret key; `sandbox`: the control API (Doc 3). */
  api: 'merchant' | 'sandbox';
  method: HttpMethod;
  /** The path with `{name}` placeholders, as the contract writes it. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Whether the call takes a JSON body (the `body` argument). */
  body: boolean;
  /** Whether the route takes an `Idempotency-Key` (every POST of the contract, Doc 1 Idempotency). */
  idempotent: boolean;
}

/** The names the arguments of a tool may not use for a parameter: the body and the key have their own. */
export const BODY_ARG = 'body';
export const KEY_ARG = 'idempotencyKey';

export const idempotencyKeyArg: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  description:
    'Idempotency-Key (Doc 1, Idempotency): send the same key again to retry this call safely, the first answer is replayed and nothing moves twice. When omitted, the MCP server makes a fresh one for this call.',
};
