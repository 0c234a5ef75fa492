// app/api/svcpay/webhooks/route.ts: a Next.js App Router route handler for svcpay's webhooks.
import { verifyWebhook, type WebhookEnvelope } from 'svcpay/webhooks';

export const runtime = 'nodejs'; // verifyWebhook uses node:crypto

// Your own order code.
async function markPaid(event: WebhookEnvelope): Promise<void> {}

export async function POST(request: Request): Promise<Response> {
  const rawBody = await request.text(); // the body exactly as received, never request.json()
  let event: WebhookEnvelope;
  try {
    event = verifyWebhook({ rawBody, signature: request.headers.get('x-svc-signature'), secret: process.env.SVCPAY_WHSEC! });
  } catch {
    return new Response('invalid signature', { status: 400 });
  }
  if (!event.test_event && event.type === 'charge.succeeded') await markPaid(event);
  return new Response(null, { status: 200 });
}
