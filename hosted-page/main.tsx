/** Entry of the hosted checkout page (/pay/{sessionId}); boot data is written by the service. */
import { render } from 'preact';
import { completeCheckout, initCheckout, reportClientError, saveBuyerDetails } from '../src/client/checkout.ts';
import { getPublicSession } from '../src/client/public.ts';
import { openChallenge } from '../embed/challenge.ts';
import { loadCheckoutLocale, t } from '../src/locales/checkout.ts';
import { applyDocumentLocale } from '../src/locales/index.ts';
import { App } from './app.tsx';
import { readBoot } from './boot.ts';
import { createCheckout } from '../src/checkout/checkout-store.ts';
import { pageLocale } from '../src/checkout/session-phase.ts';
import '../src/checkout/styles.css';
import './dark.css';

const boot = readBoot(document.getElementById('svcpay-boot')?.textContent);
const checkout = createCheckout({
  boot,
  api: { getPublicSession, initCheckout, completeCheckout, saveBuyerDetails, reportClientError },
  origin: location.origin,
  assign: (url) => location.assign(url),
  // The embed script's bank-challenge dialog (plain DOM, focus kept inside, Escape cancels), reused
  // as is: the bank page returns to the service's return page, on this page's origin.
  challenge(url, done) {
    const locale = checkout.locale.value;
    const texts = { label: t(locale, 'challenge.title'), cancel: t(locale, 'challenge.cancel') };
    openChallenge(url, texts, location.origin, document.activeElement, (outcome) => done(outcome));
  },
});

const root = document.getElementById('app');
// The first words ("Loading checkout…") are in the page's language, mirrored for Arabic and
// Hebrew; the session is read meanwhile.
const locale = pageLocale(boot?.locale);
applyDocumentLocale(document, locale);
if (root) void loadCheckoutLocale(locale).then(() => render(<App checkout={checkout} />, root));
void checkout.start();
