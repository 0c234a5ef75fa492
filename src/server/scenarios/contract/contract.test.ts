import { compileErrors, validate } from '@readme/openapi-parser';
import { createRoute, z } from '@hono/zod-openapi';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { catalogue, type ErrorCode } from '../../domain/errors.ts';
import { httpStatus } from '../../middleware/error-status.ts';
import { newRouter } from '../../router.ts';
import { bearer, testApp } from '../../testing.ts';
import { METHODS, buildDocument, type ContractDocument } from '../../routes/contract/document.ts';
import { keyRuleOf } from '../../routes/contract/security.ts';

async function served() {
  const t = await testApp();
  const res = await t.app.request('/openapi.yaml');
  const text = await res.text();
  return { t, res, text, doc: parse(text) as ContractDocument };
}

const operations = (doc: ContractDocument) =>
  Object.entries(doc.paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method]! })));

/** The merchant-facing routes the app really answers (not the pages, frames or control API). */
function servedRoutes(t: Awaited<ReturnType<typeof testApp>>) {
  const merchant = /^\/(v1\/|\.well-known\/|openapi\.|llms\.txt$)|^\/api\/health$/;
  const seen = new Set<string>();
  for (const r of t.app.routes) {
    if (r.method === 'ALL' || r.path.includes('*') || !merchant.test(r.path)) continue;
    seen.add(`${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
  }
  return [...seen];
}

describe('GET /openapi.yaml', () => {
  it('is a valid OpenAPI 3.1.0 document', async () => {
    const { res, text, doc } = await served();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/yaml');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2026-04-14');
    // A YAML 1.1 reader would take an unquoted date for a date.
    expect(text).toMatch(/^ {2}version: "2026-04-14"$/m);
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    // Validating the whole document takes about a second alone, several on a busy machine.
  }, 30_000);

  it('has every merchant route the app serves', async () => {
    const { t, doc } = await served();
    const routes = servedRoutes(t);
    expect(routes).toEqual(expect.arrayContaining(['get /v1/capabilities', 'post /v1/sessions', 'get /v1/webhook_listen', 'post /v1/public/telemetry/browser']));
    for (const route of routes) {
      const [method, path] = route.split(' ') as [(typeof METHODS)[number], string];
      expect(doc.paths[path]?.[method], route).toBeDefined();
    }
  });

  it('never shows the /_sandbox/ control API', async () => {
    const t = await testApp();
    const text = await (await t.app.request('/openapi.yaml')).text();
    expect(t.app.routes.some((r) => r.path.startsWith('/_sandbox/'))).toBe(true);
    expect(text).not.toContain('/_sandbox');
  });

  it('drops a /_sandbox/ route even when it is registered with a schema', () => {
    const app = newRouter();
    for (const path of ['/_sandbox/clock', '/v1/widgets']) {
      app.openapi(createRoute({ method: 'get', path, responses: { 200: { content: { 'application/json': { schema: z.object({}) } }, description: 'OK' } } }), (c) => c.json({}, 200));
    }
    expect(Object.keys(buildDocument(app, 'http://x').paths)).toEqual(['/v1/widgets']);
  });

  it('names the server, the two key schemes, a tag for every operation and one error envelope', async () => {
    const { doc } = await served();
    expect(doc.servers).toEqual([{ url: 'http://localhost:4242', description: 'this server' }]);
    expect(Object.keys(doc.components!.securitySchemes!)).toEqual(['secretKey', 'publishableKey']);
    const envelope = doc.components!.schemas!.ErrorEnvelope as { properties: { code: { enum: string[] } } };
    expect(envelope.properties.code.enum.sort()).toEqual(Object.keys(catalogue).sort());
    const declared = new Set(doc.tags!.map((t) => t.name));
    for (const tag of doc.tags!) expect(tag.description, `tag ${tag.name} has a description`).toBeTruthy();
    expect(doc.info.contact).toEqual({ name: 'svcpay', url: 'http://localhost:4242/docs' });
    expect(doc.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
    for (const { method, path, op } of operations(doc)) {
      expect(op.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const tag of op.tags!) expect(declared.has(tag), tag).toBe(true);
      expect(op.summary, `${method} ${path} has a summary`).toBeTruthy();
      expect(op.description ?? '', `${method} ${path} has a description of its own`).toMatch(/\w/);
      expect(op.description, `${method} ${path} has a description of its own`).not.toBe(op.summary);
      for (const [status, res] of Object.entries(op.responses)) {
        const schema = res.content?.['application/json']?.schema;
        if (Number(status) >= 400 && schema?.properties) expect(schema.properties, `${method} ${path} ${status} inlines an envelope`).not.toHaveProperty('selfHeal');
      }
    }
  });

  it('declares the key each route really takes (no key: 401 exactly where a key is declared)', async () => {
    const { t, doc } = await served();
    const { keys } = await t.merchant();
    for (const { method, path, op } of operations(doc)) {
      const url = path.replace(/\{\w+\}/g, 'vp_cs_test_unknown');
      const call = (headers: Record<string, string>) => t.json(method.toUpperCase(), url, method === 'get' ? undefined : {}, headers);
      const rule = keyRuleOf(op.security);
      const anonymous = await call({});
      if (rule === 'none') expect(anonymous.status, `${method} ${path}`).not.toBe(401);
      else expect([401, anonymous.status], `${method} ${path} without a key`).toEqual([401, 401]);
      const wrongKey = rule === 'secret' ? keys.publishable : rule === 'publishable' ? keys.secret : undefined;
      if (wrongKey) expect((await (await call(bearer(wrongKey))).json()).code, `${method} ${path} with the other key`).toBe('auth_key_type_forbidden');
      if (rule === 'either') {
        for (const key of [keys.secret, keys.publishable]) expect([401, 403], `${method} ${path}`).not.toContain((await call(bearer(key))).status);
      }
    }
  });

  it('lists the error codes of each operation, its key codes included', async () => {
    const { doc } = await served();
    expect(doc.paths['/v1/capabilities']!.get!['x-error-codes']).toEqual(expect.arrayContaining(['auth_missing_bearer', 'binder_unavailable']));
    expect(doc.paths['/v1/capabilities']!.get!['x-error-codes']).not.toContain('auth_key_type_forbidden');
    expect(doc.paths['/v1/public/telemetry/browser']!.post!['x-error-codes']).toEqual(expect.arrayContaining(['auth_missing_bearer_publishable', 'auth_key_type_forbidden']));
    expect(doc.paths['/v1/public/telemetry/browser']!.post!['x-error-codes']).not.toContain('auth_missing_bearer');
    expect(doc.paths['/api/health']!.get!['x-error-codes']).toEqual(['validation_error', 'rate_limit_exceeded', 'rate_limit_service_unavailable']);
    expect(doc.paths['/v1/sdk-telemetry']!.post!['x-error-codes']).toEqual(expect.arrayContaining(['unsupported_media_type', 'payload_too_large']));
    for (const { method, path, op } of operations(doc)) {
      for (const code of op['x-error-codes']!) expect(Object.keys(catalogue), `${method} ${path}: ${code}`).toContain(code);
    }
  });
});

describe('GET /openapi.json', () => {
  it('is the same document as the YAML', async () => {
    const { t, doc } = await served();
    const res = await t.app.request('/openapi.json');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual(doc);
  });

  it('is built once, whichever form is asked for and how often', async () => {
    const t = await testApp();
    const generate = vi.spyOn(t.app, 'getOpenAPI31Document');
    for (const path of ['/openapi.yaml', '/openapi.json', '/llms.txt', '/openapi.yaml', '/llms.txt']) expect((await t.app.request(path)).status).toBe(200);
    expect(generate).toHaveBeenCalledTimes(1);
  });
});

describe('GET /llms.txt', () => {
  it('lists every operation of the contract with its key, summary and error codes', async () => {
    const { t, doc } = await served();
    const res = await t.app.request('/llms.txt');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text.startsWith('# svcpay API\n')).toBe(true);
    for (const { method, path, op } of operations(doc)) {
      const line = text.split('\n').find((l) => l.startsWith(`- \`${method.toUpperCase()} ${path}\``));
      expect(line, `${method} ${path}`).toBeDefined();
      expect(line).toContain(op.summary!);
      const label = { secret: '(secret key)', publishable: '(publishable key)', either: '(secret or publishable key)', none: '(no key)' }[keyRuleOf(op.security)!];
      expect(line).toContain(label);
    }
    expect(text).toContain('Errors: auth_missing_bearer (401), auth_invalid_key (401), auth_key_expired (401)');
  });

  it('has the whole error catalogue with status and fix, and the version header', async () => {
    const t = await testApp();
    const text = await (await t.app.request('/llms.txt')).text();
    for (const code of Object.keys(catalogue)) expect(text).toContain(`| ${code} | ${httpStatus[code as ErrorCode]} | `);
    expect(text).toContain(catalogue.binder_unavailable.fix);
    expect(text).toContain('Svc-Pay-Version: 2026-04-14');
  });

  it('shows a route added to the app, because it is generated from the contract', async () => {
    const t = await testApp();
    t.app.openapi(
      createRoute({ method: 'get', path: '/v1/widgets/{id}', summary: 'Read one widget', responses: { 200: { content: { 'application/json': { schema: z.object({ id: z.string() }) } }, description: 'OK' }, 404: { description: 'Not found' } } }),
      (c) => c.json({ id: 'w' }, 200),
    );
    const text = await (await t.app.request('/llms.txt')).text();
    expect(text).toContain('- `GET /v1/widgets/{id}` (secret key): Read one widget');
  });
});
