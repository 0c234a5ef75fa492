// server.ts: Hono makes the checkout session and takes svcpay's webhooks.
import { Hono } from 'hono';
import { createSvcPayClient } from 'svcpay/server';
import { verifyWebhook, type WebhookEnvelope } from 'svcpay/webhooks';

const svcpay = createSvcPayClient({ secretKey: process.env.SVCPAY_SECRET_KEY! }); // baseUrl: $SVCPAY_URL, else http://localhost:$PORT (4242)
const app = new Hono();

// Your own order code.
async function markPaid(event: WebhookEnvelope): Promise<void> {}

app.post('/checkout', async (c) => {
  const { orderId } = await c.req.json<{ orderId: string }>();
  const { data, error } = await svcpay.POST('/v1/sessions', {
    body: { amount: 2500, currency: 'usd', successUrl: 'https://shop.example/thanks', metadata: { order_id: orderId } },
    headers: { 'Idempotency-Key': `checkout-${orderId}` },
  });
  if (error) return c.json({ code: error.code }, 502);
  return c.redirect(data.checkoutUrl, 303);
});

app.post('/webhooks/svcpay', async (c) => {
  let event: WebhookEnvelope;
  try {
    event = verifyWebhook({ rawBody: await c.req.text(), signature: c.req.header('x-svc-signature'), secret: process.env.SVCPAY_WHSEC! });
  } catch {
    return c.text('invalid signature', 400);
  }
  if (!event.test_event && event.type === 'charge.succeeded') await markPaid(event);
  return c.body(null, 200);
});

export default app;
