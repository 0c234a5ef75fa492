/** Setup file of `npm run unit:postgres`: each test's PostgreSQL stores are closed after it, those its file's setup made after the file. */
import { afterAll, afterEach } from 'vitest';
import { closeSharedStores, closeTestStores } from './test-databases.ts';

afterEach(closeTestStores);
afterAll(closeSharedStores);
