/**
 * Runs one tool: checks its arguments, makes its HTTP call and answers the API's JSON as text. A
 * merchant tool goes through `svcpay/server` (`createSvcPayClient`), so it carries the secret key,
 * the `Svc-Pay-Version` of `apiVersion` and the SDK's retries exactly as a merchant's own server
 * would (Doc 1, Versioning 4: the MCP server inherits the Node SDK's setting). A control tool calls
 * `/_sandbox/` with the control token, as `svcpay clock` does. An answer of 400 or more is a tool
 * error (`isError`) whose text is the API's error envelope.
 */
import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { UnexpectedRedirectError, createSvcPayClient } from '../../../embed/server/index.ts';
import { cardNumberAt } from './card-guard.ts';
import { BODY_ARG, KEY_ARG, type ToolSpec } from './tool-spec.ts';

export interface McpSettings {
  /** The service, as the CLI reads it (`--url`, `SVCPAY_URL`). */
  baseUrl: string;
  /** The merchant's secret key (`--secret-key`, `SVCPAY_SECRET_KEY`). */
  secretKey: string;
  /** `Svc-Pay-Version` on every call (`--api-version`, `SVCPAY_API_VERSION`). */
  apiVersion?: string;
  /** The control API's bearer (`--control-token`, `SVCPAY_CONTROL_TOKEN`). */
  controlToken?: string;
}

/** A tool's failure before any call: the words say what to send instead. */
const refusal = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/** Secret keys never leave through a tool's answer, whoever's they are. */
const maskSecrets = (text: string) => text.replace(/\bvp_sk_(test|live)_[A-Za-z0-9]+/g, 'vp_sk_$1_[redacted]');

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

type Args = Record<string, unknown>;
type Plain = string | number | boolean;
const isPlain = (v: unknown): v is Plain => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** The arguments split into path, query, body and key, or the words of a refusal. */
function split(tool: ToolSpec, args: Args) {
  const known = Object.keys(tool.inputSchema.properties);
  const unknown = Object.keys(args).filter((k) => !known.includes(k));
  if (unknown.length) return { problem: `${tool.name} takes no ${unknown.join(', ')}; it takes ${known.join(', ') || 'no arguments'}${tool.body ? ` (the request's fields go inside ${BODY_ARG})` : ''}` };
  const path: Record<string, Plain> = {};
  for (const name of tool.pathParams) {
    const v = args[name];
    if (!isPlain(v) || v === '') return { problem: `${tool.name} needs ${name}` };
    path[name] = v;
  }
  const query: Record<string, Plain> = {};
  for (const name of tool.queryParams) {
    const v = args[name];
    if (v === undefined) continue;
    if (!isPlain(v)) return { problem: `${name} is a single value` };
    query[name] = v;
  }
  const key = args[KEY_ARG];
  if (key !== undefined && (typeof key !== 'string' || key === '')) return { problem: `${KEY_ARG} is a string` };
  return { path, query, body: args[BODY_ARG], key: tool.idempotent ? (key ?? `mcp_${randomUUID()}`) : undefined };
}

export function toolCaller(settings: McpSettings, fetchImpl: typeof fetch = globalThis.fetch) {
  const baseUrl = settings.baseUrl.replace(/\/+$/, '');
  const client = createSvcPayClient({ secretKey: settings.secretKey, baseUrl, apiVersion: settings.apiVersion, fetch: fetchImpl });
  const request = client.request as unknown as (method: string, path: string, init: object) => Promise<{ data?: string; error?: unknown; response: Response }>;

  async function merchant(tool: ToolSpec, parts: { path: Args; query: Args; body: unknown; key?: string }) {
    const init = { params: { path: parts.path, query: parts.query }, body: parts.body, headers: parts.key ? { 'Idempotency-Key': parts.key } : {}, parseAs: 'text' };
    const r = await request(tool.method.toLowerCase(), tool.path, init);
    const text = r.data ?? (r.error === undefined ? '' : typeof r.error === 'string' ? r.error : JSON.stringify(r.error));
    return { status: r.response.status, text };
  }

  async function sandbox(tool: ToolSpec, parts: { path: Record<string, Plain>; query: Record<string, Plain>; body: unknown }) {
    const path = tool.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(parts.path[name])));
    const query = new URLSearchParams(Object.entries(parts.query).map(([k, v]) => [k, String(v)])).toString();
    const write = tool.method !== 'GET';
    const headers: Record<string, string> = {
      ...(settings.controlToken ? { Authorization: `Bearer ${settings.controlToken}` } : {}),
      ...(settings.apiVersion ? { 'Svc-Pay-Version': settings.apiVersion } : {}),
      // The control API takes JSON on every write, a DELETE's included (docs/qa.md).
      ...(write ? { 'Content-Type': 'application/json' } : {}),
    };
    const body = write && tool.method !== 'DELETE' ? JSON.stringify(parts.body ?? {}) : undefined;
    const res = await fetchImpl(`${baseUrl}${path}${query ? `?${query}` : ''}`, { method: tool.method, headers, body, redirect: 'manual' });
    return { status: res.status, text: await res.text() };
  }

  return async function call(tool: ToolSpec, args: Args = {}): Promise<CallToolResult> {
    const where = cardNumberAt(args);
    if (where) {
      return refusal(
        `${tool.name} refused: ${where} holds a card number. Card numbers never go through the merchant API: name a test card by its token, tok_sandbox_<brand>_<last four> (tok_sandbox_visa_4242), with post_v1_tokens, and pay with the vp_pmt_ token it answers.`,
      );
    }
    const parts = split(tool, args);
    if ('problem' in parts) return refusal(`${parts.problem}.`);
    let answer: { status: number; text: string };
    try {
      answer = tool.api === 'merchant' ? await merchant(tool, parts) : await sandbox(tool, parts);
    } catch (err) {
      if (err instanceof UnexpectedRedirectError) return refusal(err.message);
      const why = err instanceof Error ? err.message : String(err);
      return refusal(maskSecrets(`no answer from svcpay at ${baseUrl} (${why}); start it with \`npx svcpay\` or set SVCPAY_URL.`));
    }
    const status = `HTTP ${answer.status} (${tool.method} ${tool.path})${parts.key ? `; Idempotency-Key ${parts.key}: send it again as ${KEY_ARG} to retry this call safely` : ''}`;
    return {
      ...(answer.status >= 400 ? { isError: true } : {}),
      content: [
        { type: 'text', text: maskSecrets(answer.text === '' ? '(no content)' : pretty(answer.text)) },
        { type: 'text', text: status },
      ],
    };
  };
}
