/** Composes the middleware chain and the routes; nothing else (ARCHITECTURE.md). */
import type { Deps } from './context.ts';
import { DomainError } from './domain/errors.ts';
import { limitBody } from './middleware/body-limit.ts';
import { jsonOnly } from './middleware/content-type.ts';
import { controlGuard } from './middleware/control.ts';
import { notFound, onError } from './middleware/error-envelope.ts';
import { requestId } from './middleware/request-id.ts';
import { clientAddress } from './middleware/client-address.ts';
import { version } from './middleware/version.ts';
import { writeFreeze } from './middleware/write-freeze.ts';
import { newRouter } from './router.ts';
import { buyerRoutes } from './routes/buyers/index.ts';
import { capabilitiesRoutes } from './routes/capabilities/index.ts';
import { checkoutRoutes } from './routes/checkout/index.ts';
import { contractRoutes } from './routes/contract/index.ts';
import { descriptorRoutes } from './routes/descriptors/index.ts';
import { mirrorRoutes } from './routes/mirror/index.ts';
import { discoveryRoutes } from './routes/discovery/index.ts';
import { docsRoutes } from './routes/docs/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import { pageRoutes } from './routes/pages/index.ts';
import { checkoutAddressRoutes } from './routes/pages/checkout-address.ts';
import { publicRoutes } from './routes/public/index.ts';
import { sandboxRoutes } from './routes/sandbox/index.ts';
import { sessionRoutes } from './routes/sessions/index.ts';
import { streamRoutes } from './routes/streams/index.ts';
import { tokenRoutes } from './routes/tokens/index.ts';
import { refundRoutes } from './routes/refunds/index.ts';
import { paymentIntentRoutes } from './routes/payment-intents/index.ts';
import { providerWebhookRoutes } from './routes/provider-webhooks/index.ts';
import { webhookSubscriptionRoutes } from './routes/webhook-subscriptions/index.ts';
import { telemetryRoutes } from './routes/telemetry/index.ts';
import { walletDomainRoutes } from './routes/wallet-domains/index.ts';
import { walletRoutes } from './routes/wallets/index.ts';

/** Largest body any route takes; routes with a smaller cap (client-error) set their own. */
const MAX_BODY = 256 * 1024;

export function createApp(deps: Deps) {
  const app = newRouter();
  const docs = deps.config.publicUrl;
  app.use('*', requestId(deps.log));
  app.use('*', version());
  app.use('*', clientAddress(deps.config.trustedProxies));
  if (deps.config.control) app.use('/_sandbox/*', controlGuard(deps.config));
  // Before every layer that writes (rate-limit counters, Idempotency-Key reservations, the routes).
  app.use('*', writeFreeze(deps.writeFreeze));
  app.use(
    '*',
    limitBody(MAX_BODY, () => {
      throw new DomainError('payload_too_large');
    }),
  );
  app.use('*', jsonOnly());
  app.onError(onError(deps.log, docs));
  app.notFound(notFound(docs));

  app.route('/', healthRoutes(deps));
  app.route('/', discoveryRoutes(deps));
  app.route('/', sandboxRoutes(deps));
  app.route('/', sessionRoutes(deps));
  app.route('/', capabilitiesRoutes(deps));
  app.route('/', telemetryRoutes(deps));
  app.route('/', walletDomainRoutes(deps));
  app.route('/', tokenRoutes(deps));
  app.route('/', paymentIntentRoutes(deps));
  app.route('/', refundRoutes(deps));
  app.route('/', providerWebhookRoutes(deps));
  app.route('/', webhookSubscriptionRoutes(deps));
  app.route('/', buyerRoutes(deps));
  app.route('/', descriptorRoutes(deps));
  app.route('/', mirrorRoutes(deps));
  // Before publicRoutes: its `/v1/public/*` catch-all must stay last.
  app.route('/', streamRoutes(deps));
  app.route('/', walletRoutes(deps));
  app.route('/', publicRoutes(deps));
  app.route('/', checkoutRoutes(deps));
  app.route('/', pageRoutes(deps));
  app.route('/', checkoutAddressRoutes());
  app.route('/', docsRoutes(deps));

  app.route('/', contractRoutes(deps.config.publicUrl, app));
  return app;
}
