/**
 * The demo shop's pages as HTML strings. Every interpolated value goes through `esc`; page script
 * lives in /public/*.js because the shop's CSP allows no inline script (a merchant page should run
 * under a strict CSP and svcpay must work there).
 */
import type { ApiFailure } from './svcpay-api.ts';
import { elementsWords, type ElementsLocale } from './elements-words.ts';

export const product = {
  name: 'Svc Tee',
  description: 'A soft cotton tee with the svcpay logo.',
  amount: 2500,
  currency: 'usd',
} as const;

export const priceLabel = formatAmount(product.amount, product.currency);

export function formatAmount(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (ch) => escapes[ch] ?? ch);
}

interface LayoutOptions {
  title: string;
  /** Already-escaped markup. */
  body: string;
  /** Script URLs, loaded in order (defer keeps the order and runs them after parsing). */
  scripts?: string[];
  /** The page's language and direction (the elements page speaks the language it shows). */
  lang?: string;
  dir?: 'ltr' | 'rtl';
  /** The elements' theme, which the page's own surface follows (styles in shop.css). */
  theme?: string;
}

function layout({ title, body, scripts = [], lang = 'en', dir = 'ltr', theme = 'default' }: LayoutOptions): string {
  const tags = scripts.map((src) => `<script defer src="${esc(src)}"></script>`).join('\n    ');
  return `<!doctype html>
<html lang="${esc(lang)}" dir="${esc(dir)}" data-theme="${esc(theme)}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${esc(title)} · Svc Shop</title>
    <link rel="stylesheet" href="/public/shop.css">
    ${tags}
  </head>
  <body>
    <header class="shop-header"><a href="/">Svc Shop</a> <span class="badge">demo merchant · test mode</span></header>
    <main>
${body}
    </main>
  </body>
</html>
`;
}

export function productPage(): string {
  return layout({
    title: product.name,
    body: `
      <article class="product">
        <h1>${esc(product.name)} — ${esc(priceLabel)}</h1>
        <p>${esc(product.description)}</p>
        <form method="post" action="/checkout/hosted">
          <button type="submit">Pay on the hosted page</button>
        </form>
        <p><a class="button" href="/checkout/elements">Pay on this page</a></p>
        <p><a href="/elements">Every svcpay element on one page</a> (card, split card, billing and shipping address, wallet), in any theme and language.</p>
        <p class="hint">Test mode: use the Visa test card ending in 4242, any future expiry and any CVC (see the README).</p>
      </article>`,
  });
}

export interface ElementsPageOptions {
  sessionId: string;
  publishableKey: string;
  publicServiceUrl: string;
}

export function elementsPage({ sessionId, publishableKey, publicServiceUrl }: ElementsPageOptions): string {
  return layout({
    title: 'Checkout',
    scripts: [`${publicServiceUrl}/js/v1/svcpay.js`, '/public/elements.js'],
    body: `
      <section class="checkout" id="checkout" data-session-id="${esc(sessionId)}" data-publishable-key="${esc(publishableKey)}">
        <h1>Pay for ${esc(product.name)}</h1>
        <p>${esc(product.name)} × 1 — ${esc(priceLabel)}</p>
        <div id="card" class="card-slot"></div>
        <p id="card-error" class="field-error"></p>
        <button type="button" id="pay" disabled>Pay ${esc(priceLabel)}</button>
        <p id="result" role="status" data-session-id="${esc(sessionId)}"></p>
        <p id="restart" hidden><a href="/checkout/elements">Start a new checkout</a></p>
        <p class="hint">Session <code>${esc(sessionId)}</code></p>
      </section>`,
  });
}

export interface AllElementsPageOptions extends ElementsPageOptions {
  theme: string;
  locale: ElementsLocale;
  themes: readonly string[];
  locales: readonly string[];
}

/**
 * Every element svcpay offers, mounted as a merchant would (issue 9: "the demo shop shows each
 * element"): the combined card with a billing address and the wallet button in one group, the
 * split card with a shipping address in another. `?theme=` and `?locale=` pick the appearance and
 * language, so the page doubles as an accessibility check of every element in every theme. The
 * page around the frames follows both (issue 36): its surface is the theme's, its words and
 * direction the language's, and the split fields, which draw no label of their own, get the page's.
 */
