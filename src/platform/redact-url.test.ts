import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { redactUrl, redactUrlSecrets } from './redact-url.ts';

describe('redactUrl', () => {
  it('masks the userinfo password and every query parameter named like a secret', () => {
    const url = 'postgres://svcpay:pw1@db.internal:5432/svcpay?password=hunter2&sslpassword=x&sslmode=require&passfile=%2Fhome%2F.pgpass&sslkey=%2Fk.pem&Api_Token=t0k&client_secret=s';
    const shown = redactUrl(url);
    for (const secret of ['pw1', 'hunter2', 'sslpassword=x', '.pgpass', 'k.pem', 't0k', 'client_secret=s']) expect(shown).not.toContain(secret);
    expect(shown).toBe('postgres://svcpay:***@db.internal:5432/svcpay?password=***&sslpassword=***&sslmode=require&passfile=***&sslkey=***&Api_Token=***&client_secret=***');
  });

  it('leaves a URL without secrets as it is, and never echoes what does not parse', () => {
    expect(redactUrl('http://127.0.0.1:4243/?region=eu')).toBe('http://127.0.0.1:4243/?region=eu');
    expect(redactUrl('not a url hunter2')).toBe('(not a URL)');
  });

  it('masks the URL and its secrets inside a message that quotes them', () => {
    const url = 'postgres://u:hunter2@h/d?sslpassword=s3cret%21';
    expect(redactUrlSecrets(`bad ${url}; password hunter2, ssl s3cret!`, url)).toBe('bad postgres://u:***@h/d?sslpassword=***; password ***, ssl ***');
  });
});

describe('a failed start', () => {
  it('prints no secret of the database URL (Issue 32, finding 8)', () => {
    // Port 1 on loopback refuses at once: the start fails on the database, as with a typo'd host.
    const url = 'postgres://svcpay:userinfo-pw@127.0.0.1:1/svcpay?password=hunter2&sslpassword=x&sslmode=disable';
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'src/start.ts'], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, SVCPAY_DATABASE_URL: url, PORT: '0', PROCESSOR_PORT: '0', DEMO_PORT: '0', SVCPAY_DEMO: 'off' },
    });
    const output = child.stdout + child.stderr;
    expect(child.status).toBe(1);
    expect(output).toContain('cannot reach PostgreSQL at postgres://svcpay:***@127.0.0.1:1/svcpay?password=***&sslpassword=***&sslmode=disable');
    for (const secret of ['userinfo-pw', 'hunter2', 'sslpassword=x']) expect(output).not.toContain(secret);
  }, 40_000);
});
