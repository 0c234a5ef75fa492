/**
 * What a browser loads from the service: the hosted checkout page, the field and controller
 * frames, the embed script and the shared assets. Each page carries a CSP fitting its role
 * (ARCHITECTURE.md, trust zones): the hosted page may not be framed, frames may be framed by
 * any merchant page, and all of them talk only to the service.
 */
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../ids.ts';
import { csp, escapeJsonForHtml, inlineHashes, pageHeaders } from '../../../platform/page-headers.ts';
import { loadDist, readDist, sendDist, serveAsset } from '../../../platform/static.ts';
import { sessionIdShape } from '../../../vocab/keys.ts';
import type { Merchant } from '../../domain/index.ts';
import { providerHosts, type ProviderHosts } from './provider-hosts.ts';

const BUILD_MISSING = 'The browser bundles are not built. Run `npm run build` (npm start does it for you).';

export function pageRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();
  const { distDir, processorUrl } = deps.config;
  const processorOrigin = new URL(processorUrl).origin;
  /** Each provider's browser hosts, its sandbox stand-in on an origin of its own (issue 19). */
  const hosts = providerHosts(deps.config, deps.providers);
  const list = (hosts: string[]) => hosts.map((h) => ` ${h}`).join('');

  const hostedPolicyFor = (p: ProviderHosts | null) =>
    csp({
      'default-src': "'self'",
      'script-src': `'self'${list(p?.script ?? [])}`,
      'style-src': "'self' 'unsafe-inline'",
      'img-src': `'self' data:${list(p?.img ?? [])}`,
      'connect-src': `'self'${list(p?.connect ?? [])}`,
      // The processor's fields and bank-challenge pages; 'self' for the service's challenge-return
      // page, where the bank sends the challenge frame back (issue 10).
      'frame-src': `'self' ${processorOrigin}${list(p?.frame ?? [])}`,
      'frame-ancestors': "'none'",
      'base-uri': "'none'",
      'form-action': "'self'",
      'object-src': "'none'",
    });
  /** By the hosts allowed: a handful of policies, made once each. */
  const hostedPolicies = new Map<ProviderHosts | null, string>();
  const hostedPolicyOf = (merchant: Merchant | undefined) => {
    const allowed = hosts.of(merchant);
    let policy = hostedPolicies.get(allowed);
    if (!policy) hostedPolicies.set(allowed, (policy = hostedPolicyFor(allowed)));
    return policy;
  };
  /**
   * A frame page's CSP. The controller and element pages carry their script and style inline (one
   * round trip: issue 9, Speed), allowed by their hashes only; once a style hash is listed,
   * browsers ignore 'unsafe-inline' for styles, so those pages allow no other inline style either.
   */
  const framePolicy = (inline: { script: string[]; style: string[] }) =>
    csp({
      'default-src': "'self'",
      'script-src': ["'self'", ...inline.script].join(' '),
      'style-src': inline.style.length > 0 ? ["'self'", ...inline.style].join(' ') : "'self' 'unsafe-inline'",
      'img-src': "'self' data:",
      'connect-src': "'self'",
      // Merchant pages on any origin mount the fields; that is the product.
      'frame-ancestors': '*',
      'base-uri': "'none'",
      'form-action': "'none'",
      'object-src': "'none'",
    });
  /** Policies by file content hash: hashing the inline code once per build, not per request. */
  const framePolicies = new Map<string, string>();

  // The embedded checkout frame (mountCheckout) is a frame like the others that also frames the
  // processor's fields page, as the hosted page does. Which merchant it serves is in its hash, which
  // never reaches the service: it may run any provider's browser code (it loads only its merchant's).
  const any = hosts.all;
  const checkoutFramePolicy = csp({
    'default-src': "'self'",
    'script-src': `'self'${list(any.script)}`,
    'style-src': "'self' 'unsafe-inline'",
    'img-src': `'self' data:${list(any.img)}`,
    'connect-src': `'self'${list(any.connect)}`,
    // 'self': the challenge-return page, where a bank check shown in this frame sends the buyer back.
    'frame-src': `'self' ${processorOrigin}${list(any.frame)}`,
    'frame-ancestors': '*',
    'base-uri': "'none'",
    'form-action': "'none'",
    'object-src': "'none'",
  });

  // The template is held in memory (readDist) but the page goes out uncompressed: it is ~0.9 KB
  // with its boot tag (gzip would save ~0.45 KB, under one packet), and compressing the per-merchant
  // key next to the session id echoed from the URL is the length side channel BREACH exploits.
  r.get('/pay/:sessionId', async (c) => {
    const html = await readDist(distDir, 'app', 'hosted-page', 'index.html');
    if (!html) throw new DomainError('service_unavailable', BUILD_MISSING);
    const id = c.req.param('sessionId');
    const session = sessionIdShape.test(id) ? await deps.store.read.sessions.get(id) : undefined;
    const merchant = session && (await deps.store.read.merchants.get(session.merchantId));
    let publishableKey: string | null = null;
    if (session && merchant && merchant.status === 'active') {
      // The hosted page reads its session through the public API like any browser client, with
      // a publishable key of the session's mode minted for it once and kept.
      publishableKey = await hostedPageKey(deps, merchant.id, session.livemode);
    }
    const boot = { sessionId: id, publishableKey, locale: session?.locale ?? null };
    const tag = `<script type="application/json" id="svcpay-boot">${escapeJsonForHtml(boot)}</script>`;
    pageHeaders(c, hostedPolicyOf(merchant));
    // Issue 10: no window of another origin (an opener, or a page it opens) keeps a reference to
    // the checkout, and the buyer's next page learns only the service's origin, never the session.
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Referrer-Policy', 'strict-origin');
    return c.html(html.replace('<!--svcpay-boot-->', tag), publishableKey ? 200 : 404);
  });

  // The hosted page's former address, still the discovery document's `scripts.hosted.legacy_url`
  // (Doc 1, Discovery document): a link made with it reaches the page at its current address.
  r.get('/checkout/:sessionId', (c) => {
    const query = new URL(c.req.url).search;
    return c.redirect(`${deps.config.publicUrl}/pay/${encodeURIComponent(c.req.param('sessionId'))}${query}`, 301);
  });

  // The element frame pages are the registry's (src/vocab/elements.ts, elementPages): field,
  // address, wallet; checkout: the embed session's checkout frame; challenge-return: where the bank
  // sends the challenge frame back (embed/challenge.ts).
  r.get('/frames/:name{(controller|field|address|wallet|checkout|challenge-return)\\.html}', async (c) => {
    const name = c.req.param('name');
    const file = await loadDist(distDir, 'app', 'src', 'frames', name);
    if (!file) throw new DomainError('service_unavailable', BUILD_MISSING);
    if (name === 'checkout.html') {
      pageHeaders(c, checkoutFramePolicy);
      return sendDist(c, file);
    }
    let policy = framePolicies.get(file.hash);
    if (!policy) framePolicies.set(file.hash, (policy = framePolicy(inlineHashes(file.text))));
    pageHeaders(c, policy);
    // The controller and element pages are the same document for every mount (what a mount is
    // for is in the hash, which never reaches us), holding no buyer or merchant data: cached like
    // svcpay.js, so a page that mounts three split fields downloads the field page once, and a
    // reload none (issue 9, Speed). Short, so a fix reaches every merchant within minutes. The
    // challenge return page is where a bank sends the buyer back: not cached.
    if (name !== 'challenge-return.html') c.header('Cache-Control', 'public, max-age=300');
    return sendDist(c, file);
  });

  // svcpay.js, and the parts of it it loads on demand from here (embed/lazy.ts): same headers, so a
  // merchant CSP `script-src <service>` that runs the one runs the others.
  r.get('/js/v1/:name{svcpay(-checkout|-challenge|-confirm)?\\.js}', async (c) => {
    const file = await loadDist(distDir, 'embed', c.req.param('name'));
    if (!file) throw new DomainError('service_unavailable', BUILD_MISSING);
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    c.header('X-Content-Type-Options', 'nosniff');
    // Versioned path, unversioned content: short cache so fixes reach every merchant quickly.
    c.header('Cache-Control', 'public, max-age=300');
    return sendDist(c, file);
  });

  r.get('/favicon.ico', (c) => c.body(null, 204));
  r.get('/assets/:name', async (c) => (await serveAsset(c, distDir, c.req.param('name'))) ?? c.notFound());
  return r;
}

/** The publishable key the hosted page uses, stored per merchant and mode. */
async function hostedPageKey(deps: Deps, merchantId: string, livemode: boolean): Promise<string> {
  const name = `hosted_pk:${merchantId}:${livemode ? 'live' : 'test'}`;
  const existing = await deps.store.read.meta.get(name);
  if (existing && (await deps.store.read.merchants.findKey(existing))?.expiresAt === null) return existing;
  // Minted in one transaction that re-reads first: two first visits at once keep one key.
  return deps.store.tx(async (r) => {
    const again = await r.meta.get(name);
    if (again && (await r.merchants.findKey(again))?.expiresAt === null) return again;
    const key = newId.publishableKey(livemode);
    await r.merchants.addKey(key, merchantId, 'publishable', livemode, deps.clock.iso());
    await r.meta.set(name, key);
    return key;
  });
}