export function allElementsPage(o: AllElementsPageOptions): string {
  const w = elementsWords(o.locale);
  const links = (name: string, values: readonly string[], current: string) =>
    values.map((v) => (v === current ? `<strong aria-current="page">${esc(v)}</strong>` : `<a href="?${name}=${esc(v)}&amp;${name === 'theme' ? `locale=${esc(o.locale)}` : `theme=${esc(o.theme)}`}">${esc(v)}</a>`)).join(' · ');
  const split = (id: string, label: string) => `<p class="slot-label" id="${id}-label">${esc(label)}</p>
        <div id="${id}" class="card-slot card-slot--split" role="group" aria-labelledby="${id}-label"></div>`;
  return layout({
    title: w.title,
    lang: o.locale,
    dir: w.dir,
    theme: o.theme,
    scripts: [`${o.publicServiceUrl}/js/v1/svcpay.js`, '/public/all-elements.js'],
    body: `
      <section class="checkout" id="all-elements" data-session-id="${esc(o.sessionId)}" data-publishable-key="${esc(o.publishableKey)}" data-theme="${esc(o.theme)}" data-locale="${esc(o.locale)}" data-no-wallet="${esc(w.noWallet)}">
        <h1>${esc(w.title)}</h1>
        <nav aria-label="${esc(w.theme)}"><p>${esc(w.theme)}: ${links('theme', o.themes, o.theme)}</p></nav>
        <nav aria-label="${esc(w.language)}"><p>${esc(w.language)}: ${links('locale', o.locales, o.locale)}</p></nav>
        <h2>${esc(w.wallet)}</h2>
        <div id="wallet" class="card-slot"></div>
        <p id="wallet-state" class="hint"></p>
        <h2>${esc(w.card)}</h2>
        <div id="card" class="card-slot"></div>
        <h2>${esc(w.billing)}</h2>
        <div id="billing" class="card-slot"></div>
        <h2>${esc(w.splitCard)}</h2>
        ${split('card-number', w.cardNumber)}
        ${split('card-expiry', w.cardExpiry)}
        ${split('card-cvc', w.cardCvc)}
        <h2>${esc(w.shipping)}</h2>
        <div id="shipping" class="card-slot"></div>
        <h2>${esc(w.events)}</h2>
        <ol id="events" aria-label="${esc(w.events)}" dir="ltr"></ol>
      </section>`,
  });
}

export function successPage(sessionId: string | null, status: string | null, signed = false): string {
  const details = sessionId
    ? `<p>Checkout session <code data-testid="session-id">${esc(sessionId)}</code>${
        status ? ` — payment status <strong data-testid="payment-status">${esc(status)}</strong>` : ''
      }.</p>
        <p data-testid="return-signature">${signed ? 'Return signed by svcpay for this shop.' : 'This return carries no valid svcpay signature.'}</p>`
    : '';
  // Opened without a session (a bookmark, a typed address) there is no order to thank anyone for (issue 36).
  return layout({
    title: sessionId ? 'Thank you' : 'No order',
    body: `
      <section>
        <h1>${sessionId ? 'Thank you for your order' : 'No order to show'}</h1>
        ${details || '<p>This page confirms an order when a checkout returns here; it was opened without one.</p>'}
        <p><a href="/">Back to the shop</a></p>
      </section>`,
  });
}

export function errorPage(what: string, failure: ApiFailure): string {
  return layout({
    title: 'Checkout unavailable',
    body: `
      <section role="alert">
        <h1>Checkout could not start</h1>
        <p>${esc(what)}</p>
        <p>svcpay answered: ${esc(failure.message)} (<code>${esc(failure.code)}</code>${failure.status ? `, HTTP ${esc(failure.status)}` : ''}).</p>
        ${failure.fix ? `<p>Fix: ${esc(failure.fix)}</p>` : ''}
        <p><a href="/">Back to the shop</a></p>
      </section>`,
  });
}

export function notFoundPage(): string {
  return layout({ title: 'Not found', body: '<section><h1>Page not found</h1><p><a href="/">Back to the shop</a></p></section>' });
}

export function internalErrorPage(): string {
  return layout({
    title: 'Something went wrong',
    body: '<section role="alert"><h1>Something went wrong</h1><p>The shop hit an unexpected error. Try again.</p><p><a href="/">Back to the shop</a></p></section>',
  });
}
