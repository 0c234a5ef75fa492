/**
 * `npm run contract:prism` (issue 35): how the answers Prism flagged are counted and grouped, what
 * is left out of the count (Prism's own refusals, which never reached the service), and the clear
 * refusal to run without a Prism binary. Prism itself is not installed by this project, so the
 * proxy's part is measured by hand (docs/qa.md); these tests need none.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseViolations, type Exchange, type Violation } from './prism-driver.ts';
import { buildReport } from './prism-report.ts';
import { fill, operations } from './prism-sweep.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const doc = {
  paths: {
    '/v1/sessions': { post: { security: [{ secretKey: [] }, { publishableKey: [] }], requestBody: {}, responses: {} } },
    '/v1/sessions/{sessionId}': { get: { security: [{ secretKey: [] }], responses: {} } },
    '/api/health': { get: { responses: {} } },
  },
};
const ops = operations(doc);

const enumViolation = (i: number): Violation => ({ location: ['response', 'body', 'lineItems', String(i), 'kind'], severity: 'Error', code: 'enum', message: 'must be equal to one of the allowed values' });
const statusWarning: Violation = { location: ['response'], severity: 'Warning', message: 'Unable to match the returned status code with those defined in the document: 200' };
const badInput: Violation = { location: ['request', 'body'], severity: 'Error', message: "Request body must have required property 'amount'" };

const x = (method: string, path: string, status: number, violations: Violation[], extra: Partial<Exchange> = {}): Exchange => ({ method, path, status, label: 'test', violations, excerpt: '', fromService: true, ...extra });

describe('the Prism report', () => {
  it('reads the operations, their keys and bodies from the contract, and fills path ids', () => {
    expect(ops).toEqual([
      { method: 'POST', path: '/v1/sessions', keys: ['secretKey', 'publishableKey'], hasBody: true, takesBody: true },
      { method: 'GET', path: '/v1/sessions/{sessionId}', keys: ['secretKey'], hasBody: false, takesBody: false },
      { method: 'GET', path: '/api/health', keys: [], hasBody: false, takesBody: false },
    ]);
    expect(fill('/v1/sessions/{sessionId}')).toBe('/v1/sessions/vp_cs_test_0000000000000000');
    expect(fill('/v1/sessions/{sessionId}', { sessionId: 'a b' })).toBe('/v1/sessions/a%20b');
  });

  it('counts answers with a response violation, groups them by cause across operations and array items, and keeps request violations apart', () => {
    const r = buildReport(ops, [
      x('GET', '/v1/sessions/vp_cs_test_1', 200, [enumViolation(0), enumViolation(1)]),
      x('POST', '/v1/sessions', 201, [enumViolation(0)]),
      x('GET', '/api/health', 429, [statusWarning]),
      x('POST', '/v1/sessions', 400, [badInput]),
      x('GET', '/api/health', 200, []),
    ]);
    expect(r).toMatchObject({ answers: 5, answersWithResponseViolations: 3, responseViolations: 4, answersWithRequestViolations: 1, statuses: { 200: 2, 201: 1, 400: 1, 429: 1 } });
    expect(r.causes).toEqual([
      { kind: 'response', severity: 'Error', where: 'body.lineItems.[].kind', message: enumViolation(0).message, count: 3, seenOn: { 'GET /v1/sessions/{sessionId} 200': 2, 'POST /v1/sessions 201': 1 }, example: 'test' },
      { kind: 'response', severity: 'Warning', where: '', message: statusWarning.message, count: 1, seenOn: { 'GET /api/health 429': 1 }, example: 'test' },
      { kind: 'request', severity: 'Error', where: 'body', message: badInput.message, count: 1, seenOn: { 'POST /v1/sessions 400': 1 }, example: 'test' },
    ]);
    expect(r.acceptedThoughForbidden).toEqual([]);
  });

  it('names the requests the contract forbids that the service took, and the operations no call reached', () => {
    const r = buildReport(ops, [x('POST', '/v1/sessions', 201, [badInput], { label: 'sessions: no amount' })]);
    expect(r.acceptedThoughForbidden).toEqual([`POST /v1/sessions 201 (sessions: no amount): ${badInput.message}`]);
    expect(r.operationsReached).toBe(1);
    expect(r.notReached).toEqual(['GET /v1/sessions/{sessionId}', 'GET /api/health']);
  });

  it("leaves out what Prism answered itself (never forwarded), so the service is not blamed for it", () => {
    const r = buildReport(ops, [
      x('POST', '/v1/sessions', 400, [], { fromService: false, label: 'sweep: malformed JSON', excerpt: '{"error":{"code":"invalid_json"}}' }),
      x('GET', '/api/health', 200, []),
    ]);
    expect(r.answers).toBe(1);
    expect(r.notForwarded).toEqual(['1 x 400 (malformed JSON): {"error":{"code":"invalid_json"}}']);
    expect(r.operationsReached).toBe(1);
  });

  it("reads Prism's sl-violations header, and says when it cannot", () => {
    expect(parseViolations(JSON.stringify([statusWarning]))).toEqual([statusWarning]);
    expect(parseViolations(undefined)).toEqual([]);
    expect(parseViolations('not json')[0]!.message).toMatch(/^unreadable sl-violations header/);
  });

  it('refuses to run without PRISM_BIN, saying how to install Prism outside the project', () => {
    const run = (env: Record<string, string>) => {
      const { PRISM_BIN: _unset, ...rest } = process.env;
      return spawnSync(join(root, 'node_modules/.bin/tsx'), ['scripts/contract/prism-traffic.ts'], { cwd: root, encoding: 'utf8', env: { ...rest, ...env } });
    };
    const unset = run({});
    expect(unset.status).toBe(2);
    expect(unset.stderr).toMatch(/PRISM_BIN is not set: install Prism outside this project .*npm install @stoplight\/prism-cli.*PRISM_BIN=.* npm run contract:prism/);
    const missing = run({ PRISM_BIN: join(root, 'no-such-prism') });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('is not an executable file');
  }, 60_000);
});
