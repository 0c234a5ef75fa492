// server.ts: Express makes the checkout session and takes svcpay's webhooks.
import express from 'express';
import { createSvcPayClient } from 'svcpay/server';
import { verifyWebhook, type WebhookEnvelope } from 'svcpay/webhooks';

const svcpay = createSvcPayClient({ secretKey: process.env.SVCPAY_SECRET_KEY! }); // baseUrl: $SVCPAY_URL, else http://localhost:$PORT (4242)
const app = express();

// Your own order code.
async function markPaid(event: WebhookEnvelope): Promise<void> {}

// The buyer pays on the hosted page: make a session for the order, then redirect.
app.post('/checkout', express.json(), async (req, res) => {
  const orderId = String(req.body.orderId);
  const { data, error } = await svcpay.POST('/v1/sessions', {
    body: { amount: 2500, currency: 'usd', successUrl: 'https://shop.example/thanks', metadata: { order_id: orderId } },
    headers: { 'Idempotency-Key': `checkout-${orderId}` }, // a retry cannot make a second session
  });
  if (error) {
    res.status(502).json({ code: error.code }); // the envelope: code, error, fix, docs, selfHeal
    return;
  }
  res.redirect(303, data.checkoutUrl);
});

// Webhooks: the body exactly as received (a Buffer), never parsed JSON.
app.post('/webhooks/svcpay', express.raw({ type: 'application/json' }), async (req, res) => {
  let event: WebhookEnvelope;
  try {
    event = verifyWebhook({ rawBody: req.body, signature: req.headers['x-svc-signature'], secret: process.env.SVCPAY_WHSEC! });
  } catch {
    res.sendStatus(400); // not signed by svcpay, altered, or older than 300 s: do nothing
    return;
  }
  if (!event.test_event && event.type === 'charge.succeeded') await markPaid(event);
  res.sendStatus(200);
});

app.listen(3000);
