/** Entry of the hosted checkout page (/pay/{sessionId}); boot data is written by the service. */
import { render } from 'preact';
import { completeCheckout, initCheckout, reportClientError } from '../src/client/checkout.ts';
import { getPublicSession } from '../src/client/public.ts';
import { loadCheckoutLocale } from '../src/locales/checkout.ts';
import { App } from './app.tsx';
import { readBoot } from './boot.ts';
import { createCheckout } from './checkout-store.ts';
import './styles.css';

const boot = readBoot(document.getElementById('svcpay-boot')?.textContent);
const checkout = createCheckout({
  boot,
  api: { getPublicSession, initCheckout, completeCheckout, reportClientError },
  origin: location.origin,
  assign: (url) => location.assign(url),
});

const root = document.getElementById('app');
// The first words ("Loading checkout…") are in the boot locale; the session is read meanwhile.
if (root) void loadCheckoutLocale(boot?.locale).then(() => render(<App checkout={checkout} />, root));
void checkout.start();
