/**
 * `svcpay webhooks tail`: every webhook delivery of one merchant as the server records it (each
 * attempt: time, event type and id, endpoint, status), until Ctrl-C, like `stripe listen`.
 *
 * How: the server streams nothing (`GET /v1/webhook_listen` is 503 by Doc 1), but the sandbox
 * control API lists a subscription's deliveries with every attempt
 * (`GET /_sandbox/webhook_subscriptions/{id}/deliveries`). The tail polls that for each of the
 * merchant's subscriptions (`GET /v1/webhook_subscriptions`, with the secret key), and subscribes
 * a receiver of its own on loopback to every event while it runs, so a merchant with no endpoint
 * yet still sees its events delivered; it removes that subscription when it stops. The receiver
 * verifies every delivery with that subscription's secret, from the create answer, and refuses any
 * delivery it cannot verify, those that come before the secret included (issue 32, finding 10b).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { SandboxControlError, type SandboxDelivery, type SandboxDeliveryAttempt } from '../../embed/server/sandbox.ts';
import { EXIT, UsageError, expectWords, type CommandContext } from './args.ts';
import { merchantApi, startReceiver } from './tail-receiver.ts';

const POLL_MS = 400;
/** The merchant's endpoints are listed again this often, so one added meanwhile is tailed too. */
const RELIST_MS = 5_000;

interface Subscription {
  id: string;
  url: string;
}

export async function webhooksCommand({ args, io, control }: CommandContext): Promise<number> {
  const [action, ...words] = args.rest;
  if (action !== 'tail') throw new UsageError(action === undefined ? 'svcpay webhooks needs an action: `svcpay webhooks tail`' : `unknown webhooks action "${action}"; usage: svcpay webhooks tail`);
  expectWords('webhooks tail', words, 0, 'svcpay webhooks tail --secret-key <vp_sk_…>');
  if (!args.secretKey) throw new UsageError("svcpay webhooks tail needs the merchant's secret key: --secret-key vp_sk_test_… or SVCPAY_SECRET_KEY");
  const api = merchantApi(args.url, args.secretKey);
  const types = new Map<string, string>();
  const receiver = await startReceiver(
    (id, type) => types.set(id, type),
    (why) => io.err(`svcpay: warning: a delivery to the tail receiver ${why}; not shown as an event\n`),
  );
  const stopped = stopSignal();
  let own: Subscription & { secret?: string };
  try {
    own = await api.subscribe(receiver.url);
  } catch (err) {
    stopped.dispose();
    await receiver.close();
    throw err;
  }
  try {
    // Without the secret nothing could be verified: better no tail than one taking unsigned events.
    if (!own.secret) throw new Error(`svcpay: the server did not answer the tail's subscription (${own.id}) with its signing secret`);
    receiver.setSecret(own.secret);
    const typeOf = async (eventId: string) => {
      if (!types.has(eventId)) types.set(eventId, await api.event(eventId).then((e) => e.type, () => '?'));
      return types.get(eventId)!;
    };
    // What was delivered before the tail started is not news.
    const seen = new Set<string>();
    for (const s of await api.subscriptions()) for (const { attempt } of attemptsOf(await deliveriesOf(control, s.id))) seen.add(attempt.id);
    io.err(`svcpay: tailing webhook deliveries of ${args.url} (own receiver ${receiver.url}); Ctrl-C to stop\n`);
    let subscriptions: Subscription[] = [];
    let listedAt = -Infinity;
    while (!stopped.done) {
      if (Date.now() - listedAt >= RELIST_MS) {
        subscriptions = await api.subscriptions();
        listedAt = Date.now();
      }
      for (const s of subscriptions) {
        for (const { delivery, attempt } of attemptsOf(await deliveriesOf(control, s.id))) {
          if (seen.has(attempt.id)) continue;
          seen.add(attempt.id);
          io.out(line(args.json, { delivery, attempt, endpoint: s.url, type: await typeOf(delivery.eventId) }));
        }
      }
      await Promise.race([sleep(POLL_MS), stopped.promise]);
    }
    return EXIT.ok;
  } finally {
    stopped.dispose();
    // Best effort: a server gone away keeps the subscription (its description says whose it is).
    await api.unsubscribe(own.id).catch(() => undefined);
    await receiver.close();
  }
}

/** A subscription deleted meanwhile has no deliveries to show. */
async function deliveriesOf(control: CommandContext['control'], subscriptionId: string): Promise<SandboxDelivery[]> {
  try {
    return await control.webhooks.deliveries(subscriptionId);
  } catch (err) {
    if (err instanceof SandboxControlError && err.code === 'webhook_subscription_not_found') return [];
    throw err;
  }
}

/** Every attempt of the deliveries, oldest first. */
function attemptsOf(deliveries: SandboxDelivery[]) {
  return deliveries
    .flatMap((delivery) => delivery.attemptsLog.map((attempt) => ({ delivery, attempt })))
    .sort((a, b) => a.attempt.at.localeCompare(b.attempt.at) || a.attempt.number - b.attempt.number);
}

function line(json: boolean, x: { delivery: SandboxDelivery; attempt: SandboxDeliveryAttempt; endpoint: string; type: string }): string {
  const { delivery: d, attempt: a } = x;
  const delivered = a.status !== null && a.status >= 200 && a.status < 300;
  if (json) {
    return `${JSON.stringify({ at: a.at, type: x.type, event: d.eventId, delivery: d.id, subscription: d.subscriptionId, endpoint: x.endpoint, attempt: a.number, status: a.status, delivered, error: a.error, nextAttemptAt: a.nextAttemptAt })}\n`;
  }
  const outcome = delivered ? 'delivered' : `${a.error ?? 'not delivered'}${a.nextAttemptAt ? `; retry at ${a.nextAttemptAt}` : '; given up'}`;
  return `${a.at}  ${x.type.padEnd(24)} ${d.eventId}  -> ${x.endpoint}  ${a.status ?? '---'}  attempt ${a.number}  ${outcome}\n`;
}

/** Resolves on the first Ctrl-C (or SIGTERM); `dispose` gives the signals back. */
function stopSignal() {
  let resolve!: () => void;
  const state = { done: false, promise: new Promise<void>((r) => (resolve = r)), dispose: () => undefined as void };
  const stop = () => {
    state.done = true;
    resolve();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  state.dispose = () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  };
  return state;
}
