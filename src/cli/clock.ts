/** `svcpay clock [show]` and `svcpay clock advance <duration>` (Doc 3: `GET`/`POST /_sandbox/clock`). */
import { parseDuration } from '../../embed/server/sandbox.ts';
import { EXIT, UsageError, expectWords, type CommandContext } from './args.ts';

const USAGE = 'svcpay clock [show] | svcpay clock advance <duration>';

export async function clockCommand({ args, io, control }: CommandContext): Promise<number> {
  const [action = 'show', ...words] = args.rest;
  if (action === 'show') {
    expectWords('clock show', words, 0, USAGE);
    const clock = await control.clock.now();
    io.out(args.json ? `${JSON.stringify(clock)}\n` : `${clock.now}\n`);
    return EXIT.ok;
  }
  if (action !== 'advance') throw new UsageError(`unknown clock action "${action}"; usage: ${USAGE}`);
  const [duration] = words;
  if (duration === undefined) throw new UsageError('svcpay clock advance needs a duration, e.g. `svcpay clock advance 3d` (90s, 15m, 2h, 3d, 1w)');
  expectWords('clock advance', words, 1, USAGE);
  let seconds: number;
  try {
    seconds = parseDuration(duration);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const before = args.json ? undefined : await control.clock.now();
  const after = await control.clock.advance(seconds);
  io.out(args.json ? `${JSON.stringify({ ...after, advancedSeconds: seconds })}\n` : `service clock moved ${duration} (${seconds} s): ${before!.now} -> ${after.now}\n`);
  return EXIT.ok;
}
