/** The CLI's contract with scripts, no server needed: usage, exit codes, one-line errors. */
import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { freePorts } from '../platform/ports.ts';
import { runCli } from './cli.fixtures.ts';

describe('svcpay usage', () => {
  it('--help, -h and help print the commands and the exit codes, exit 0, and start nothing', async () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const run = await runCli(args);
      expect(run.code, args.join(' ')).toBe(0);
      expect(run.stdout).toMatch(/Commands:/);
      expect(run.stdout).toMatch(/clock advance <duration>/);
      expect(run.stdout).toMatch(/webhooks tail/);
      expect(run.stdout).toMatch(/Exit codes:\n {2}0 .*\n {2}1 .*server answered an error.*\n {2}2 .*usage error.*\n {2}3 .*could not be reached/);
      expect(run.stdout).not.toMatch(/svcpay reference server\n/);
      expect(run.stderr).toBe('');
    }
  });

  it('help <command> and <command> --help print that command; trigger lists its events', async () => {
    const run = await runCli(['help', 'trigger']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: svcpay trigger <event>/);
    for (const e of ['dispute.created', 'dispute.won', 'dispute.lost', 'refund.succeeded', 'refund.failed', 'capture.settled']) expect(run.stdout).toContain(e);
    const clock = await runCli(['clock', '--help']);
    expect(clock.code).toBe(0);
    expect(clock.stdout).toMatch(/^Usage: svcpay clock/);
  });

  it('--version prints the package version', async () => {
    const run = await runCli(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^svcpay \d+\.\d+\.\d+\n$/);
  });
});

describe('usage errors exit 2 with one line on stderr naming the fix', () => {
  // A closed port: a usage error must be found before any call (else this would be exit 3).
  const closed = async () => `http://127.0.0.1:${(await freePorts(1))[0]}`;

  it.each([
    [['frobnicate'], /unknown command "frobnicate"; the commands are .*clock.*run `svcpay --help`/],
    [['clock', '--frob'], /unknown option --frob/],
    [['start', '--json'], /svcpay start takes no --json/],
    [['clock', 'advance', '3x'], /not a duration: "3x"; write a number and a unit: 90s, 15m, 2h, 3d or 1w/],
    [['clock', 'advance', '3'], /not a duration/],
    [['clock', 'advance'], /needs a duration/],
    [['trigger', 'dispute.opened', '--payment-intent', 'vpi_1'], /unknown event "dispute.opened"; svcpay trigger knows dispute.created, dispute.won/],
    [['trigger', 'dispute.created'], /--payment-intent <id> or --transaction <id>/],
    [['merchants', 'create', '--environment', 'prod'], /--environment prod is not one of sandbox, live/],
    [['webhooks', 'tail'], /needs the merchant's secret key: --secret-key/],
    [['webhooks', 'tail', '--secret-key', 'vp_pk_test_abc'], /--secret-key: .*publishable key/],
    [['help', 'nope'], /no help on "nope"/],
  ])('%j', async (args, message) => {
    const run = await runCli([...args, ...(args[0] === 'start' || args[0] === 'help' ? [] : ['--url', await closed()])]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stdout).toBe('');
  });

  it('--url must be an http address', async () => {
    const run = await runCli(['clock', '--url', 'localhost:4242']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--url localhost:4242 is not an http\(s\) address/);
  });
});

describe('an unreachable server exits 3 and names the URL', () => {
  it.each([[['clock']], [['clock', 'advance', '1d']], [['merchants', 'create', '--json']], [['trigger', 'dispute.created', '--payment-intent', 'vpi_1']]])('%j', async (args) => {
    const url = `http://127.0.0.1:${(await freePorts(1))[0]}`;
    const run = await runCli(args, { SVCPAY_URL: url });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`cannot reach the svcpay server at ${url} (connection refused)`);
    expect(run.stdout).toBe('');
  });
});

describe('the default address follows the server’s environment (issue 36)', () => {
  /** A stand-in service on `port` (all interfaces, as `localhost` may be ::1): its clock, and the calls it saw. */
  async function serviceOn(port: number) {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ now: '2031-05-06T07:08:09.000Z', offsetSeconds: 0 }));
    });
    await new Promise<void>((done) => server.listen(port, done));
    return { seen, close: () => new Promise((done) => server.close(done)) };
  }

  it('PORT=<port> svcpay clock reads the clock of the service on that port, as PORT=<port> npm start announces it', async () => {
    const [port] = await freePorts(1);
    const service = await serviceOn(port!);
    try {
      const run = await runCli(['clock'], { PORT: String(port) });
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe('2031-05-06T07:08:09.000Z\n');
      expect(service.seen).toEqual(['GET /_sandbox/clock']);
    } finally {
      await service.close();
    }
  });

  it('SVCPAY_URL wins over SVCPAY_PUBLIC_URL and PORT; a bad PORT is named, not sent', async () => {
    const [port, other] = await freePorts(2);
    const service = await serviceOn(port!);
    try {
      const run = await runCli(['clock'], { SVCPAY_URL: `http://127.0.0.1:${port}/`, SVCPAY_PUBLIC_URL: `http://127.0.0.1:${other}`, PORT: String(other) });
      expect(run.stdout).toBe('2031-05-06T07:08:09.000Z\n');
    } finally {
      await service.close();
    }
    const bad = await runCli(['clock'], { PORT: '72x2' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('svcpay: PORT=72x2 (the service at http://localhost:72x2) is not an http(s) address; pass e.g. --url http://localhost:4242\n');
  });
});
