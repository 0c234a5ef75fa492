/**
 * Where the sealing key comes from (issue 18, finding 4; docs/operator.md, "Sealing key"). Never from the
 * database it protects:
 *
 * 1. `SVCPAY_SEALING_KEY`: 32 random bytes in base64 (`openssl rand -base64 32`), the key new values
 *    are sealed with; `SVCPAY_SEALING_KEY_PREVIOUS`: older keys, comma-separated, that still open what
 *    they sealed until the start-up re-seal has moved it to the current key. Production sets these
 *    from its secret store; no key file is read or made.
 * 2. Otherwise the key file `SVCPAY_SEALING_KEY_FILE`, by default `sealing.key` in the database's
 *    folder: one base64 key per line, the first the current one, `#` lines are comments. Made at
 *    first start with mode 0600 (owner read and write only); a start refuses a file others may read.
 * 3. A `:memory:` database with neither: a throwaway key, gone with the data.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SealingKeys } from './engine/sealed.ts';

export interface SealingKeySource {
  dataPath: string;
  sealingKey: string | undefined;
  sealingKeysPrevious: string[];
  sealingKeyFile: string | undefined;
}

/** Where the key file is when none is named: beside the database, never inside it. */
export const defaultKeyFile = (dataPath: string) => join(dirname(dataPath), 'sealing.key');

function decodeKey(text: string, where: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32 || key.toString('base64') !== text.trim()) {
    throw new Error(`svcpay: ${where} is not a sealing key: it must be 32 random bytes in base64 (make one with: openssl rand -base64 32)`);
  }
  return key;
}

function keysInFile(path: string): SealingKeys {
  const mode = statSync(path).mode & 0o777;
  if (mode & 0o077) {
    throw new Error(`svcpay: the sealing key file ${path} may be read by other users (mode 0${mode.toString(8)}); run: chmod 600 ${path}`);
  }
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  if (!lines.length) throw new Error(`svcpay: the sealing key file ${path} holds no key`);
  const [current, ...previous] = lines.map((l, i) => decodeKey(l, `line ${i + 1} of ${path}`));
  return { current: current!, previous };
}

const FILE_HEADER = [
  '# svcpay sealing keys: one per line, base64 of 32 random bytes. The first seals new values; the',
  '# others only open older ones, and the next start re-seals those under the first. Keep this file',
  '# out of database backups, and mode 0600. docs/operator.md, "Sealing key", tells how to rotate.',
].join('\n');

/**
 * Makes the key file with one fresh key, mode 0600 from the first byte. Written whole under a
 * private name, then linked into place: a second start racing this one sees no file or a whole one.
 */
function makeKeyFile(path: string) {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const fd = openSync(draft, 'wx', 0o600);
  try {
    writeSync(fd, `${FILE_HEADER}\n${randomBytes(32).toString('base64')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(draft, path);
  } finally {
    unlinkSync(draft);
  }
}

export function loadSealingKeys(src: SealingKeySource): SealingKeys {
  if (src.sealingKey !== undefined) {
    return {
      current: decodeKey(src.sealingKey, 'SVCPAY_SEALING_KEY'),
      previous: src.sealingKeysPrevious.map((k, i) => decodeKey(k, `key ${i + 1} of SVCPAY_SEALING_KEY_PREVIOUS`)),
    };
  }
  if (src.dataPath === ':memory:' && src.sealingKeyFile === undefined) return { current: randomBytes(32), previous: [] };
  const path = src.sealingKeyFile ?? defaultKeyFile(src.dataPath);
  if (!existsSync(path)) {
    try {
      makeKeyFile(path);
    } catch (e) {
      // Two first starts at once: the other made it; read theirs.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  return keysInFile(path);
}
