/** Composes the middleware chain and the routes; nothing else (ARCHITECTURE.md). */
import { bodyLimit } from 'hono/body-limit';
import type { Deps } from './context.ts';
import { ApiError } from './errors.ts';
import { jsonOnly } from './middleware/content-type.ts';
import { controlGuard } from './middleware/control.ts';
import { notFound, onError } from './middleware/error-envelope.ts';
import { requestId } from './middleware/request-id.ts';
import { API_VERSION, version } from './middleware/version.ts';
import { newRouter } from './router.ts';
import { checkoutRoutes } from './routes/checkout/index.ts';
import { discoveryRoutes } from './routes/discovery/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import { pageRoutes } from './routes/pages/index.ts';
import { publicRoutes } from './routes/public/index.ts';
import { sandboxRoutes } from './routes/sandbox/index.ts';
import { sessionRoutes } from './routes/sessions/index.ts';

/** Largest body any route takes; routes with a smaller cap (client-error) set their own. */
const MAX_BODY = 256 * 1024;

export function createApp(deps: Deps) {
  const app = newRouter();
  const docs = deps.config.publicUrl;
  app.use('*', requestId(deps.log));
  app.use('*', version());
  if (deps.config.control) app.use('/_sandbox/*', controlGuard(deps.config));
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY,
      onError: () => {
        throw new ApiError('payload_too_large');
      },
    }),
  );
  app.use('*', jsonOnly());
  app.onError(onError(deps.log, docs));
  app.notFound(notFound(docs));

  app.route('/', healthRoutes(deps));
  app.route('/', discoveryRoutes(deps));
  app.route('/', sandboxRoutes(deps));
  app.route('/', sessionRoutes(deps));
  app.route('/', publicRoutes(deps));
  app.route('/', checkoutRoutes(deps));
  app.route('/', pageRoutes(deps));

  app.doc31('/openapi.json', { openapi: '3.1.0', info: { title: 'svcpay', version: API_VERSION } });
  return app;
}
