/**
 * `GET /llms.txt` (Doc 1, Capabilities and discovery): the contract as plain text for language
 * models, rendered from the finished OpenAPI document and the error catalogue. Nothing here is
 * written by hand about a route: a route added to the app appears here as it appears there.
 */
import { catalogue, type ErrorCode } from '../../domain/errors.ts';
import { httpStatus } from '../../middleware/error-status.ts';
import { METHODS, type ContractDocument, type Operation } from './document.ts';
import { keyRuleOf, type KeyRule } from './security.ts';

const KEY_LABEL: Record<KeyRule, string> = {
  secret: 'secret key',
  publishable: 'publishable key',
  either: 'secret or publishable key',
  none: 'no key',
};

type Param = { name: string; in: string; required?: boolean };

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function fieldList(names: string[], required: Set<string>): string {
  return names.map((n) => (required.has(n) ? n : `${n}?`)).join(', ');
}

function inputs(op: Operation): string[] {
  const out: string[] = [];
  const params = (op.parameters ?? []).filter((p): p is Param => 'name' in p);
  const query = params.filter((p) => p.in === 'query');
  if (query.length) out.push(`Query: ${fieldList(query.map((p) => p.name), new Set(query.filter((p) => p.required).map((p) => p.name)))}`);
  const body = op.requestBody?.content?.['application/json']?.schema;
  if (body?.properties) out.push(`Body (JSON): ${fieldList(Object.keys(body.properties), new Set(body.required ?? []))}`);
  return out;
}

function endpoint(method: string, path: string, op: Operation): string[] {
  const rule = keyRuleOf(op.security) ?? 'none';
  const lines = [`- \`${method.toUpperCase()} ${path}\` (${KEY_LABEL[rule]}): ${op.summary ?? op.description ?? ''}`.trimEnd()];
  for (const line of inputs(op)) lines.push(`  ${line}`);
  const success = Object.keys(op.responses).filter((s) => Number(s) < 400);
  if (success.length) lines.push(`  Success: ${success.join(', ')}`);
  const errors = (op['x-error-codes'] ?? []).map((c) => (c in catalogue ? `${c} (${httpStatus[c as ErrorCode]})` : c));
  if (errors.length) lines.push(`  Errors: ${errors.join(', ')}`);
  return lines;
}

export function renderLlmsTxt(doc: ContractDocument): string {
  const base = doc.servers?.[0]?.url ?? '';
  const [intro, ...more] = (doc.info.description ?? '').split('\n\n');
  const out: string[] = [`# ${doc.info.title}`, '', `> ${intro}`, ''];
  for (const p of more) out.push(p, '');
  out.push(`Base URL: ${base}`, `Contract: ${base}/openapi.yaml (OpenAPI ${doc.openapi}), also ${base}/openapi.json. Discovery: ${base}/.well-known/svcpay.json`, '');

  out.push('## Authentication', '');
  out.push('Send the key as a bearer token. Each endpoint below names the key it takes; a key of the wrong type answers 403, a missing or unknown key 401.', '');
  for (const [name, s] of Object.entries((doc.components?.securitySchemes ?? {}) as Record<string, { bearerFormat?: string; description?: string }>)) {
    out.push(`- ${name}: \`Authorization: Bearer <${s.bearerFormat ?? 'key'}>\`. ${s.description ?? ''}`.trimEnd());
  }
  out.push('');

  const version = doc.components?.parameters?.SvcPayVersion as { name: string; description?: string } | undefined;
  if (version) out.push('## Versioning', '', `Header \`${version.name}: ${doc.info.version}\`. ${version.description ?? ''}`.trimEnd(), '');

  out.push('## Endpoints', '');
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), ...endpoint(method, path, op)]);
    }
  }
  const described = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
  for (const [tag, lines] of [...byTag].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`### ${tag}`, '');
    if (described.get(tag)) out.push(described.get(tag)!, '');
    out.push(...lines, '');
  }

  out.push('## Errors', '');
  const envelope = doc.components?.schemas?.ErrorEnvelope as { description?: string; properties?: Record<string, unknown> } | undefined;
  if (envelope?.properties) out.push(`Every error is one JSON object with ${Object.keys(envelope.properties).map((k) => `\`${k}\``).join(', ')}. ${envelope.description ?? ''}`.trimEnd(), '');
  out.push('| code | HTTP | meaning | fix | retry |', '|---|---|---|---|---|');
  for (const [code, e] of Object.entries(catalogue)) {
    out.push(`| ${code} | ${httpStatus[code as ErrorCode]} | ${cell(e.message)} | ${cell(e.fix)} | ${e.retryable ? 'yes, with backoff' : 'no'} |`);
  }
  out.push('');
  return out.join('\n');
}
