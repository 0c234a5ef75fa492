/**
 * Jobs on the service clock (ARCHITECTURE.md, jobs/). `runDue` is what the timer calls and what
 * `POST /_sandbox/clock` calls after moving time, so tests never wait on real time.
 */
import type { Deps } from '../context.ts';
import { sweepExpired } from '../engine/sessions/sessions.ts';
import { revokeFormsOfDueSessions } from '../engine/payments/forms/close-forms.ts';
import { pruneIdempotency } from '../middleware/idempotency.ts';
import { WINDOW_MS } from '../middleware/rate-limit.ts';
import { reconcile } from '../engine/payments/reconcile/reconcile.ts';
import { deliverDue, pickDue } from '../engine/webhooks/webhook-delivery.ts';
import { drainInbound } from '../engine/webhooks/inbound-events.ts';
import { oneAtATime } from '../serial.ts';
import { runStoreOrders } from '../engine/mirror/store-orders.ts';
import { runOrderFirst } from '../engine/mirror/order-first/after-charge.ts';

/** How long a browser error report (`POST /api/checkout/client-error`) is kept. */
export const CLIENT_ERRORS_KEPT_MS = 30 * 24 * 3600_000;

type JobDeps = Pick<Deps, 'store' | 'clock' | 'log' | 'providers' | 'processorFor' | 'ownProcessor' | 'signer' | 'sealer' | 'config' | 'webhookNet' | 'stores' | 'limiter'>;

export async function runDue(deps: JobDeps, opts: { reconcile?: boolean } = {}) {
  // The processor's own clock-driven work (settlements, async refunds, disputes) and its webhook
  // outbox: a real provider does this on its own timer; the sandbox one follows the service clock.
  const processor = deps.processorFor('sandbox');
  const provider = await processor?.runDue().catch((err: unknown) => {
    deps.log.warn('sandbox processor run failed', { error: err instanceof Error ? err.message : String(err) });
    return 0;
  });
  // Provider events kept but not applied yet (the route's own pass failed, or a crash came between).
  const inbound = await drainInbound(deps);
  if (inbound.retrying) deps.log.warn('provider events waiting to be applied', { ...inbound });
  // Then the attempts a lost answer or a closed tab left pending: their outcomes come before expiry.
  const reconciled = opts.reconcile === false ? null : await reconcileDue(deps);
  // Store orders of captured payments (issue 20), before the webhooks that announce them.
  const storeOrders = await runStoreOrders(deps);
  // Orders made before payment: paid at the store once captured, released when the payment ended without money.
  await runOrderFirst(deps);
  // Webhooks whose time came (first attempts and retries), after the outcomes they may report.
  const webhooks = await deliverDue(deps);
  if (webhooks.sent) deps.log.info('webhook deliveries', { ...webhooks });
  // Live forms of the sessions due are revoked first; one that could not be is left pending for the reconciler.
  const expired = await sweepExpired(deps, await revokeFormsOfDueSessions(deps));
  if (expired) deps.log.info('expiry sweep', { expired });
  // Doc 1: idempotency keys are kept 24 hours of service clock.
  const pruned = await pruneIdempotency(deps);
  // Browser error reports are kept 30 days of service clock (issue 18, finding 7).
  const reports = await deps.store.tx((r) => r.clientErrors.prune(new Date(deps.clock.nowMs() - CLIENT_ERRORS_KEPT_MS).toISOString()));
  // Rate-limit calls out of every window (issue 32, finding 7): a counter never hit again keeps none.
  // One window of grace: a call at the edge of a window being counted elsewhere is never taken from under it.
  const limits = await deps.limiter.prune(deps.clock.nowMs() - 2 * WINDOW_MS);
  return { provider, inbound, reconciled, storeOrders, webhooks, expired, pruned, reports, limits };
}

/** One reconciler pass within its time budget (SVCPAY_RECONCILE_BUDGET_MS). */
async function reconcileDue(deps: JobDeps) {
  const reconciled = await reconcile(deps, { budgetMs: deps.config.reconcileBudgetMs });
  if (reconciled.recorded || reconciled.failed) deps.log.info('reconciler', { ...reconciled });
  return reconciled;
}

/**
 * Real-time heartbeat; the sweep "runs periodically, not at the exact instant" (Doc 1). The
 * reconciler has a loop of its own: a processor slow to answer its look-ups never holds up the
 * expiry sweep, the webhook deliveries or the pruning.
 */
export function startScheduler(deps: JobDeps, everyMs = 15_000, reconcileEveryMs = 1_000) {
  const fail = (job: string) => (err: unknown) => deps.log.error(`scheduled ${job} failed`, { error: err instanceof Error ? err.message : String(err) });
  const jobs = oneAtATime(() => runDue(deps, { reconcile: false }).catch(fail('job')));
  const reconciler = oneAtATime(() => reconcileDue(deps).catch(fail('reconciler')));
  const timer = setInterval(() => void jobs(), everyMs);
  timer.unref();
  // Every second: an attempt whose outcome was lost is due two seconds after (attempts.ts), and a
  // pass with nothing due is one indexed read.
  // Store orders go out on the same beat: a buyer back on the merchant's page sees the order number within seconds.
  const storeOrders = oneAtATime(() =>
    runStoreOrders(deps)
      .catch(fail('store orders'))
      .then(() => runOrderFirst(deps).catch(fail('orders made before payment'))),
  );
  const reconcileTimer = setInterval(() => {
    void reconciler();
    void storeOrders();
  }, reconcileEveryMs);
  reconcileTimer.unref();
  // Webhooks go out right after the commit that wrote them (the store says when it commits), with
  // a quarter-second tick behind it for retries that came due and for any wake-up missed. A pass
  // only picks and starts: the next one runs while earlier sends wait for their answers, so a
  // slow endpoint holds up nobody else's deliveries (issue 32, finding 5); the end of a pass's
  // sends frees its lanes, and a pick follows at once.
  const failed = (err: unknown) => deps.log.error('webhook delivery failed', { error: err instanceof Error ? err.message : String(err) });
  let stopped = false;
  const sendNow = oneAtATime(() =>
    pickDue(deps).then(({ started, done }) => {
      if (started) void done.then(sendDue, (err: unknown) => (failed(err), sendDue()));
    }, failed),
  );
  const sendDue = () => void (stopped || sendNow());
  const webhooks = setInterval(sendDue, 250);
  webhooks.unref();
  const unsubscribe = deps.store.onCommit(sendDue);
  return () => {
    stopped = true;
    clearInterval(timer);
    clearInterval(reconcileTimer);
    clearInterval(webhooks);
    unsubscribe();
  };
}
