/** `svcpay merchants create` (Doc 3: `POST /_sandbox/merchants`): a sandbox merchant and its keys. */
import type { SandboxEnvironment, SandboxProcessorKind } from '../../embed/server/sandbox.ts';
import { processorKinds } from '../vocab/processor-kinds.ts';
import { EXIT, UsageError, expectWords, type CommandContext } from './args.ts';

const ENVIRONMENTS: readonly SandboxEnvironment[] = ['sandbox', 'live'];

export async function merchantsCommand({ args, io, control }: CommandContext): Promise<number> {
  const [action, ...words] = args.rest;
  if (action !== 'create') throw new UsageError(action === undefined ? 'svcpay merchants needs an action: `svcpay merchants create`' : `unknown merchants action "${action}"; usage: svcpay merchants create`);
  expectWords('merchants create', words, 0, 'svcpay merchants create [--environment sandbox|live] [--processor <kind>]');
  const { environment, processor } = args;
  if (environment !== undefined && !(ENVIRONMENTS as readonly string[]).includes(environment)) {
    throw new UsageError(`--environment ${environment} is not one of ${ENVIRONMENTS.join(', ')}`);
  }
  if (processor !== undefined && !(processorKinds as readonly string[]).includes(processor)) {
    throw new UsageError(`--processor ${processor} is not one of ${processorKinds.join(', ')}`);
  }
  const made = await control.merchants.create({
    ...(environment ? { environment: environment as SandboxEnvironment } : {}),
    ...(processor ? { processor: processor as SandboxProcessorKind } : {}),
  });
  const out = { id: made.id, environment: made.environment, keys: made.keys };
  const rows: [string, string][] = [
    ['merchant', out.id],
    ['environment', out.environment],
    ['secret key', out.keys.secret],
    ['publishable key', out.keys.publishable],
  ];
  io.out(args.json ? `${JSON.stringify(out)}\n` : `${rows.map(([k, v]) => `${k.padEnd(16)} ${v}`).join('\n')}\n`);
  return EXIT.ok;
}
