/**
 * A throwaway PostgreSQL cluster for one test file (testing.ts). CI installs Debian's
 * postgresql and requires these tests (.ci/run sets SVCPAY_REQUIRE_POSTGRES); a machine without
 * it skips them, saying so, so that `npm test` still runs everywhere else.
 */
import { afterAll, beforeAll } from 'vitest';
import { hasPostgres, startCluster, type Cluster } from './testing.ts';

export const pgAvailable = hasPostgres() || process.env.SVCPAY_REQUIRE_POSTGRES === '1';
if (!pgAvailable) console.warn('PostgreSQL is not installed (apt-get install -y postgresql): the PostgreSQL tests are skipped.');

/** Starts a cluster before the file's tests and stops it after; the getter answers it. */
export function useCluster(): () => Cluster {
  let cluster: Cluster | undefined;
  beforeAll(async () => {
    if (pgAvailable) cluster = await startCluster({ fsync: false });
  }, 60_000);
  afterAll(async () => cluster?.stop());
  return () => cluster!;
}
