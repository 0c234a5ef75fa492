/**
 * What the two poll routes answer (Document 2, "Polling"): `{ status, order_number,
 * order_status_url }`, the last two only once `created`; on the direct route a `failed` one carries
 * `code` and `message`. `pending` while the order may still come (the payment not captured yet, or
 * the worker not done); `not_mirrored` when none will: no order described, `skip`, or a payment
 * that ended without capture (Document 3: a direct charge with no mirror block is `not_mirrored`).
 */
import type { MirrorOrderStatus } from '../../../api/mirror.ts';
import type { EngineDeps } from '../deps.ts';
import type { PaymentIntentRecord, SessionRecord } from '../../domain/index.ts';
import type { MirrorOrderRecord } from '../../domain/mirror.ts';
import { sealedIn } from '../sealed.ts';
import { sealedMirrorOf } from './store-orders.ts';
import { closedUnpaid } from './order-first/after-charge.ts';

type StatusDeps = Pick<EngineDeps, 'store' | 'sealer'>;

const NONE = { order_number: null, order_status_url: null };

async function view(deps: StatusDeps, o: MirrorOrderRecord, direct: boolean): Promise<MirrorOrderStatus> {
  if (o.state === 'created') {
    // A session's order made before its charge keeps the shopper's page with its purchase.
    const url = o.statusUrlSealed ? (deps.sealer.open(o.statusUrlSealed, sealedIn.storeOrderStatusUrl(o.id)) as string) : o.purchaseId ? await purchaseUrl(deps, o.purchaseId) : null;
    return { status: 'created', order_number: o.orderNumber, order_status_url: url };
  }
  if (o.state === 'failed' && direct) return { status: 'failed', ...NONE, code: o.code!, message: o.message ?? '' };
  return { status: o.state, ...NONE };
}

async function purchaseUrl(deps: StatusDeps, purchaseId: string): Promise<string | null> {
  const p = await deps.store.read.orderFirst.get(purchaseId);
  return p?.statusUrlSealed ? (deps.sealer.open(p.statusUrlSealed, sealedIn.orderFirstStatusUrl(p.id)) as string) : null;
}

/** A payment that will never be captured makes no store order. */
const ended = (p: PaymentIntentRecord) => p.status === 'failed' || p.status === 'voided';

/** `GET /v1/payment_intents/{id}/mirror-order` (the intent already read for the key). */
export async function intentMirrorStatus(deps: StatusDeps, intent: PaymentIntentRecord): Promise<MirrorOrderStatus> {
  const session = intent.sessionId ? await deps.store.read.sessions.get(intent.sessionId) : undefined;
  if (!sealedMirrorOf(intent, session)) return { status: 'not_mirrored', ...NONE };
  const o = await deps.store.read.mirrorOrders.get(intent.id);
  if (o) return view(deps, o, true);
  return { status: ended(intent) ? 'not_mirrored' : 'pending', ...NONE };
}

/** `GET /v1/public/sessions/{id}/mirror-order` (the session already read for the key). */
export async function sessionMirrorStatus(deps: StatusDeps, session: SessionRecord): Promise<MirrorOrderStatus> {
  if (!session.mirrorSealed) return { status: 'not_mirrored', ...NONE };
  const o = session.paymentIntentId ? await deps.store.read.mirrorOrders.get(session.paymentIntentId) : undefined;
  if (o) return view(deps, o, false);
  // Order before charge: the order made with the session is `created` before it is paid (that does
  // not mean the payment succeeded), and `failed` once released with the session closed unpaid.
  const p = session.orderFirstPurchaseId ? await deps.store.read.orderFirst.get(session.orderFirstPurchaseId) : undefined;
  if (p?.state === 'released') return { status: 'failed', ...NONE };
  if (p?.order) return { status: 'created', order_number: p.order.number, order_status_url: await purchaseUrl(deps, p.id) };
  // Closed without a captured payment: no order will come.
  return { status: closedUnpaid(session) ? 'not_mirrored' : 'pending', ...NONE };
}
