/**
 * Vitest setup (issue 35): after each test, the answers it received from an app are written down
 * for the run's contract check (`testing.ts` beside this file says how).
 */
import { afterEach } from 'vitest';
import { recordAnswers } from './testing.ts';

afterEach(async (context) => {
  await recordAnswers(`${context.task.file?.name ?? ''} > ${context.task.name}`);
});
