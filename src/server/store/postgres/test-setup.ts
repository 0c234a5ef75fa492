/** Setup file of `npm run unit:postgres`: each test's PostgreSQL stores are closed after it. */
import { afterEach } from 'vitest';
import { closeTestStores } from './test-databases.ts';

afterEach(closeTestStores);
