/**
 * Internal checkout endpoints (Doc 1): no key, called only by the service's own hosted page and
 * frames (`Origin` checked). Not part of the merchant integration.
 */
import { createRoute } from '@hono/zod-openapi';
import { ClientErrorRequest, CompleteRequest, CompleteResponse, InitRequest, InitResponse, SaveBuyerDetailsRequest, SaveBuyerDetailsResponse } from '../../../api/checkout.ts';
import type { Deps } from '../../context.ts';
import { scrubCardData, scrubFields } from '../../log.ts';
import { limitBody } from '../../middleware/body-limit.ts';
import { sameOriginOnly } from '../../middleware/origin.ts';
import { LIMITS, clientIp, limitBeforeAuth, limitSessionCall, retryAfterSeconds, sessionOf, take, type Limit } from '../../middleware/rate-limit.ts';
import { whenWellFormed, type RouteRequest } from '../../middleware/well-formed.ts';
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { AppEnv } from '../../context.ts';
import { initCheckout, saveBuyerDetails } from '../../engine/payments/forms/init.ts';
import { completeCheckout } from '../../engine/payments/forms/complete.ts';
import { completeAnswer } from './wire.ts';
import { body, errorResponses, json, newRouter } from '../../router.ts';
import { firstUnstorable, unkept } from '../../middleware/storable.ts';
import { describeClientError } from './client-error.ts';
import { challengeReturnUrl } from '../public/index.ts';
import { ignoringModeFields } from '../../validation.ts';

/**
 * 422: `init` refuses a session whose provider could not save the card as it asks (Doc 2,
 * `buyer_required_for_saved_card`), and one that lacks buyer details it requires (issue 35,
 * `required_fields_missing`: the form is handed out once the page saved them); `complete` and the
 * buyer-details save refuse missing buyer details too.
 */
const formErrors = errorResponses(400, 403, 404, 409, 410, 422, 429, 502);

const initRequest = body(InitRequest);
const completeRequest = body(CompleteRequest);
const buyerRequest = body(SaveBuyerDetailsRequest);
/** Read outside the contract's routes, with the same rule as theirs (router.ts `body`). */
const ClientErrorBody = ignoringModeFields(ClientErrorRequest);

/** Doc 1: client-error body cap 4 KB. */
const CLIENT_ERROR_MAX = 4096;
/**
 * Issue 32, finding 6: reports stored from every address together in 24 hours of service clock.
 * With the bucket of 120 a minute over all addresses (BUCKETS.clientErrorsAll), at most about
 * 20 MB a day and 600 MB over the 30 days they are kept, however many addresses send them.
 */
export const CLIENT_ERRORS_PER_DAY = 5_000;
const DAY_MS = 24 * 3600_000;

