/**
 * The command line, parsed once with `node:util` `parseArgs` (strict): every option any command
 * knows, then a check that each option given belongs to the command named. Anything else is a
 * `UsageError` (exit 2) whose message says what to type instead.
 */
import { parseArgs } from 'node:util';
import type { SandboxControl } from '../../embed/server/sandbox.ts';
import { DEFAULT_PORT, serviceAddress } from '../platform/service-url.ts';

/** Exit codes a script can rely on (docs/qa.md, "CLI"; `svcpay --help`). */
export const EXIT = { ok: 0, serverError: 1, usage: 2, unreachable: 3 } as const;

/** The default address of the reference server (Doc 3, "Name and addresses"), when no variable moves it. */
export const DEFAULT_URL = `http://localhost:${DEFAULT_PORT}`;

/** Where a command writes: the process's streams, or a test's. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

/** What each command that talks to a running server gets. */
export interface CommandContext {
  args: ParsedArgs;
  io: CliIo;
  control: SandboxControl;
}

/** A mistake on the command line: one line on stderr, exit 2. */
export class UsageError extends Error {}

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  url: { type: 'string' },
  'control-token': { type: 'string' },
  json: { type: 'boolean' },
  'payment-intent': { type: 'string' },
  transaction: { type: 'string' },
  environment: { type: 'string' },
  processor: { type: 'string' },
  'secret-key': { type: 'string' },
  'api-version': { type: 'string' },
} as const;

type OptionName = keyof typeof OPTIONS;

/** Options every command that talks to a running server takes. */
const SERVER = ['url', 'control-token', 'json'] as const satisfies readonly OptionName[];

/** The commands, each with the options it takes besides `--help` (`--version` only alone). */
export const COMMANDS = {
  start: [],
  processor: [],
  help: [],
  clock: SERVER,
  trigger: [...SERVER, 'payment-intent', 'transaction'],
  merchants: [...SERVER, 'environment', 'processor'],
  webhooks: [...SERVER, 'secret-key'],
  mcp: ['url', 'control-token', 'secret-key', 'api-version'],
} as const satisfies Record<string, readonly OptionName[]>;

export type Command = keyof typeof COMMANDS;

export interface ParsedArgs {
  command: Command;
  /** Words after the command (`advance 3d`, `dispute.created`). */
  rest: string[];
  help: boolean;
  version: boolean;
  json: boolean;
  url: string;
  controlToken: string | undefined;
  paymentIntent: string | undefined;
  transaction: string | undefined;
  environment: string | undefined;
  processor: string | undefined;
  secretKey: string | undefined;
  /** `Svc-Pay-Version` for the merchant API, as the Node SDK's `apiVersion` (Doc 1, Versioning 4). */
  apiVersion: string | undefined;
}

export const isCommand = (word: string): word is Command => Object.hasOwn(COMMANDS, word);

/** Turns `parseArgs`'s own messages into one line that names the fix. */
function parsed(args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const unknown = /Unknown option '([^']+)'/.exec(message);
    if (unknown) throw new UsageError(`unknown option ${unknown[1]}; run \`svcpay --help\` for the options`);
    const missing = /Option '([^']+)' argument missing/.exec(message);
    if (missing) throw new UsageError(`option ${missing[1]!.replace(/^-\w, /, '')} needs a value`);
    throw new UsageError(`${message.split('\n')[0]}; run \`svcpay --help\``);
  }
}

export function parseCommandLine(args: string[], env: NodeJS.ProcessEnv = process.env): ParsedArgs {
  const { values, positionals, tokens } = parsed(args);
  const [first, ...rest] = positionals;
  if (first !== undefined && !isCommand(first)) {
    throw new UsageError(`unknown command "${first}"; the commands are ${Object.keys(COMMANDS).join(', ')} (run \`svcpay --help\`)`);
  }
  // Doc 3 / docs/qa.md, "CLI": `npx svcpay` alone starts the server, as it always did.
  const command: Command = first ?? 'start';
  const allowed: readonly string[] = COMMANDS[command];
  for (const t of tokens) {
    if (t.kind !== 'option' || t.name === 'help') continue;
    if (t.name === 'version' && first === undefined) continue;
    if (!allowed.includes(t.name)) {
      throw new UsageError(`svcpay ${command} takes no ${t.rawName.startsWith('--') ? t.rawName : `--${t.name}`}; run \`svcpay help ${command}\` for its options`);
    }
  }
  // Issue 36: the same address the server announces for the same environment (PORT=7242 moves both).
  const address = values.url !== undefined ? { url: values.url, from: '--url' } : serviceAddress(env);
  const url = address.url;
  // Only a command that calls the server checks it; `svcpay start` leaves a bad PORT to the server's own check.
  if (allowed.includes('url') && (!/^https?:\/\/[^/\s]+/i.test(url) || !URL.canParse(url))) {
    const given = address.from === '--url' ? `--url ${url}` : address.from === 'PORT' ? `PORT=${env.PORT} (the service at ${url})` : `${address.from}=${url}`;
    throw new UsageError(`${given} is not an http(s) address; pass e.g. --url ${DEFAULT_URL}`);
  }
  return {
    command,
    rest,
    help: values.help ?? false,
    version: values.version ?? false,
    json: values.json ?? false,
    url: url.replace(/\/+$/, ''),
    controlToken: values['control-token'] ?? env.SVCPAY_CONTROL_TOKEN,
    paymentIntent: values['payment-intent'],
    transaction: values.transaction,
    environment: values.environment,
    processor: values.processor,
    secretKey: values['secret-key'] ?? env.SVCPAY_SECRET_KEY,
    apiVersion: values['api-version'] ?? env.SVCPAY_API_VERSION,
  };
}

/** The words a command expects after it, or a usage error naming them. */
export function expectWords(command: string, rest: string[], max: number, usage: string): void {
  if (rest.length > max) throw new UsageError(`unexpected "${rest[max]}" after svcpay ${command}; usage: ${usage}`);
}
