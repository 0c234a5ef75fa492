/** The CLI's contract with scripts, no server needed: usage, exit codes, one-line errors. */
import { describe, expect, it } from 'vitest';
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