export function checkoutRoutes(deps: Deps) {
  const r = newRouter();
  const origin = sameOriginOnly(deps.config.publicUrl);
  // Doc 3's checkout buckets (issue 18, finding 2): per address before anything, per session after
  // the origin check, only for a well-formed call (issue 32, finding 4) about a session that exists.
  const perSession = (limits: readonly Limit[], request: RouteRequest) =>
    whenWellFormed(
      request,
      createMiddleware<AppEnv>(async (c, next) => {
        const id = await sessionOf(c);
        if (await deps.store.read.sessions.get(id)) await limitSessionCall(c, deps, limits, id);
        await next();
      }),
    );
  const checkoutIp = limitBeforeAuth(deps, LIMITS.checkout);
  const buyerIp = limitBeforeAuth(deps, LIMITS.checkoutBuyer);

  r.openapi(
    createRoute({ method: 'post', path: '/api/checkout/init', summary: 'Hosted page: validate the session, move it to processing and get what mounts the processor fields (internal)', description: "Called by the hosted page only (origin-checked); merchants never call it. Hands back the session's live checkout form while it is unused and under 30 minutes old, else a fresh form with the older one revoked at the processor, so a reload or a second tab cannot break the buyer's form. The form charges at the provider, so none is handed out while the session lacks a buyer detail it requires: 422 `required_fields_missing` with `missing_fields` and `invalid_fields`, nothing written; the page saves the details (`POST /api/checkout/buyer-details`) and calls init again.", middleware: [checkoutIp, origin, perSession(LIMITS.checkout, initRequest)] as const, request: initRequest, responses: { 200: json(InitResponse), ...formErrors } }),
    // The hosted page is the one page on the service's origin: a bank challenge of its charge sends
    // the buyer back to the service's return page, which tells the hosted page (issue 10).
    async (c) => c.json(await initCheckout(deps, c.req.valid('json').sessionId, { returnUrl: challengeReturnUrl(deps.config.publicUrl, new URL(deps.config.publicUrl).origin) }), 200),
  );

  r.openapi(
    createRoute({ method: 'post', path: '/api/checkout/complete', summary: "Hosted page: verify the processor's transaction, settle the session and get the signed redirect (internal)", description: "Called by the hosted page only (origin-checked) once the buyer paid the processor: the transaction is verified with the processor and settles the session once, and the answer carries the signed return to `successUrl`. A payment is recorded from the provider's signed event even when this call never comes, so fulfil on the webhook.", middleware: [checkoutIp, origin, perSession(LIMITS.checkout, completeRequest)] as const, request: completeRequest, responses: { 200: json(CompleteResponse), ...formErrors } }),
    async (c) => {
      const { sessionId, transactionId, buyer, cancel } = c.req.valid('json');
      const returnUrl = challengeReturnUrl(deps.config.publicUrl, new URL(deps.config.publicUrl).origin);
      return c.json(completeAnswer(await completeCheckout(deps, sessionId, transactionId, buyer, cancel, returnUrl)), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/api/checkout/buyer-details',
      summary: "Hosted page: save what the buyer typed (email, name, phone, addresses) on the session before the card is charged (internal)",
      description:
        'Issue 22: the page saves the details first and charges only once they are saved, so a tab closed after the charge keeps them. A later save replaces the earlier one while the session is unpaid. Checked as `complete` checks them (422 `required_fields_missing` with `missing_fields` and `invalid_fields`; a value holding a card number is invalid). Phone and shipping address appear on the session as `buyerPhone` and `shippingAddress` (the address once it succeeded); email, name and billing address are stored sealed and never returned.',
      middleware: [buyerIp, origin, perSession(LIMITS.checkoutBuyer, buyerRequest)] as const,
      request: buyerRequest,
      responses: { 200: json(SaveBuyerDetailsResponse), ...formErrors },
    }),
    async (c) => {
      const { sessionId, buyer } = c.req.valid('json');
      await saveBuyerDetails(deps, sessionId, buyer);
      return c.json({ sessionId, saved: true as const }, 200);
    },
  );

  // Its own answer shapes ({ ok, error }), per Doc 1's table, not the envelope: described in the
  // contract (client-error.ts) and read by the handler itself, so a bad body gets that shape too.
  describeClientError(r);
  r.post(
    '/api/checkout/client-error',
    // Doc 3: 60 reports a minute per address, counted before anything else (issue 18, finding 7).
    async (c, next) => {
      const hit = await take(deps, 'clientErrorPerIp', clientIp(c));
      if (!hit || hit.allowed) return next();
      return refuse(c, retryAfterSeconds(hit), 'Too many error reports from this address; try again in a minute.');
    },
    origin,
    limitBody(CLIENT_ERROR_MAX, (c) => c.json({ ok: false, error: 'Payload too large: the limit is 4 KB.' }, 413)),
    async (c) => {
      let raw: unknown;
      try {
        raw = await c.req.json();
      } catch {
        return c.json({ ok: false, error: 'The body must be JSON.' }, 400);
      }
      const parsed = ClientErrorBody.safeParse(raw);
      if (!parsed.success) return c.json({ ok: false, error: parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ') }, 400);
      // Issue 37: text no store keeps is refused in the route's own shape, as any bad report is.
      const bad = firstUnstorable(parsed.data);
      if (bad) return c.json({ ok: false, error: unkept(bad) }, 400);
      const { sessionId, message, context } = parsed.data;
      // Issue 32, finding 6: a cap over every address, counted for well-formed reports only.
      const all = await take(deps, 'clientErrorsAll', 'all');
      if (all && !all.allowed) return refuse(c, retryAfterSeconds(all), 'Too many error reports right now; try again in a minute.');
      // Doc 3, Browser flows 4: reports never carry card data; scrub anyway so a bug can't store one.
      const safeMessage = scrubCardData(message);
      const safeContext = scrubFields(context ?? {});
      const since = new Date(deps.clock.nowMs() - DAY_MS).toISOString();
      const stored = await deps.store.tx(async (r) => {
        if ((await r.clientErrors.countSince(since)) >= CLIENT_ERRORS_PER_DAY) return false;
        await r.clientErrors.insert(sessionId ?? null, safeMessage, safeContext, deps.clock.iso());
        return true;
      });
      if (!stored) return refuse(c, 60, 'Too many error reports today; try again later.');
      deps.log.warn('client error', { sessionId: sessionId ?? null, message: safeMessage.slice(0, 200) });
      return c.json({ ok: true }, 200);
    },
  );
  return r;
}

/** The client-error route's 429, in its own `{ ok, error }` shape. */
function refuse(c: Context, retryAfter: number, error: string) {
  c.header('Retry-After', String(retryAfter));
  return c.json({ ok: false, error }, 429);
}

