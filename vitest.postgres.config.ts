/**
 * `npm run unit:postgres` (issue 21): the engine's, the routes', the middleware's and the scenarios'
 * tests again, each test app on a fresh PostgreSQL database (src/server/testing.ts,
 * scripts/pg/vitest-global.ts).
 * Which files: scripts/pg/test-files.ts (those that do not read SQLite themselves). Without
 * Debian's postgresql it runs nothing, saying so; CI requires it (SVCPAY_REQUIRE_POSTGRES=1).
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';
import { postgresTestFiles } from './scripts/pg/test-files.ts';
import { hasPostgres } from './src/server/store/postgres/testing.ts';

const available = hasPostgres() || process.env.SVCPAY_REQUIRE_POSTGRES === '1';
if (!available) console.warn('PostgreSQL is not installed (apt-get install -y postgresql): the engine tests on PostgreSQL are skipped.');

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: available ? postgresTestFiles() : [],
    passWithNoTests: !available,
    globalSetup: available ? ['scripts/pg/vitest-global.ts', ...(base.test?.globalSetup as string[])] : [],
    setupFiles: [...(base.test?.setupFiles as string[]), 'src/server/store/postgres/test-setup.ts'],
  },
});
