import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from './env.ts';
import { editDistance, READ_ELSEWHERE, unknownVariables } from './env-check.ts';

describe('unknownVariables (issue 36)', () => {
  it('names a misspelt variable with the one it was probably meant to be', () => {
    expect(unknownVariables({ PROCESOR_PORT: '4243', SVCPAY_PUBLIC_ULR: 'http://a.test', STRIPE_PROT: '1' })).toEqual([
      'svcpay: warning: PROCESOR_PORT is not a variable svcpay reads; did you mean PROCESSOR_PORT? (ignored)',
      'svcpay: warning: SVCPAY_PUBLIC_ULR is not a variable svcpay reads; did you mean SVCPAY_PUBLIC_URL? (ignored)',
    ]);
  });

  it('names an unknown SVCPAY_ variable even with nothing near it, and leaves other programs’ ports alone', () => {
    expect(unknownVariables({ SVCPAY_FROBNICATE: 'on', KUBERNETES_SERVICE_PORT: '443', REDIS_PORT: '6379', HOME: '/root' })).toEqual([
      'svcpay: warning: SVCPAY_FROBNICATE is not a variable svcpay reads (ignored; docs/operator.md lists them)',
    ]);
  });

  it('says nothing of the variables svcpay reads', () => {
    const all = Object.fromEntries([...Object.keys(EnvSchema.shape), ...READ_ELSEWHERE].map((k) => [k, 'x']));
    expect(unknownVariables(all)).toEqual([]);
  });

  it('knows every SVCPAY_ variable the repository mentions, so a start under the test suites or compose warns of none', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
      .split('\n')
      // This file names misspellings on purpose.
      .filter((f) => /\.(ts|tsx|mjs|js|md|ya?ml)$|Dockerfile$|\.env\.example$/.test(f) && !f.endsWith('env-check.test.ts'));
    const named = new Set<string>();
    for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(/\bSVCPAY_[A-Z0-9_]*[A-Z0-9]\b/g)) named.add(m[0]);
    // Build-time constants and the prefix itself, not variables.
    named.delete('SVCPAY_CATALOGUES');
    const unknown = [...named].filter((n) => unknownVariables({ [n]: 'x' }).length > 0);
    expect(unknown).toEqual([]);
  });

  it('counts an adjacent swap as one edit', () => {
    expect([editDistance('ULR', 'URL'), editDistance('PROCESOR_PORT', 'PROCESSOR_PORT'), editDistance('', 'abc')]).toEqual([1, 1, 3]);
  });
});
