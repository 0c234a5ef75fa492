/**
 * Vitest global setup (issue 35): a fresh folder for the run's answers (the workers write each
 * answer their tests receive: src/server/routes/contract/testing.ts), and at the end one check of
 * all of them against the published contract. An answer the contract does not describe fails the
 * run, naming the test that received it. `SVCPAY_CONTRACT_SURVEY=<file>` writes the list there
 * instead of failing, to see them all at once.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANSWERS_DIR_ENV, compileContract, contractViolation, type Answer } from '../../src/server/routes/contract/testing.ts';
import { testApp } from '../../src/server/testing.ts';

export default function setup(): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'svcpay-answers-'));
  process.env[ANSWERS_DIR_ENV] = dir;
  return async () => {
    try {
      const answers = readdirSync(dir).flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Answer));
      if (answers.length === 0) return;
      const t = await testApp({ SVCPAY_DATA: ':memory:' });
      const api = await compileContract(await (await t.app.request('/openapi.json')).json());
      const found = answers.flatMap((a) => {
        const wrong = contractViolation(api, a);
        return wrong ? [`${wrong}\n    received by: ${a.test}`] : [];
      });
      const survey = process.env.SVCPAY_CONTRACT_SURVEY;
      if (survey) writeFileSync(survey, found.join('\n'));
      console.log(`contract check: ${answers.length} distinct answers, ${found.length} outside /openapi.json`);
      if (found.length > 0 && !survey) {
        // Vitest reports an error thrown here but keeps its exit code: set it, so the run fails.
        process.exitCode = 1;
        throw new Error(`answers outside the published contract (/openapi.json):\n${found.join('\n')}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
