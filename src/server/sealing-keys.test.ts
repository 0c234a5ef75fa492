import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';
import { defaultKeyFile, loadSealingKeys } from './sealing-keys.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const temp = () => (dir = mkdtempSync(join(tmpdir(), 'svcpay-keys-')));
const keysFor = (env: Record<string, string>) => loadSealingKeys(loadConfig(env));
const b64 = () => randomBytes(32).toString('base64');

describe('where the sealing key comes from (issue 18, finding 4)', () => {
  it('takes SVCPAY_SEALING_KEY and the previous keys from the environment, and then makes no key file', () => {
    temp();
    const [now, old1, old2] = [b64(), b64(), b64()];
    // Spaces and a trailing newline, as `$(cat key)` or a secret store may leave them, are not part of a key.
    const keys = keysFor({ SVCPAY_DATA: join(dir, 'svcpay.sqlite'), SVCPAY_SEALING_KEY: ` ${now}\n`, SVCPAY_SEALING_KEY_PREVIOUS: ` ${old1}, ${old2} ` });
    expect(keys.current.toString('base64')).toBe(now);
    expect(keys.previous.map((k) => k.toString('base64'))).toEqual([old1, old2]);
    expect(existsSync(defaultKeyFile(join(dir, 'svcpay.sqlite')))).toBe(false);
  });
  it('refuses a key that is not 32 bytes of base64, saying how to make one', () => {
    temp();
    for (const bad of ['short', randomBytes(16).toString('base64'), `${b64()}!`]) {
      expect(() => keysFor({ SVCPAY_DATA: ':memory:', SVCPAY_SEALING_KEY: bad })).toThrow(/SVCPAY_SEALING_KEY .*openssl rand -base64 32/);
    }
    expect(() => keysFor({ SVCPAY_DATA: ':memory:', SVCPAY_SEALING_KEY: b64(), SVCPAY_SEALING_KEY_PREVIOUS: `${b64()},nope` })).toThrow(/key 2 of SVCPAY_SEALING_KEY_PREVIOUS/);
  });
  it('otherwise makes sealing.key beside the database at first start, mode 0600, and reads the same key after', () => {
    temp();
    const data = join(dir, 'db', 'svcpay.sqlite');
    const first = keysFor({ SVCPAY_DATA: data });
    const file = join(dir, 'db', 'sealing.key');
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect(readFileSync(file, 'utf8')).toContain(first.current.toString('base64'));
    expect(keysFor({ SVCPAY_DATA: data }).current.equals(first.current)).toBe(true);
    // Written under a private name and linked into place: no draft is left behind.
    expect(readdirSync(join(dir, 'db'))).toEqual(['sealing.key']);
  });
  it('reads a named key file: the first key seals, the others only open; comments and blank lines are skipped', () => {
    temp();
    const file = join(dir, 'keys');
    const [now, old] = [b64(), b64()];
    writeFileSync(file, `# rotated today\r\n${now}\r\n\n  ${old}  \n`, { mode: 0o600 });
    const keys = keysFor({ SVCPAY_DATA: join(dir, 'x.sqlite'), SVCPAY_SEALING_KEY_FILE: file });
    expect([keys.current, ...keys.previous].map((k) => k.toString('base64'))).toEqual([now, old]);
  });
  it('refuses to start on a key file other users may read, or one with no key', () => {
    temp();
    const file = join(dir, 'keys');
    writeFileSync(file, `${b64()}\n`);
    chmodSync(file, 0o644);
    expect(() => keysFor({ SVCPAY_DATA: ':memory:', SVCPAY_SEALING_KEY_FILE: file })).toThrow(/may be read by other users \(mode 0644\); run: chmod 600/);
    chmodSync(file, 0o640);
    expect(() => keysFor({ SVCPAY_DATA: ':memory:', SVCPAY_SEALING_KEY_FILE: file })).toThrow(/other users/);
    writeFileSync(file, `${b64()}\nnot-a-key\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    expect(() => keysFor({ SVCPAY_DATA: ':memory:', SVCPAY_SEALING_KEY_FILE: file })).toThrow(/line 2 of/);
    writeFileSync(file, '# nothing\n', { mode: 0o600 });
    chmodSync(file, 0o600);
    expect(() => keysFor({ SVCPAY_DATA: ':memory:', SVCPAY_SEALING_KEY_FILE: file })).toThrow(/holds no key/);
  });
  it('gives an in-memory database a throwaway key, different each time', () => {
    temp();
    expect(keysFor({ SVCPAY_DATA: ':memory:' }).current.equals(keysFor({ SVCPAY_DATA: ':memory:' }).current)).toBe(false);
  });
});
