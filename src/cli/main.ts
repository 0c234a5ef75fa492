/**
 * `svcpay …` (bin/svcpay.js): parses the command line and runs one command. A command that
 * finishes resolves with its exit code (docs/qa.md, "CLI"): 0 done, 1 the server answered an error,
 * 2 a usage error, 3 the server could not be reached. `start`, `processor` and `mcp` resolve with
 * nothing: the server they start keeps the process alive and ends it itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SandboxControlError, SandboxUnreachableError, createSandboxControl } from '../../embed/server/sandbox.ts';
import { EXIT, UsageError, isCommand, parseCommandLine, type CliIo, type CommandContext, type ParsedArgs } from './args.ts';
import { usage } from './help.ts';
import { clockCommand } from './clock.ts';
import { merchantsCommand } from './merchants.ts';
import { packageRoot, startServer } from './serve.ts';
import { triggerCommand } from './trigger.ts';
import { webhooksCommand } from './webhooks-tail.ts';

const processIo: CliIo = { out: (t) => void process.stdout.write(t), err: (t) => void process.stderr.write(t) };

export async function runCli(argv: string[], io: CliIo = processIo): Promise<number | undefined> {
  let args: ParsedArgs;
  try {
    args = parseCommandLine(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(`svcpay: ${err.message}\n`);
    return EXIT.usage;
  }
  if (args.version) {
    io.out(`svcpay ${(JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version}\n`);
    return EXIT.ok;
  }
  if (args.command === 'help' || args.help) {
    const topic = args.command === 'help' ? args.rest[0] : args.command;
    if (topic !== undefined && !isCommand(topic)) {
      io.err(`svcpay: no help on "${topic}"; run \`svcpay --help\` for the commands\n`);
      return EXIT.usage;
    }
    // `svcpay --help` alone is the overview, not the help of the default command.
    io.out(usage(args.command === 'start' && !argv.includes('start') ? undefined : topic));
    return EXIT.ok;
  }
  if (args.command === 'start' || args.command === 'processor') {
    if (args.rest.length > 0) {
      io.err(`svcpay: unexpected "${args.rest[0]}" after svcpay ${args.command}; run \`svcpay help ${args.command}\`\n`);
      return EXIT.usage;
    }
    return startServer(args.command, io);
  }

  const ctx: CommandContext = { args, io, control: createSandboxControl({ baseUrl: args.url, controlToken: args.controlToken }) };
  try {
    switch (args.command) {
      case 'clock':
        return await clockCommand(ctx);
      case 'trigger':
        return await triggerCommand(ctx);
      case 'merchants':
        return await merchantsCommand(ctx);
      case 'webhooks':
        return await webhooksCommand(ctx);
      case 'mcp':
        // Serves until the client closes stdin, then ends the process itself. Loaded only here: it
        // builds the contract from the server's own routes, which no other command needs.
        return await (await import('./mcp/server.ts')).mcpCommand(ctx);
    }
  } catch (err) {
    return failure(err, io);
  }
}

/** A command's failure as one or two lines on stderr and the exit code that names its kind. */
export function failure(err: unknown, io: CliIo): number {
  if (err instanceof UsageError) {
    io.err(`svcpay: ${err.message}\n`);
    return EXIT.usage;
  }
  if (err instanceof SandboxUnreachableError) {
    const why = describeCause(err.cause);
    io.err(`svcpay: cannot reach the svcpay server at ${err.url}${why ? ` (${why})` : ''}; start it with \`npx svcpay\`, or pass --url or set SVCPAY_URL\n`);
    return EXIT.unreachable;
  }
  if (err instanceof SandboxControlError) {
    io.err(`svcpay: the server answered ${err.status} ${err.code}: ${err.message}\n`);
    if (err.fix) io.err(`  fix: ${err.fix}\n`);
    if (err.code === 'route_not_found') {
      io.err('  (the sandbox control API answers 404 everywhere when the server runs with SVCPAY_CONTROL=off)\n');
    }
    return EXIT.serverError;
  }
  throw err;
}

/** `ECONNREFUSED` and its kin, from undici's `fetch failed` cause chain, or the innermost message. */
function describeCause(cause: unknown): string | undefined {
  let last: string | undefined;
  for (let c = cause, depth = 0; c instanceof Error && depth < 4; c = c.cause, depth++) {
    const code = (c as { code?: unknown }).code;
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ENOTFOUND') return 'host not found';
    if (typeof code === 'string') return code;
    if (c.message && c.message !== 'fetch failed') last = c.message;
  }
  return last;
}
