/**
 * Issue 35: the published contract passes the two linters merchants and tools run on OpenAPI
 * documents, Spectral's `spectral:oas` recommended ruleset and Redocly's `recommended` config,
 * with no error and at most 10 warnings in all. The document linted is the one the app serves,
 * under a deployment's public URL (a `localhost` server URL is itself a Redocly warning).
 *
 * The warnings left are rules the service cannot honestly satisfy: the discovery and contract
 * documents answer no 4xx, and the two streams that are not offered answer only 503.
 */
import core from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import rulesets from '@stoplight/spectral-rulesets';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing.ts';

const MAX_WARNINGS = 10;
const ERROR = 0;
const WARNING = 1;

interface Finding {
  linter: 'spectral' | 'redocly';
  error: boolean;
  warning: boolean;
  line: string;
}

async function spectralFindings(text: string): Promise<Finding[]> {
  const spectral = new core.Spectral();
  spectral.setRuleset({ extends: [[rulesets.oas as never, 'recommended']] } as never);
  const results = await spectral.run(new core.Document(text, Parsers.Json));
  return results.map((r) => ({
    linter: 'spectral',
    error: r.severity === ERROR,
    warning: r.severity === WARNING,
    line: `spectral ${r.code} ${r.path.join('.')}: ${r.message}`,
  }));
}

async function redoclyFindings(text: string): Promise<Finding[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
  return problems.map((p) => ({
    linter: 'redocly',
    error: p.severity === 'error',
    warning: p.severity === 'warn',
    line: `redocly ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`,
  }));
}

describe('GET /openapi.json under Spectral and Redocly', () => {
  it('has no lint error and at most 10 warnings in all', async () => {
    const t = await testApp({ SVCPAY_PUBLIC_URL: 'https://pay.shop.example' });
    const res = await t.app.request('/openapi.json');
    expect(res.status).toBe(200);
    const text = await res.text();
    const findings = [...(await spectralFindings(text)), ...(await redoclyFindings(text))];
    const list = (f: Finding[]) => f.map((x) => x.line).join('\n');

    const errors = findings.filter((f) => f.error);
    expect(errors.filter((f) => f.linter === 'spectral'), list(errors)).toEqual([]);
    expect(errors.filter((f) => f.linter === 'redocly'), list(errors)).toEqual([]);
    const warnings = findings.filter((f) => f.warning);
    expect(warnings.length, `${warnings.length} warnings:\n${list(warnings)}`).toBeLessThanOrEqual(MAX_WARNINGS);
  });
});
