/**
 * The contract check of the tests (issue 35): every answer a test receives from an app is checked
 * against the app's published contract (`/openapi.json`) by a kept OpenAPI validator
 * (openapi-backend, Ajv underneath). A path of the contract answered with a status its operation
 * does not list, a media type it does not list, or a JSON body its schema refuses fails the run.
 * Paths outside the contract (pages, frames, the `/_sandbox/` control API, unknown paths) are not
 * checked.
 *
 * Compiling the contract takes seconds, too long for each test file: each test's answers are
 * written down here (one file per worker, each distinct answer once), and the run's global
 * teardown (scripts/contract/answers-global.ts) checks them all with one compiled contract.
 */
import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenAPIBackend, type Document, type Operation } from 'openapi-backend';

/** Where a run's answers go (set by the global setup); unset, nothing is recorded. */
export const ANSWERS_DIR_ENV = 'SVCPAY_ANSWERS_DIR';

/** One answer as a test received it. */
export interface Answer {
  test: string;
  method: string;
  path: string;
  status: number;
  type: string;
  body: string | null;
}

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

const mediaType = (header: string | null) => (header ?? '').split(';')[0]!.trim().toLowerCase();
const paths = /^\/(v1\/|api\/|\.well-known\/|openapi\.|llms\.txt$)/;

const pending = new Set<Promise<Omit<Answer, 'test'> | null>>();
const seen = new Set<string>();

/**
 * Wraps an app's `fetch` (what `app.request` and a listening server both call) so that each answer
 * is written down. The answer goes back at once; its copy is read beside it.
 */
export function checkAnswers<A extends { fetch: Fetch }>(app: A): A {
  if (!process.env[ANSWERS_DIR_ENV]) return app;
  const real = app.fetch.bind(app) as Fetch;
  const recorded: Fetch = async (request, ...rest) => {
    const response = await real(request, ...rest);
    const { pathname } = new URL(request.url);
    if (!paths.test(pathname)) return response;
    const type = mediaType(response.headers.get('content-type'));
    // An event stream never ends: its status and media type are written down, never its body.
    const copy = type === 'text/event-stream' || type === '' ? null : response.clone();
    const read = (async () => ({ method: request.method, path: pathname, status: response.status, type, body: copy && (await copy.text()) }))().catch(() => null);
    pending.add(read);
    return response;
  };
  app.fetch = recorded as A['fetch'];
  return app;
}

/** Writes down the answers the test `test` received, each distinct one once per worker. */
export async function recordAnswers(test: string): Promise<void> {
  const dir = process.env[ANSWERS_DIR_ENV];
  const answers = await Promise.all(pending);
  pending.clear();
  if (!dir) return;
  const lines: string[] = [];
  for (const answer of answers) {
    if (!answer) continue;
    const key = createHash('sha1').update(JSON.stringify({ ...answer, path: answer.path.replace(/[A-Za-z0-9]{16,}/g, '') })).digest('hex');
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(JSON.stringify({ test, ...answer } satisfies Answer));
  }
  if (lines.length > 0) appendFileSync(join(dir, `${process.pid}.jsonl`), `${lines.join('\n')}\n`);
}

/**
 * Makes every object schema of the answers closed (`additionalProperties: false` where the contract
 * leaves it open), so a field the service sends and the contract does not describe fails the check.
 * The published contract stays open, as clients expect of a JSON API; the tests hold the service to
 * sending nothing it does not describe. Objects under `allOf` stay open (each part sees only its own).
 */
function closeObjects(node: unknown, underAllOf = false): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((n) => closeObjects(n, underAllOf));
  const schema = node as Record<string, unknown>;
  if (schema.type === 'object' && schema.properties && !('additionalProperties' in schema) && !underAllOf) schema.additionalProperties = false;
  for (const [key, value] of Object.entries(schema)) closeObjects(value, key === 'allOf' || (underAllOf && key !== 'properties'));
}

/** The contract compiled for checking answers, its answers' objects closed. */
export async function compileContract(contract: unknown): Promise<OpenAPIBackend> {
  const definition = structuredClone(contract) as Document;
  const paths = (definition.paths ?? {}) as Record<string, Record<string, { responses?: unknown } | undefined>>;
  for (const item of Object.values(paths)) for (const op of Object.values(item)) closeObjects(op?.responses);
  closeObjects(definition.components?.schemas);
  const api = new OpenAPIBackend({ definition, quick: true, validate: true, strict: false, ajvOpts: { strict: false, allErrors: true } });
  await api.init();
  return api;
}

/** The operation's declared response for a status: exact, then `4XX`-style, then `default`. */
function declared(op: Operation, status: number) {
  const responses = (op.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>;
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

/** What is wrong with one answer, or nothing. */
export function contractViolation(api: OpenAPIBackend, a: Omit<Answer, 'test'>): string | undefined {
  const op = api.matchOperation({ method: a.method, path: a.path, headers: {}, query: '' });
  if (!op) return undefined;
  const where = `${a.method} ${a.path} → ${a.status}`;
  const res = declared(op, a.status);
  if (!res) return `${where}: status not in the contract (${op.operationId} lists ${Object.keys(op.responses ?? {}).join(', ')})`;
  const hasBody = a.status !== 204 && a.status !== 304 && a.method !== 'HEAD';
  if (!hasBody || !a.type) return undefined;
  const types = Object.keys(res.content ?? {}).map(mediaType);
  if (!types.includes(a.type)) return `${where}: media type ${a.type} not in the contract (lists ${types.join(', ') || 'no body'})`;
  if (a.type !== 'application/json' || a.body === null) return undefined;
  if (!a.body) return `${where}: empty body where the contract has JSON`;
  const result = api.validateResponse(JSON.parse(a.body), op, a.status);
  if (result.valid) return undefined;
  const errors = (result.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  return `${where}: body does not match the contract: ${errors.join('; ')}`;
}
