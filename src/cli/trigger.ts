/** `svcpay trigger <event>` (Doc 3: `POST /_sandbox/provider_events`), like `stripe trigger`. */
import { sandboxEventTypes, type SandboxEventType } from '../../embed/server/sandbox.ts';
import { EXIT, UsageError, expectWords, type CommandContext } from './args.ts';

const known = () => sandboxEventTypes.join(', ');
const isEvent = (word: string): word is SandboxEventType => (sandboxEventTypes as readonly string[]).includes(word);

export async function triggerCommand({ args, io, control }: CommandContext): Promise<number> {
  const [type, ...words] = args.rest;
  if (type === undefined) throw new UsageError(`svcpay trigger needs an event: ${known()}`);
  if (!isEvent(type)) throw new UsageError(`unknown event "${type}"; svcpay trigger knows ${known()}`);
  expectWords(`trigger ${type}`, words, 0, `svcpay trigger ${type} --payment-intent <id>`);
  const { paymentIntent, transaction } = args;
  if ((paymentIntent === undefined) === (transaction === undefined)) {
    throw new UsageError(`svcpay trigger ${type} needs the payment: --payment-intent <id> or --transaction <id> (one of them)`);
  }
  const target = paymentIntent !== undefined ? { paymentIntent } : { transaction: transaction! };
  const sent = await control.events.trigger(type, target);
  const about = paymentIntent !== undefined ? `payment intent ${paymentIntent}` : `transaction ${transaction}`;
  io.out(args.json ? `${JSON.stringify(sent)}\n` : `${type} sent for ${about}: provider event ${sent.id}, ${sent.delivered ? 'applied by the service' : 'not taken by the service yet (it is retried)'}\n`);
  return EXIT.ok;
}
